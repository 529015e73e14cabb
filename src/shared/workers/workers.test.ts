import { describe, expect, it } from 'vitest';
import { inTwi } from '../testing/in-twi.ts';
import { decisionSchema } from '../schemas/workers.ts';
import { checkField, displayAnswer } from './answers.ts';
import { checkRejection, DECISION_REASON_MAX } from './decision.ts';
import type { SectionDef } from './fields.ts';
import { DECLARATION, formFor, pastorTypeOptions } from './form.ts';
import { m } from '../../paraglide/messages.js';

describe("the reject dialog's check says what decisionSchema says", () => {
  it.each([
    '',
    '   ',
    'Not yet.',
    ' A reason with spaces around. ',
    'x'.repeat(DECISION_REASON_MAX + 1),
  ])('for the reason %j', (reason) => {
    const check = checkRejection({ reason });
    const schema = decisionSchema.safeParse({ status: 'rejected', reason });
    expect(check.ok).toBe(schema.success);
    if (check.ok && schema.success) expect(check.values.reason).toBe(schema.data.reason);
    if (!check.ok && !schema.success) {
      expect(check.errors.reason).toBe(schema.error.issues[0]!.message);
    }
  });
});

describe("the application form in the reader's language (decision 043)", () => {
  const fieldOf = (sections: readonly SectionDef[], name: string) =>
    sections.flatMap((s) => s.fields).find((f) => f.name === name)!;

  it('keeps the English of the product spec', () => {
    const form = formFor('pastor')!;
    expect(form.map((s) => s.title)).toEqual([
      'Personal Information',
      'Ministry Information',
      'Education',
      'Spiritual Background',
      'Supervisor',
      'Minister',
      'Appointment',
    ]);
    expect(fieldOf(form, 'pastor_type').options).toEqual([
      { value: 'lay', label: 'Lay pastor' },
      { value: 'full-time', label: 'Full-time pastor' },
    ]);
    expect(fieldOf(form, 'id_type').options?.[1]).toEqual({
      value: 'drivers_license',
      label: "Driver's licence",
    });
    expect(fieldOf(form, 'lts').label).toBe('Leadership Training School (LTS) levels completed');
    expect(m.shared_workers_declaration_label()).toBe('I agree to this declaration');
    expect(DECLARATION.statements[0]).toBe(
      'I offer this service voluntarily and understand that it is unpaid.',
    );
  });

  it('shows Twi labels to a Twi reader, with the same names and stored values', () => {
    const english = formFor('pastor')!;
    const twi = inTwi(() => formFor('pastor')!);
    expect(twi[0]!.title).toBe('Wo Ho Nsɛm');
    expect(fieldOf(twi, 'full_name').label).toBe('Din nyinaa');
    expect(fieldOf(twi, 'marital_status').options!.map((o) => o.label)).toEqual([
      'Ankonam',
      'Aware',
      'Kunafoɔ',
      'Aware agu',
    ]);
    expect(inTwi(() => pastorTypeOptions()).map((o) => o.label)).toEqual([
      'Ɔsɔfoɔ a ɔyɛ no ahofama so',
      'Ɔsɔfoɔ a ɔyɛ adwuma no bere nyinaa',
    ]);
    // What is stored never changes with the language.
    const shape = (sections: readonly SectionDef[]) =>
      sections.map((s) => [
        s.id,
        s.fields.map((f) => [f.name, f.kind, f.required, f.options?.map((o) => o.value)]),
      ]);
    expect(shape(twi)).toEqual(shape(english));
    expect(inTwi(() => DECLARATION.statements)).toHaveLength(DECLARATION.statements.length);
    expect(inTwi(() => m.shared_workers_declaration_label())).toBe('Mepene mpaemuka yi so');
    // The answers and the checks use the label of the reader's language too.
    expect(inTwi(() => displayAnswer(fieldOf(twi, 'gender'), 'female'))).toBe('Ɔbaa');
    expect(inTwi(() => checkField(fieldOf(twi, 'full_name'), ''))).toBe(
      'Yɛsrɛ wo, hyɛ "Din nyinaa" ma ansa na woakɔ so.',
    );
    expect(checkField(fieldOf(english, 'passport_photo'), 'x')).toBe(
      'Upload the passport photo again.',
    );
  });
});
