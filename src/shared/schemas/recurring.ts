import { z } from 'zod';
import { MOMO_PROVIDERS } from '../constants.ts';
import { OFFERING_ERRORS } from '../offering.ts';
import { emailSchema } from './accounts.ts';
import { FREQUENCIES, LAST_MONTH_DAY, MOMO_DUE_ACTIONS, RECURRING_ERRORS } from '../recurring.ts';
import { amountSchema, detailsFields, momoPhoneSchema, requireOtherType } from './giving.ts';

// The recurring-gift form's schema (issue 33); its texts, types and calendar rule are in
// ../recurring.ts (no zod) and re-exported from here.
export * from '../recurring.ts';

const isoDate = (message: () => string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: message });

const ruleFields = {
  frequency: z.enum(FREQUENCIES, { error: () => RECURRING_ERRORS.frequency }),
  /** weekly: 0 (Sunday) … 6; monthly: 1 … 28 */
  day: z.coerce.number({ error: () => RECURRING_ERRORS.weekday }).int(),
  startOn: isoDate(() => RECURRING_ERRORS.startOn),
  endOn: z
    .union([isoDate(() => RECURRING_ERRORS.endBeforeStart), z.literal('')])
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
            provider: z.enum(MOMO_PROVIDERS, { error: () => OFFERING_ERRORS.provider }),
            onDue: z.enum(MOMO_DUE_ACTIONS, { error: () => RECURRING_ERRORS.onDue }),
          })
          .strict(),
        z.object({ ...base, method: z.literal('card'), email: emailSchema }).strict(),
      ],
      { error: () => RECURRING_ERRORS.method },
    )
    .superRefine((value, ctx) => {
      requireOtherType(value, ctx);
      const weekly = value.frequency === 'weekly';
      if (weekly ? value.day < 0 || value.day > 6 : value.day < 1 || value.day > LAST_MONTH_DAY) {
        ctx.addIssue({
          code: 'custom',
          path: ['day'],
          message: weekly ? RECURRING_ERRORS.weekday : RECURRING_ERRORS.monthDay,
        });
      }
      if (value.endOn && value.endOn <= value.startOn) {
        ctx.addIssue({ code: 'custom', path: ['endOn'], message: RECURRING_ERRORS.endBeforeStart });
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
