// What a member has typed but not sent, kept in this browser (localStorage) so a refresh or a
// dropped connection loses nothing. Every draft key starts with DRAFT_PREFIX, so logging out
// forgets them all: a shared phone keeps nobody's ID number or address.

const DRAFT_PREFIX = 'flock.draft.';

export function readDraft<T>(name: string): T | null {
  try {
    const raw = window.localStorage.getItem(DRAFT_PREFIX + name);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeDraft(name: string, value: unknown) {
  try {
    window.localStorage.setItem(DRAFT_PREFIX + name, JSON.stringify(value));
  } catch {
    // storage full or blocked: the form still works, only the draft is not kept
  }
}

export function removeDraft(name: string) {
  try {
    window.localStorage.removeItem(DRAFT_PREFIX + name);
  } catch {
    // nothing to forget
  }
}

/** Forgets every draft in this browser (on logout). */
export function removeAllDrafts() {
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith(DRAFT_PREFIX)) window.localStorage.removeItem(key);
    }
  } catch {
    // nothing to forget
  }
}
