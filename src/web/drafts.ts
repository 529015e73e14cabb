import { useCallback, useEffect, useRef } from 'react';

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

/** Counts logouts: a draft waiting to be written from before one is dropped, not written. */
let forgotten = 0;

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

/**
 * Keeps `value` as the draft `name`: a moment (`delayMs`) after the last change, and at once
 * when the page is hidden or goes away (a reload, a closed tab, a switch to another app) or
 * the screen is left, so what was typed just before is not lost (issue 30). Returns `drop`,
 * which forgets the draft and anything still waiting to be written (once the form is sent).
 */
export function useDraft(name: string, value: unknown, delayMs = 250) {
  const waiting = useRef<{ name: string; value: unknown; forgotten: number } | null>(null);
  const write = useRef(() => {
    const draft = waiting.current;
    waiting.current = null;
    if (draft && draft.forgotten === forgotten) writeDraft(draft.name, draft.value);
  }).current;

  useEffect(() => {
    waiting.current = { name, value, forgotten };
    const timer = setTimeout(write, delayMs);
    return () => clearTimeout(timer);
  }, [name, value, delayMs, write]);

  useEffect(() => {
    const whenHidden = () => {
      if (document.visibilityState === 'hidden') write();
    };
    window.addEventListener('pagehide', write);
    document.addEventListener('visibilitychange', whenHidden);
    return () => {
      window.removeEventListener('pagehide', write);
      document.removeEventListener('visibilitychange', whenHidden);
      write();
    };
  }, [write]);

  return useCallback(() => {
    waiting.current = null;
    removeDraft(name);
  }, [name]);
}
