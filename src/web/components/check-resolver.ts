import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

// A react-hook-form resolver from a check written without zod (src/shared, kept in step with
// the server's schema by a test): the light forms load neither zod nor its resolver.

export type FormCheck<Input, Output> =
  | { ok: true; values: Output }
  | { ok: false; errors: Partial<Record<keyof Input & string, string>> };

export function checkResolver<Input extends FieldValues, Output extends FieldValues>(
  check: (values: Input) => FormCheck<Input, Output>,
): Resolver<Input, unknown, Output> {
  return (values) => {
    const result = check(values);
    if (result.ok) return { values: result.values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, message] of Object.entries(result.errors)) {
      if (typeof message === 'string') errors[name] = { type: 'validate', message };
    }
    return { values: {}, errors: errors as FieldErrors<Input> };
  };
}
