import { z } from 'zod';
import { MOMO_PROVIDERS } from '../constants.ts';
import { emailSchema } from './accounts.ts';
import { FREQUENCIES, LAST_MONTH_DAY, MOMO_DUE_ACTIONS, RECURRING_ERRORS } from '../recurring.ts';
import { amountSchema, detailsFields, momoPhoneSchema, requireOtherType } from './giving.ts';
import { m } from '../../paraglide/messages.js';

// The recurring-gift form's schema (issue 33); its texts, types and calendar rule are in
// ../recurring.ts (no zod) and re-exported from here.
export * from '../recurring.ts';

const isoDate = (message: () => string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: message });

const ruleFields = {
  frequency: z.enum(FREQUENCIES, { error: () => m.shared_recurring_frequency() }),
  /** weekly: 0 (Sunday) … 6; monthly: 1 … 28 */
  day: z.coerce.number({ error: () => m.shared_recurring_weekday() }).int(),
  startOn: isoDate(() => m.shared_recurring_start_on()),
  endOn: z
    .union([isoDate(() => m.shared_recurring_end_before_start()), z.literal('')])
    .optional()
    .transform((value) => value || null),
};

/** The recurring-gift form; the same schema in the browser and on the server. */
export function scheduleSchema(maxPesewas: number) {
  const base = { ...detailsFields, ...ruleFields, amount: amountSchema(maxPesewas) };
  return z
    .discriminatedUnion(
      'method',
      [
        z
          .object({
            ...base,
            method: z.literal('momo'),
            phone: momoPhoneSchema,
            provider: z.enum(MOMO_PROVIDERS, { error: () => m.shared_offering_provider() }),
            onDue: z.enum(MOMO_DUE_ACTIONS, { error: () => m.shared_recurring_on_due() }),
          })
          .strict(),
        z.object({ ...base, method: z.literal('card'), email: emailSchema }).strict(),
      ],
      { error: () => m.shared_recurring_method() },
    )
    .superRefine((value, ctx) => {
      requireOtherType(value, ctx);
      const weekly = value.frequency === 'weekly';
      if (weekly ? value.day < 0 || value.day > 6 : value.day < 1 || value.day > LAST_MONTH_DAY) {
        ctx.addIssue({
          code: 'custom',
          path: ['day'],
          message: weekly ? m.shared_recurring_weekday() : RECURRING_ERRORS.monthDay,
        });
      }
      if (value.endOn && value.endOn <= value.startOn) {
        ctx.addIssue({
          code: 'custom',
          path: ['endOn'],
          message: m.shared_recurring_end_before_start(),
        });
      }
    })
    .transform((value) => ({
      ...value,
      otherType: value.type === 'other' ? value.otherType! : null,
    }));
}

export type ScheduleInput = z.input<ReturnType<typeof scheduleSchema>>;
export type NewSchedule = z.output<ReturnType<typeof scheduleSchema>>;

export function scheduleAmountSchema(maxPesewas: number) {
  return z.object({ amount: amountSchema(maxPesewas) }).strict();
}
