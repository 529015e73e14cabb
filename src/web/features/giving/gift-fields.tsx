import { useEffect, type ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { MOMO_PROVIDERS, OFFERING_TYPES } from '../../../shared/constants.ts';
import { offersAssembly, type ChurchInfo } from '../../../shared/schemas/church.ts';
import { OFFERING_TYPE_LABELS } from '../../../shared/giving.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';
import { Field, type FormFields } from '../../components/form-fields.tsx';
import { ChoiceField } from './ChoiceField.tsx';
import { localGhanaPhone, splitFullName } from './offering-form.ts';
import { m } from '../../../paraglide/messages.js';

// What the giving forms (a gift, a recurring gift) ask alike: who gives what for which
// assembly, the amount and the mobile-money number, drawn once; and the member's own details
// filled in.

/** The fields every giving form has, by these names. */
export interface GiftFieldValues {
  type: string;
  otherType: string;
  firstName: string;
  lastName: string;
  assembly: string;
  amount: string;
  phone: string;
  provider: string;
  email: string;
}

/** A giving form's `fields`, seen as the fields they share. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const giftFields = (fields: FormFields<any, any>) => fields as FormFields<GiftFieldValues>;

/** Type (and what 'other' is), first and last name, assembly. */
export function GiftDetailsFields(props: {
  fields: FormFields<GiftFieldValues>;
  church: ChurchInfo;
  type: string;
}) {
  const { fields, church } = props;
  return (
    <>
      <Field form={fields} name="type" label={m.giving_type()} as="select">
        <option value="">{m.giving_type_choose()}</option>
        {OFFERING_TYPES.map((value) => (
          <option key={value} value={value}>
            {OFFERING_TYPE_LABELS[value]}
          </option>
        ))}
      </Field>

      {props.type === 'other' && (
        <Field
          form={fields}
          name="otherType"
          label={m.giving_other_type()}
          type="text"
          maxLength={60}
        />
      )}

      <div className="field-pair">
        <Field
          form={fields}
          name="firstName"
          label={m.giving_first_name()}
          type="text"
          autoComplete="given-name"
        />
        <Field
          form={fields}
          name="lastName"
          label={m.giving_last_name()}
          type="text"
          autoComplete="family-name"
        />
      </div>

      <Field form={fields} name="assembly" label={m.giving_assembly()} as="select">
        <option value="">{m.giving_assembly_choose()}</option>
        {church.assemblies.map((assembly) => (
          <option key={assembly.slug} value={assembly.slug}>
            {assembly.label}
          </option>
        ))}
      </Field>
    </>
  );
}

/** The amount in GHS, with its prefix. */
export function AmountField({
  fields,
  label,
}: {
  fields: FormFields<GiftFieldValues>;
  label: string;
}) {
  return (
    <Field
      form={fields}
      name="amount"
      label={label}
      render={(control) => (
        <div className="amount-input">
          <span aria-hidden="true">GHS</span>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            {...control}
          />
        </div>
      )}
    />
  );
}

/**
 * The mobile-money number and network; `after` the network choice, what a form adds there (the
 * gift form: each network's short code, the choice described by it).
 */
export function MomoFields({
  fields,
  describedBy,
  after,
}: {
  fields: FormFields<GiftFieldValues>;
  describedBy?: string;
  after?: ReactNode;
}) {
  return (
    <>
      <Field
        form={fields}
        name="phone"
        label={m.giving_momo_number()}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="024 123 4567"
      />
      <ChoiceField
        form={fields}
        name="provider"
        legend={m.giving_network()}
        choices={MOMO_PROVIDERS.map((value) => ({ value, label: value }))}
        gridClassName="choice-grid choice-grid-3"
        describedBy={describedBy}
        after={after}
      />
    </>
  );
}

/**
 * A member's own details, filled in once they arrive, never over what they already typed
 * (now, or before a reload: the form's draft).
 */
export function useProfilePrefill(
  profile: Profile | undefined,
  church: ChurchInfo,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: Pick<UseFormReturn<any, any, any>, 'getFieldState' | 'getValues' | 'setValue'>,
) {
  const { getFieldState, getValues, setValue } = form;
  useEffect(() => {
    if (!profile) return;
    const { firstName, lastName } = splitFullName(profile.fullName);
    const prefill: Partial<GiftFieldValues> = {
      firstName,
      lastName,
      assembly: offersAssembly(church.assemblies, profile.assemblyName) ? profile.assemblyName : '',
      phone: localGhanaPhone(profile.phoneNumber),
      email: profile.email ?? '',
    };
    for (const [name, value] of Object.entries(prefill)) {
      if (value && !getFieldState(name).isDirty && !getValues(name)) setValue(name, value);
    }
  }, [profile, church.assemblies, getFieldState, getValues, setValue]);
}
