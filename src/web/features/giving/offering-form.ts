import type { Resolver } from 'react-hook-form';
import type { Bank, MomoProvider, OfferingType, PaymentMethod } from '../../../shared/constants.ts';
import { precheckMomoPhone } from '../../../shared/momo-phone-precheck.ts';
import { checkOffering } from '../../../shared/offering.ts';
import type { Offering, OfferingInput } from '../../../shared/schemas/giving.ts';

/** Every field the form can show; only those of the chosen method are sent. */
export interface OfferingFormValues {
  type: OfferingType | '';
  otherType: string;
  firstName: string;
  lastName: string;
  assembly: string;
  paymentMethod: PaymentMethod | '';
  amount: string;
  phone: string;
  provider: MomoProvider | '';
  email: string;
  bank: Bank | '';
}

export const emptyOffering: OfferingFormValues = {
  type: '',
  otherType: '',
  firstName: '',
  lastName: '',
  assembly: '',
  paymentMethod: '',
  amount: '',
  phone: '',
  provider: '',
  email: '',
  bank: '',
};

const methodFields = {
  momo: ['phone', 'provider'],
  card: ['email'],
  bank: ['bank'],
  cash: [],
} as const satisfies Record<PaymentMethod, readonly (keyof OfferingFormValues)[]>;

/** The request body: the details, the amount and the chosen method's own fields, nothing else. */
export function offeringPayload(values: OfferingFormValues): OfferingInput {
  const payload: Record<string, string> = {
    type: values.type,
    firstName: values.firstName,
    lastName: values.lastName,
    assembly: values.assembly,
    paymentMethod: values.paymentMethod,
    amount: values.amount,
  };
  if (values.type === 'other') payload.otherType = values.otherType;
  if (values.paymentMethod) {
    for (const field of methodFields[values.paymentMethod]) payload[field] = values[field];
  }
  // The schema decides whether the values are right; this only chooses which ones are sent.
  return payload as unknown as OfferingInput;
}

/**
 * Checks as the server's schema does (`checkOffering`, kept in step with `offeringSchema` by
 * shared/offering.test.ts). Before a method is picked the details are checked on their own and
 * the method is asked for. A mobile-money number gets a first look without the phone library
 * (`precheckMomoPhone`, never stricter than the server's `toMomoPhone`); the server reads it
 * and says on the field what the first look could not.
 */
export function offeringResolver(
  maxPesewas: number,
): Resolver<OfferingFormValues, unknown, Offering> {
  return (values) => {
    const result = checkOffering(
      offeringPayload(values) as Record<string, string>,
      maxPesewas,
      precheckMomoPhone,
    );
    if (result.ok) return { values: result.values as Offering, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, message] of Object.entries(result.errors)) {
      if (message) errors[name] = { type: 'validate', message };
    }
    return { values: {}, errors };
  };
}

/** '+233241234567' → '0241234567', the way members write their mobile-money number. */
export function localGhanaPhone(e164: string | null | undefined): string {
  return e164?.startsWith('+233') ? `0${e164.slice(4)}` : '';
}

/** The number a mobile-money request went to, as members write it (or as typed). */
export const momoPhoneText = (phone: string) => localGhanaPhone(phone) || phone;

/** 'Ama Serwaa Mensah' → first 'Ama', last 'Serwaa Mensah'. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}
