import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';

/** PUT /api/profile/language: the member's language (decision 043). */
export const languageSchema = z.object({ locale: z.enum(LANGUAGES) }).strict();
export type LanguageInput = z.infer<typeof languageSchema>;
