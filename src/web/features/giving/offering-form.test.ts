import { describe, expect, it } from 'vitest';
import {
  emptyOffering,
  localGhanaPhone,
  offeringPayload,
  offeringResolver,
  splitFullName,
  type OfferingFormValues,
} from './offering-form.ts';

const filled: OfferingFormValues = {
  ...emptyOffering,
  type: 'tithe',
  firstName: 'Ama',
  lastName: 'Mensah',
  assembly: 'bethel',
  amount: '50',
  phone: '0241234567',
  provider: 'MTN',
  email: 'Ama@Example.com',
  bank: 'fidelity',
};

const resolve = (values: OfferingFormValues) =>
  offeringResolver(5_000_000)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('offering form', () => {
  it('sends only the fields of the chosen payment method', () => {
    expect(offeringPayload({ ...filled, paymentMethod: 'card' })).toEqual({
      type: 'tithe',
      firstName: 'Ama',
      lastName: 'Mensah',
      assembly: 'bethel',
      paymentMethod: 'card',
      amount: '50',
      email: 'Ama@Example.com',
    });
    expect(offeringPayload({ ...filled, paymentMethod: 'momo' })).toMatchObject({
      phone: '0241234567',
      provider: 'MTN',
    });
    expect(offeringPayload({ ...filled, paymentMethod: 'momo' })).not.toHaveProperty('bank');
    expect(offeringPayload({ ...filled, paymentMethod: 'cash' })).not.toHaveProperty('email');
  });

  it('sends otherType only when the type is other', () => {
    expect(
      offeringPayload({ ...filled, paymentMethod: 'cash', otherType: 'x' }),
    ).not.toHaveProperty('otherType');
    expect(
      offeringPayload({ ...filled, type: 'other', paymentMethod: 'bank', otherType: 'Harvest' }),
    ).toMatchObject({ otherType: 'Harvest' });
  });

  it('reports the details and asks for a method when none is picked', async () => {
    const result = await resolve({ ...emptyOffering, type: 'other' });
    expect(Object.keys(result.errors).sort()).toEqual(
      ['assembly', 'firstName', 'lastName', 'otherType', 'paymentMethod'].sort(),
    );
    expect(result.errors.paymentMethod?.message).toBe('Please choose a payment method.');
    expect(result.errors.otherType?.message).toBe('Please specify the type of giving.');
  });

  it('validates with the shared schema once a method is picked, in pesewas', async () => {
    const ok = await resolve({ ...filled, paymentMethod: 'cash', amount: '12.5' });
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({ paymentMethod: 'cash', amount: 1250 });

    const bad = await resolve({ ...filled, type: 'seed', paymentMethod: 'cash', amount: '1.234' });
    expect(bad.errors.amount?.message).toBe('Use at most 2 decimals (pesewas), e.g. 10.55.');

    const momo = await resolve({ ...filled, paymentMethod: 'momo', phone: '123', provider: '' });
    expect(momo.errors.phone?.message).toMatch(/valid Ghana mobile money number/);
    expect(momo.errors.provider?.message).toBe('Please choose your network.');
  });

  it('refuses cash for anything but tithe', async () => {
    const result = await resolve({ ...filled, type: 'offering', paymentMethod: 'cash' });
    expect(result.errors.paymentMethod?.message).toBe('Cash is only available for tithe.');
  });

  it('prefills from the profile', () => {
    expect(splitFullName('  Ama Serwaa  Mensah ')).toEqual({
      firstName: 'Ama',
      lastName: 'Serwaa Mensah',
    });
    expect(splitFullName('Kofi')).toEqual({ firstName: 'Kofi', lastName: '' });
    expect(localGhanaPhone('+233241234567')).toBe('0241234567');
    expect(localGhanaPhone('+2348031234567')).toBe('');
    expect(localGhanaPhone(null)).toBe('');
  });
});
