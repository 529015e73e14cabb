import { z } from 'zod';

// Support modal (spec §2, §5): all four fields are required.
export const supportRequestSchema = z
  .object({
    full_name: z
      .string({ error: 'Full name is required.' })
      .trim()
      .min(1, 'Full name is required.')
      .max(120, 'Full name must be at most 120 characters.'),
    email: z
      .string({ error: 'Email is required.' })
      .trim()
      .min(1, 'Email is required.')
      .max(254, 'Email must be at most 254 characters.')
      .pipe(z.email('Enter a valid email address.')),
    title: z
      .string({ error: 'Title is required.' })
      .trim()
      .min(1, 'Title is required.')
      .max(150, 'Title must be at most 150 characters.'),
    issue: z
      .string({ error: 'Please describe the issue.' })
      .trim()
      .min(1, 'Please describe the issue.')
      .max(5000, 'Issue must be at most 5000 characters.'),
  })
  .strict();

export type SupportRequestInput = z.input<typeof supportRequestSchema>;
export type SupportRequest = z.output<typeof supportRequestSchema>;

export const SUPPORT_MESSAGES = {
  success: 'Confirmation received! Our team will contact you via email in a moment.',
  failure: 'Failed to submit support request. Please try again.',
} as const;
