import { z } from 'zod';

// Fields that several features' schemas share (check-in, events, pledges). Apart from
// accounts.ts, which the web app's forms import: a schema made here costs them nothing.

/** Text a person must type (a title, a name), trimmed: `required` if empty, `tooLong` over max. */
export const requiredText = (required: () => string, max: number, tooLong: () => string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

/** Whom a check-in session, an event or a campaign is for: an assembly, or empty (null) for all. */
export const assemblyOrAllSchema = z
  .string()
  .trim()
  .max(60)
  .transform((v) => v || null)
  .nullable()
  .default(null);
