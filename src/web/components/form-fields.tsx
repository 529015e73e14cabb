import {
  get,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type UseFormSetError,
} from 'react-hook-form';
import { ApiError } from '../api.ts';
import { describedBy, FieldError } from './FieldError.tsx';

// Field wiring for react-hook-form forms. Apart from FieldError.tsx so that a screen without
// the form library (the login form) does not download it.

/**
 * The accessible wiring of one form's fields: each field `${formId}-${name}` is marked invalid
 * and described by its error (then any hints), shown by `fieldError(name)` under it.
 */
export function fieldA11y<T extends FieldValues>(formId: string, errors: FieldErrors<T>) {
  const errorId = (name: FieldPath<T>) => `${formId}-${name}-error`;
  const messageOf = (name: FieldPath<T>) =>
    (get(errors, name) as { message?: string } | undefined)?.message;
  return {
    fieldProps(name: FieldPath<T>, ...hints: (string | false | null | undefined)[]) {
      const message = messageOf(name);
      return {
        id: `${formId}-${name}`,
        'aria-invalid': message ? true : undefined,
        'aria-describedby': describedBy(message && errorId(name), ...hints),
      } as const;
    },
    fieldError: (name: FieldPath<T>) => <FieldError id={errorId(name)} message={messageOf(name)} />,
  };
}

/**
 * Puts the server's field messages (`{ error: { fields } }`) next to the form's own fields
 * and focuses the first; says whether any field took one.
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let placed = false;
  for (const [name, message] of Object.entries(error.fields)) {
    if ((fields as readonly string[]).includes(name)) {
      setError(name as FieldPath<T>, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}
