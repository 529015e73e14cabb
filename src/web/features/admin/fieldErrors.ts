import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api.ts';
import { messageOf } from '../accounts/accounts.api.ts';

/**
 * Puts the server's field messages next to the fields the form has; returns what is left to
 * say above the form (the server's message when no field took it).
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  fields: FieldPath<T>[],
  setError: UseFormSetError<T>,
): string | null {
  if (error instanceof ApiError && error.fields) {
    let placed = false;
    for (const [name, message] of Object.entries(error.fields)) {
      if ((fields as string[]).includes(name)) {
        setError(name as FieldPath<T>, { type: 'server', message }, { shouldFocus: !placed });
        placed = true;
      }
    }
    if (placed) return null;
  }
  return messageOf(error);
}
