import type { FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';

// A react-hook-form resolver from a check written without zod (src/shared, kept in step with
// the server's schema by a test): the light forms load neither zod nor its resolver. A check
// may be async when part of it loads on demand (the phone number's: components/phone-check.ts).

export type FormCheck<Input, Output> =
  | { ok: true; values: Output }
  | { ok: false; errors: Partial<Record<keyof Input & string, string>> };

export function checkResolver<Input extends FieldValues, Output extends FieldValues>(
  check: (values: Input) => FormCheck<Input, Output> | Promise<FormCheck<Input, Output>>,
): Resolver<Input, unknown, Output> {
  const toResult = (result: FormCheck<Input, Output>): ResolverResult<Input, Output> => {
    if (result.ok) return { values: result.values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, message] of Object.entries(result.errors)) {
      if (typeof message === 'string') errors[name] = { type: 'validate', message };
    }
    return { values: {}, errors: errors as FieldErrors<Input> };
  };
  return (values) => {
    const result = check(values);
    return result instanceof Promise ? result.then(toResult) : toResult(result);
  };
}
