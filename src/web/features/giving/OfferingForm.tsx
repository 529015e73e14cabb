import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../components/Toasts.tsx';
import { BANKS, MOMO_PROVIDERS } from '../../../shared/constants.ts';
import type { ChurchInfo } from '../../../shared/schemas/church.ts';
import { plainCedis } from '../../../shared/format.ts';
import { MOMO_SHORTCODES, PAYMENT_METHOD_LABELS } from '../../../shared/giving.ts';
import type { GiftResult, Offering } from '../../../shared/schemas/giving.ts';
import type { ScheduleView } from '../../../shared/recurring.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';
import { ApiError } from '../../api.ts';
import {
  Field,
  formFields,
  placeServerErrors,
  type FormFields,
} from '../../components/form-fields.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { formDraft, readFormDraft, useFormDraft } from '../../use-draft.ts';
import { createGift } from './giving.api.ts';
import { BankDetails } from './BankDetails.tsx';
import { ChoiceField } from './ChoiceField.tsx';
import {
  AmountField,
  GiftDetailsFields,
  giftFields,
  MomoFields,
  useProfilePrefill,
} from './gift-fields.tsx';
import { GiftSavedModal } from './GiftSavedModal.tsx';
import { MomoPayment } from './MomoPayment.tsx';
import {
  emptyOffering,
  localGhanaPhone,
  offeringPayload,
  offeringResolver,
  type OfferingFormValues,
} from './offering-form.ts';
import { readWaitingGift, type MomoOffering, type WaitingGift } from './waiting-gift.ts';
import { m } from '../../../paraglide/messages.js';

/** Spec §9: toasts on the offerings screen close after 4 s. */
export const OFFERINGS_TOAST_MS = 4000;

/** What a reload keeps of the form (issue 48): all of it. */
const OFFERING_DRAFT = formDraft('offering', emptyOffering);

const METHODS = ['momo', 'card', 'bank', 'cash'] as const;

type Saved = { offering: Offering; result: Extract<GiftResult, { method: 'cash' | 'bank' }> };
type MomoStarted = {
  offering: MomoOffering;
  /**
   * Sent from the submit handler, never from an effect, so a gift cannot start twice; or the
   * gift this browser was waiting on before a reload.
   */
  start: { request: Promise<GiftResult>; startedAt: number } | WaitingGift;
};

interface OfferingFormProps {
  church: ChurchInfo;
  /** A member's profile fills in their names, assembly, phone and email. */
  profile: Profile | undefined;
  /** A recurring gift that is due (its reminder's link): the period's gift, filled in. */
  schedule?: ScheduleView | undefined;
}

/** /offerings (spec §2, §3, §5, §8): the giving form and what follows each payment method. */
export function OfferingForm({ church, profile, schedule }: OfferingFormProps) {
  const id = useId();
  const resolver = useMemo(
    () => offeringResolver(church.giving.maxAmount),
    [church.giving.maxAmount],
  );
  const [restored] = useState(() => readFormDraft(OFFERING_DRAFT));
  const form = useForm<OfferingFormValues, unknown, Offering>({
    resolver,
    defaultValues: restored ?? emptyOffering,
    // Leave fields of other methods alone when the member switches back and forth.
    shouldUnregister: false,
  });
  const {
    handleSubmit,
    reset,
    setValue,
    getValues,
    control,
    formState: { isSubmitting },
  } = form;
  const [type, method] = useWatch({ control, name: ['type', 'paymentMethod'] });
  const [saved, setSaved] = useState<Saved | null>(null);
  const [momo, setMomo] = useState<MomoStarted | null>(() => {
    const waiting = readWaitingGift();
    return waiting ? { offering: waiting.offering, start: waiting } : null;
  });

  useProfilePrefill(profile, church, form);
  const dropDraft = useFormDraft(OFFERING_DRAFT, useWatch({ control }) as OfferingFormValues);

  // The due gift of a recurring one, as it was set up (once it arrives).
  useEffect(() => {
    if (!schedule) return;
    const values: Partial<OfferingFormValues> = {
      type: schedule.type,
      otherType: schedule.otherType ?? '',
      assembly: schedule.assembly,
      paymentMethod: schedule.method,
      amount: plainCedis(schedule.amount),
      ...(schedule.phone ? { phone: localGhanaPhone(schedule.phone) } : {}),
      ...(schedule.network ? { provider: schedule.network } : {}),
    };
    for (const [name, value] of Object.entries(values) as [keyof OfferingFormValues, string][]) {
      setValue(name, value as never, { shouldDirty: true });
    }
  }, [schedule, setValue]);

  // Spec §5: cash is for tithe only; another type takes the cash choice away.
  useEffect(() => {
    if (type !== 'tithe' && method === 'cash') setValue('paymentMethod', '');
  }, [type, method, setValue]);

  const showServerErrors = (error: unknown) => placeServerErrors(error, form);

  const onSubmit = async (offering: Offering) => {
    // What the member typed goes to the server, which parses it with the same schema.
    const payload = offeringPayload(getValues());
    if (offering.paymentMethod === 'momo') {
      // The full-screen progress takes over and follows the request (and its reload).
      dropDraft();
      setMomo({ offering, start: { request: createGift(payload), startedAt: Date.now() } });
      return;
    }
    const failed: Record<typeof offering.paymentMethod, string> = {
      cash: m.shared_giving_cash_failed(),
      bank: m.shared_giving_bank_failed(),
      card: m.shared_giving_card_failed(),
    };
    try {
      const result = await createGift(payload);
      dropDraft();
      if (result.method === 'card') {
        // Spec §4: the browser goes to the provider's page; it comes back to the callback page.
        window.location.assign(result.authorizationUrl);
        await new Promise(() => {}); // keep the button busy while the page changes
        return;
      }
      if (result.method === 'cash' || result.method === 'bank') setSaved({ offering, result });
    } catch (error) {
      showServerErrors(error);
      const message =
        offering.paymentMethod === 'card' &&
        error instanceof ApiError &&
        error.code === 'CARD_NO_URL'
          ? m.shared_giving_card_no_url()
          : error instanceof ApiError && error.status === 400
            ? error.message
            : failed[offering.paymentMethod];
      toast.error(message, { autoClose: OFFERINGS_TOAST_MS });
    }
  };

  // Spec §4: the form resets after a cash or bank gift (keeping a member's own details).
  const resetForm = () => {
    const { firstName, lastName, assembly, phone, email } = getValues();
    reset({ ...emptyOffering, firstName, lastName, assembly, phone, email });
  };

  const fields = formFields(id, form);

  const testMode =
    (method === 'card' && church.giving.testMode.card) ||
    (method === 'momo' && church.giving.testMode.momo);
  const busyLabel = method === 'card' ? m.giving_card_opening() : m.common_saving();

  return (
    <>
      <form
        className="form offering-form"
        noValidate
        aria-label={m.giving_give()}
        onSubmit={submitUnlessBusy(isSubmitting, handleSubmit(onSubmit))}
      >
        <GiftDetailsFields fields={giftFields(fields)} church={church} type={type} />

        <ChoiceField
          form={fields}
          name="paymentMethod"
          legend={m.giving_payment_method()}
          choices={METHODS.map((value) => ({
            value,
            label: PAYMENT_METHOD_LABELS[value],
            disabled: value === 'cash' && type !== 'tithe',
          }))}
          hint={m.giving_cash_hint()}
        />

        {testMode && (
          <p className="test-mode-banner" role="note">
            {m.giving_test_mode()}
          </p>
        )}

        {method === 'momo' && (
          <MomoFields
            fields={giftFields(fields)}
            describedBy={`${id}-shortcodes`}
            after={
              <p id={`${id}-shortcodes`} className="shortcodes">
                {m.giving_shortcodes_intro()}{' '}
                {MOMO_PROVIDERS.map((value, index) => (
                  <span key={value}>
                    {index > 0 && ', '}
                    {value} <strong>{MOMO_SHORTCODES[value]}</strong>
                  </span>
                ))}
              </p>
            }
          />
        )}

        {method === 'card' && (
          <Field
            form={fields}
            name="email"
            label={m.giving_email()}
            type="email"
            autoComplete="email"
            inputMode="email"
            hint={m.giving_email_hint()}
          />
        )}

        {method === 'bank' && <BankChoice fields={fields} church={church} />}

        {method && <AmountField fields={giftFields(fields)} label={m.giving_amount_label()} />}

        <SubmitButton busy={isSubmitting} busyLabel={busyLabel}>
          {method === 'card' ? m.giving_card_continue() : m.giving_give()}
        </SubmitButton>
      </form>

      <GiftSavedModal
        saved={saved}
        onDone={() => {
          setSaved(null);
          resetForm();
        }}
      />
      {momo && (
        <MomoPayment
          offering={momo.offering}
          start={momo.start}
          onFailedToStart={(error) => {
            setMomo(null);
            showServerErrors(error);
            toast.error(m.shared_giving_momo_failed(), { autoClose: OFFERINGS_TOAST_MS });
          }}
          onTryAgain={() => setMomo(null)}
        />
      )}
    </>
  );
}

interface BankChoiceProps {
  fields: FormFields<OfferingFormValues, Offering>;
  church: ChurchInfo;
}

function BankChoice({ fields, church }: BankChoiceProps) {
  const bank = useWatch({ control: fields.control, name: 'bank' });
  return (
    <ChoiceField
      form={fields}
      name="bank"
      legend={m.giving_bank()}
      choices={BANKS.map((value) => ({ value, label: church.giving.banks[value].label }))}
      after={bank && <BankDetails details={church.giving.banks[bank]} />}
    />
  );
}
