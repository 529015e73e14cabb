// What a member has typed but not sent, kept in this browser (localStorage) so a refresh or a
// dropped connection loses nothing. Every draft key starts with DRAFT_PREFIX, so logging out
// forgets them all: a shared phone keeps nobody's ID number or address. The logout's part is
// in every screen's code (the shell); the forms' hook is use-draft.ts, with the forms.

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

/** Counts logouts: a draft waiting to be written from before one is dropped, not written. */
let forgotten = 0;

/** How many times every draft was forgotten (use-draft.ts). */
export const forgottenTimes = () => forgotten;

/** Forgets every draft in this browser (on logout). */
export function removeAllDrafts() {
  forgotten += 1;
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith(DRAFT_PREFIX)) window.localStorage.removeItem(key);
    }
  } catch {
    // nothing to forget
  }
}
