import { useCallback, useEffect, useRef } from 'react';
import { forgottenTimes, removeDraft, writeDraft } from './drafts.ts';

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
    if (draft && draft.forgotten === forgottenTimes()) writeDraft(draft.name, draft.value);
  }).current;

  useEffect(() => {
    waiting.current = { name, value, forgotten: forgottenTimes() };
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
