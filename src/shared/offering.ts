import { m } from '../paraglide/messages.js';
import { checkEmail } from './email.ts';
import {
  BANKS,
  MOMO_PROVIDERS,
  OFFERING_TYPES,
  type Bank,
  type MomoProvider,
  type OfferingType,
  type PaymentMethod,
} from './constants.ts';
import { checkAmount } from './giving.ts';
import { signUpNameErrors } from './names.ts';

// The offering form's rules and texts, without zod or the phone library: /offerings is a
// member's main screen (decision 011). schemas/giving.ts builds the server's zod schema from
// the same texts; offering.test.ts keeps `checkOffering` and `offeringSchema` in step,
// including which mistakes stop the last two checks (zod's aborting issues: a choice not in
// its list, an amount or a number that cannot be read).

/** What `momoOtpSchema` decides: the code trimmed, or what is wrong with it. */
export function checkMomoOtp(otp: string): { otp: string } | { error: string } {
  const trimmed = otp.trim();
  return /^\d{4,8}$/.test(trimmed) ? { otp: trimmed } : { error: m.shared_offering_otp_format() };
}

export const NAME_MAX = 60;
/** The giver's name fields: the same words as sign-up's, at NAME_MAX. */
export const nameErrors = (field: 'firstName' | 'lastName') => signUpNameErrors(field, NAME_MAX);

/** What the form sends (every value a string; a method's own fields only with it). */
export type OfferingRequest = Partial<
  Record<
    | 'type'
    | 'otherType'
    | 'firstName'
    | 'lastName'
    | 'assembly'
    | 'paymentMethod'
    | 'amount'
    | 'phone'
    | 'provider'
    | 'email'
    | 'bank',
    string
  >
>;

interface OfferingBase {
  type: OfferingType;
  otherType: string | null;
  firstName: string;
  lastName: string;
  assembly: string;
  /** pesewas */
  amount: number;
}
export type CheckedOffering = OfferingBase &
  (
    | { paymentMethod: 'momo'; phone: string; provider: MomoProvider }
    | { paymentMethod: 'card'; email: string }
    | { paymentMethod: 'bank'; bank: Bank }
    | { paymentMethod: 'cash' }
  );

export type OfferingField = keyof OfferingRequest;
export type OfferingCheck =
  | { ok: true; values: CheckedOffering }
  | { ok: false; errors: Partial<Record<OfferingField, string>> };

const isOneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (list as readonly string[]).includes(value);

/**
 * What `offeringSchema(maxPesewas)` decides, with its messages; before a method is chosen,
 * what `offeringDetailsSchema` decides and 'Please choose a payment method.'. `momoPhone`
 * reads a mobile-money number (null when it is not one): the server's `toMomoPhone` (the
 * phone library), or in the browser `precheckMomoPhone`, which never refuses more.
 */
export function checkOffering(
  input: OfferingRequest,
  maxPesewas: number,
  momoPhone: (value: string) => string | null = () => null,
): OfferingCheck {
  const errors: Partial<Record<OfferingField, string>> = {};
  // zod stops before its final checks after these mistakes (see above).
  let aborted = false;

  const type = input.type ?? '';
  if (!isOneOf(OFFERING_TYPES, type)) {
    errors.type = m.shared_offering_type();
    aborted = true;
  }
  const otherType = input.otherType?.trim();
  if (otherType !== undefined && otherType.length > 60) {
    errors.otherType = m.shared_offering_other_type_too_long();
  }
  const trimmed: Partial<Record<'firstName' | 'lastName' | 'assembly', string>> = {};
  for (const field of ['firstName', 'lastName'] as const) {
    const value = (input[field] ?? '').trim();
    trimmed[field] = value;
    const texts = nameErrors(field);
    if (value.length === 0) errors[field] = texts.required;
    else if (value.length > NAME_MAX) errors[field] = texts.tooLong;
  }
  const assembly = (input.assembly ?? '').trim();
  if (assembly.length === 0 || assembly.length > 60)
    errors.assembly = m.shared_accounts_assembly_required();

  const method = input.paymentMethod ?? '';
  const refine = (extra: () => void) => {
    if (type === 'other' && !otherType) errors.otherType = m.shared_offering_other_type_missing();
    extra();
  };

  if (!method) {
    // The details on their own (the union has nothing to check against yet).
    if (!aborted) refine(() => {});
    errors.paymentMethod = m.shared_offering_method();
    return { ok: false, errors };
  }

  const amount = checkAmount(input.amount ?? '', maxPesewas);
  if (typeof amount === 'string') {
    errors.amount = amount;
    aborted = true;
  }

  let own: Record<string, string> = {};
  if (method === 'momo') {
    const phone = (input.phone ?? '').trim();
    if (phone.length === 0) errors.phone = m.shared_phone_required();
    else {
      const e164 = momoPhone(phone);
      if (e164 === null) {
        errors.phone = m.shared_offering_phone_invalid();
        aborted = true;
      } else own.phone = e164;
    }
    if (!isOneOf(MOMO_PROVIDERS, input.provider)) {
      errors.provider = m.shared_offering_provider();
      aborted = true;
    } else own.provider = input.provider;
  } else if (method === 'card') {
    const checked = checkEmail(input.email ?? '');
    if ('error' in checked) errors.email = checked.error;
    else own = { email: checked.email };
  } else if (method === 'bank') {
    if (!isOneOf(BANKS, input.bank)) {
      errors.bank = m.shared_offering_bank();
      aborted = true;
    } else own = { bank: input.bank };
  }

  if (!aborted) {
    refine(() => {
      if (method === 'cash' && type !== 'tithe') {
        errors.paymentMethod = m.shared_offering_cash_tithe_only();
      }
    });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const values = {
    type: type as OfferingType,
    firstName: trimmed.firstName!,
    lastName: trimmed.lastName!,
    assembly,
    amount: amount as number,
    paymentMethod: method as PaymentMethod,
    ...own,
    otherType: type === 'other' ? otherType! : null,
  } as CheckedOffering;
  return { ok: true, values };
}
