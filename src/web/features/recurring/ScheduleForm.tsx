import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { ChurchInfo } from '../../../shared/schemas/church.ts';
import { checkAmount } from '../../../shared/giving.ts';
import {
  dayOf,
  LAST_MONTH_DAY,
  weekdayNames,
  type ScheduleCreated,
} from '../../../shared/recurring.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';
import type { ScheduleInput } from '../../../shared/schemas/recurring.ts';
import { checkResolver, type FormCheck } from '../../components/check-resolver.ts';
import { Field, formFields, placeServerErrors } from '../../components/form-fields.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { toast } from '../../components/Toasts.tsx';
import { formDraft, readFormDraft, useFormDraft } from '../../use-draft.ts';
import { ApiError } from '../../api.ts';
import {
  AmountField,
  ChoiceField,
  GiftDetailsFields,
  giftFields,
  MomoFields,
  useProfilePrefill,
} from '../giving/index.ts';
import { createSchedule } from './recurring.api.ts';
import { m } from '../../../paraglide/messages.js';

export interface ScheduleFormValues {
  type: string;
  otherType: string;
  firstName: string;
  lastName: string;
  assembly: string;
  method: '' | 'card' | 'momo';
  amount: string;
  frequency: 'weekly' | 'monthly';
  day: string;
  startOn: string;
  endOn: string;
  phone: string;
  provider: string;
  onDue: '' | 'prompt' | 'reminder';
  email: string;
}

const today = () => dayOf(new Date());

const emptySchedule = (): ScheduleFormValues => ({
  type: '',
  otherType: '',
  firstName: '',
  lastName: '',
  assembly: '',
  method: '',
  amount: '',
  frequency: 'monthly',
  day: '1',
  startOn: today(),
  endOn: '',
  phone: '',
  provider: '',
  onDue: 'prompt',
  email: '',
});

/** What a reload keeps of the form (issue 48): all of it. */
const SCHEDULE_DRAFT = formDraft('recurring', emptySchedule());

/** The request body: the chosen method's own fields only; the server's schema decides the rest. */
function schedulePayload(values: ScheduleFormValues): ScheduleInput {
  const payload: Record<string, unknown> = {
    type: values.type,
    firstName: values.firstName,
    lastName: values.lastName,
    assembly: values.assembly,
    method: values.method,
    amount: values.amount,
    frequency: values.frequency,
    day: Number(values.day),
    startOn: values.method === 'card' ? today() : values.startOn,
    endOn: values.endOn,
  };
  if (values.type === 'other') payload.otherType = values.otherType;
  if (values.method === 'momo')
    Object.assign(payload, {
      phone: values.phone,
      provider: values.provider,
      onDue: values.onDue,
    });
  if (values.method === 'card') payload.email = values.email;
  return payload as unknown as ScheduleInput;
}

/** What the form can say before asking the server (which checks everything again). */
function checkSchedule(
  maxPesewas: number,
): (values: ScheduleFormValues) => FormCheck<ScheduleFormValues, ScheduleFormValues> {
  return (values) => {
    const errors: Partial<Record<keyof ScheduleFormValues, string>> = {};
    if (!values.type) errors.type = m.shared_offering_type();
    if (values.type === 'other' && !values.otherType.trim())
      errors.otherType = m.shared_offering_other_type_missing();
    if (!values.firstName.trim()) errors.firstName = m.recurring_first_name_required();
    if (!values.lastName.trim()) errors.lastName = m.recurring_last_name_required();
    if (!values.assembly) errors.assembly = m.shared_accounts_assembly_required();
    if (!values.method) errors.method = m.shared_recurring_method();
    const amount = checkAmount(values.amount, maxPesewas);
    if (typeof amount === 'string') errors.amount = amount;
    if (values.method === 'momo') {
      if (!values.phone.trim()) errors.phone = m.shared_phone_required();
      if (!values.provider) errors.provider = m.shared_offering_provider();
      if (!values.startOn) errors.startOn = m.shared_recurring_start_on();
      else if (values.startOn < today()) errors.startOn = m.shared_recurring_start_past();
    }
    if (values.method === 'card' && !values.email.trim())
      errors.email = m.recurring_email_required();
    const start = values.method === 'card' ? today() : values.startOn;
    if (values.endOn && values.endOn <= start) errors.endOn = m.shared_recurring_end_before_start();
    return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
  };
}

interface ScheduleFormProps {
  church: ChurchInfo;
  profile: Profile | undefined;
  /** A mobile-money schedule was made (a card one goes on to Paystack's checkout). */
  onCreated: (created: ScheduleCreated) => void;
}

/** A new recurring gift (issue 33): what, how often, from when, and by card or mobile money. */
export function ScheduleForm({ church, profile, onCreated }: ScheduleFormProps) {
  const id = useId();
  const resolver = useMemo(
    () => checkResolver(checkSchedule(church.giving.maxAmount)),
    [church.giving.maxAmount],
  );
  const [restored] = useState(() => readFormDraft(SCHEDULE_DRAFT));
  const form = useForm<ScheduleFormValues>({
    resolver,
    defaultValues: restored ?? emptySchedule(),
    shouldUnregister: false,
  });
  const {
    handleSubmit,
    getValues,
    setValue,
    control,
    formState: { isSubmitting },
  } = form;
  const [type, method, frequency] = useWatch({ control, name: ['type', 'method', 'frequency'] });

  useProfilePrefill(profile, church, form);
  const dropDraft = useFormDraft(SCHEDULE_DRAFT, useWatch({ control }) as ScheduleFormValues);

  // A weekly gift's day is a weekday (Sunday first), a monthly one's a date (1–28): when the
  // member switches (the day of a draft put back is kept).
  const shownFrequency = useRef(frequency);
  useEffect(() => {
    if (shownFrequency.current === frequency) return;
    shownFrequency.current = frequency;
    setValue('day', frequency === 'weekly' ? '0' : '1');
  }, [frequency, setValue]);

  const onSubmit = async () => {
    try {
      const created = await createSchedule(schedulePayload(getValues()));
      dropDraft();
      if (created.authorizationUrl) {
        // The first gift is paid at checkout; its success starts the recurring card gift.
        window.location.assign(created.authorizationUrl);
        await new Promise(() => {});
        return;
      }
      onCreated(created);
      form.reset({ ...emptySchedule(), ...pick(getValues()) });
    } catch (error) {
      placeServerErrors(error, form);
      toast.error(error instanceof ApiError ? error.message : m.recurring_save_failed());
    }
  };

  const fields = formFields(id, form);
  const testMode =
    (method === 'card' && church.giving.testMode.card) ||
    (method === 'momo' && church.giving.testMode.momo);

  return (
    <form
      className="form schedule-form"
      noValidate
      aria-label={m.recurring_new()}
      onSubmit={submitUnlessBusy(isSubmitting, handleSubmit(onSubmit))}
    >
      <GiftDetailsFields fields={giftFields(fields)} church={church} type={type} />
      <AmountField fields={giftFields(fields)} label={m.recurring_amount_each()} />

      <ChoiceField
        form={fields}
        name="frequency"
        legend={m.recurring_how_often()}
        choices={[
          { value: 'weekly', label: m.recurring_weekly() },
          { value: 'monthly', label: m.recurring_monthly() },
        ]}
      />
      <Field
        form={fields}
        name="day"
        label={frequency === 'weekly' ? m.recurring_weekday() : m.recurring_month_day()}
        as="select"
      >
        {frequency === 'weekly'
          ? weekdayNames().map((name, index) => (
              <option key={name} value={String(index)}>
                {name}
              </option>
            ))
          : Array.from({ length: LAST_MONTH_DAY }, (_, index) => (
              <option key={index} value={String(index + 1)}>
                {index + 1}
              </option>
            ))}
      </Field>

      <ChoiceField
        form={fields}
        name="method"
        legend={m.giving_payment_method()}
        choices={[
          { value: 'momo', label: m.recurring_momo() },
          { value: 'card', label: m.recurring_card() },
        ]}
      />
      {testMode && (
        <p className="test-mode-banner" role="note">
          {m.giving_test_mode()}
        </p>
      )}

      {method === 'momo' && (
        <>
          <MomoFields fields={giftFields(fields)} />
          <ChoiceField
            form={fields}
            name="onDue"
            legend={m.recurring_on_due()}
            choices={[
              { value: 'prompt', label: m.recurring_prompt() },
              { value: 'reminder', label: m.recurring_reminder() },
            ]}
            gridClassName="choice-grid choice-grid-1"
            hint={m.recurring_on_due_hint()}
          />
          <Field
            form={fields}
            name="startOn"
            label={m.recurring_start()}
            type="date"
            min={today()}
          />
        </>
      )}
      {method === 'card' && (
        <Field
          form={fields}
          name="email"
          label={m.giving_email()}
          type="email"
          autoComplete="email"
          inputMode="email"
          hint={m.recurring_card_hint()}
        />
      )}
      {method && (
        <Field form={fields} name="endOn" label={m.recurring_end()} type="date" min={today()} />
      )}

      <SubmitButton
        busy={isSubmitting}
        busyLabel={method === 'card' ? m.giving_card_opening() : m.common_saving()}
      >
        {method === 'card' ? m.giving_card_continue() : m.recurring_set_up()}
      </SubmitButton>
    </form>
  );
}

/** What stays after a schedule is made: the member's own details. */
const pick = ({ firstName, lastName, assembly, phone, email }: ScheduleFormValues) => ({
  firstName,
  lastName,
  assembly,
  phone,
  email,
});
