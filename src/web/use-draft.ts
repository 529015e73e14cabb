import { useCallback, useEffect, useMemo, useRef } from 'react';
import { forgottenTimes, readDraft, removeDraft, writeDraft } from './drafts.ts';

/**
 * Keeps `value` as the draft `name`: a moment (`delayMs`) after the last change, and at once
 * when the page is hidden or goes away (a reload, a closed tab, a switch to another app) or
 * the screen is left, so what was typed just before is not lost (issue 30); `null` forgets
 * it. Returns `drop`, which forgets the draft and anything still waiting to be written (once
 * the form is sent).
 */
export function useDraft(name: string, value: unknown, delayMs = 250) {
  const waiting = useRef<{ name: string; value: unknown; forgotten: number } | null>(null);
  const write = useRef(() => {
    const draft = waiting.current;
    waiting.current = null;
    if (draft && draft.forgotten === forgottenTimes()) writeDraft(draft.name, draft.value);
  }).current;

  useEffect(() => {
    // Nothing to keep (an empty form): no draft either.
    if (value === null) {
      waiting.current = null;
      removeDraft(name);
      return;
    }
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

/** A field a draft may keep: never one whose name says it is a password or a code. */
type Secret = `${string}${'password' | 'Password' | 'code' | 'Code'}${string}`;
export type KeptField<T> = Exclude<keyof T & string, Secret>;
const SECRET = /password|code/i;

/**
 * What a member fills in a form and a reload must not lose (issue 48): every form keeps its
 * draft with these three, the same way. A form names the fields it keeps; a password or a
 * code is never one of them (the type refuses it, and so does `formDraft`).
 */
export interface FormDraft<T extends object> {
  name: string;
  /** The form's values before anything is typed. */
  empty: T;
  fields: readonly KeptField<T>[];
}

/** The draft `name` of a form whose values are `empty` at first: `fields`, or all but secrets. */
export const formDraft = <T extends object>(
  name: string,
  empty: T,
  fields = Object.keys(empty) as KeptField<T>[],
): FormDraft<T> => ({ name: `form.${name}`, empty, fields: fields.filter((f) => !SECRET.test(f)) });

const keptOf = <T extends object>(draft: FormDraft<T>, values: T) =>
  Object.fromEntries(draft.fields.map((field) => [field, values[field]]));

/**
 * The form's first values: the empty form with the kept fields put back (each only when it
 * has the type the form gives it); null when nothing was kept.
 */
export function readFormDraft<T extends object>(draft: FormDraft<T>): T | null {
  const kept = readDraft<Record<string, unknown>>(draft.name);
  if (!kept || typeof kept !== 'object') return null;
  const values = { ...draft.empty };
  for (const field of draft.fields) {
    if (typeof kept[field] === typeof draft.empty[field]) {
      values[field] = kept[field] as T[typeof field];
    }
  }
  return values;
}

/** Forgets a form's draft where its form is not on the screen (one there: its `drop`). */
export const forgetFormDraft = (draft: { name: string }) => removeDraft(draft.name);

/**
 * Keeps the form's fields as they change (`values`: the form's values now), and forgets them
 * when the form is back to empty. Returns what forgets the draft (once the form is sent).
 */
export function useFormDraft<T extends object>(draft: FormDraft<T>, values: T) {
  const text = JSON.stringify(keptOf(draft, values));
  const empty = text === JSON.stringify(keptOf(draft, draft.empty));
  // One object per change of what is kept, not per render.
  const kept = useMemo(() => (empty ? null : (JSON.parse(text) as unknown)), [text, empty]);
  return useDraft(draft.name, kept);
}
