import { useEffect, useId, useMemo, useState } from 'react';
import {
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type FieldPath,
  type UseFormRegister,
} from 'react-hook-form';
import { toast } from '../../components/Toasts.tsx';
import { BANKS, MOMO_PROVIDERS, OFFERING_TYPES } from '../../../shared/constants.ts';
import type { ChurchInfo } from '../../../shared/schemas/church.ts';
import {
  GIVING_MESSAGES,
  MOMO_SHORTCODES,
  OFFERING_TYPE_LABELS,
  PAYMENT_METHOD_LABELS,
} from '../../../shared/giving.ts';
import type { GiftResult, Offering } from '../../../shared/schemas/giving.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';
import { ApiError } from '../../api.ts';
import { describedBy, FieldError } from '../../components/FieldError.tsx';
import { fieldA11y, placeServerErrors } from '../../components/form-fields.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { createGift } from './giving.api.ts';
import { BankDetails } from './BankDetails.tsx';
import { GiftSavedModal } from './GiftSavedModal.tsx';
import { MomoPayment } from './MomoPayment.tsx';
import {
  emptyOffering,
  localGhanaPhone,
  offeringPayload,
  offeringResolver,
  splitFullName,
  type OfferingFormValues,
} from './offering-form.ts';

/** Spec §9: toasts on the offerings screen close after 4 s. */
export const OFFERINGS_TOAST_MS = 4000;

const fieldNames = Object.keys(emptyOffering) as FieldPath<OfferingFormValues>[];

const METHODS = ['momo', 'card', 'bank', 'cash'] as const;

type Saved = { offering: Offering; result: Extract<GiftResult, { method: 'cash' | 'bank' }> };
type MomoStarted = {
  offering: Extract<Offering, { paymentMethod: 'momo' }>;
  /** Sent from the submit handler, never from an effect, so a gift cannot start twice. */
  request: Promise<GiftResult>;
  startedAt: number;
};

interface OfferingFormProps {
  church: ChurchInfo;
  /** A member's profile fills in their names, assembly, phone and email. */
  profile: Profile | undefined;
}

/** /offerings (spec §2, §3, §5, §8): the giving form and what follows each payment method. */
export function OfferingForm({ church, profile }: OfferingFormProps) {
  const id = useId();
  const resolver = useMemo(
    () => offeringResolver(church.giving.maxAmount),
    [church.giving.maxAmount],
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    getFieldState,
    control,
    formState: { errors, isSubmitting },
  } = useForm<OfferingFormValues, unknown, Offering>({
    resolver,
    defaultValues: emptyOffering,
    // Leave fields of other methods alone when the member switches back and forth.
    shouldUnregister: false,
  });
  const [type, method] = useWatch({ control, name: ['type', 'paymentMethod'] });
  const [saved, setSaved] = useState<Saved | null>(null);
  const [momo, setMomo] = useState<MomoStarted | null>(null);

  // A member's own details, filled in once they arrive, never over what they already typed.
  useEffect(() => {
    if (!profile) return;
    const { firstName, lastName } = splitFullName(profile.fullName);
    const prefill: Partial<OfferingFormValues> = {
      firstName,
      lastName,
      assembly: church.assemblies.some((a) => a.slug === profile.assemblyName)
        ? (profile.assemblyName ?? '')
        : '',
      phone: localGhanaPhone(profile.phoneNumber),
      email: profile.email,
    };
    for (const [name, value] of Object.entries(prefill) as [keyof OfferingFormValues, string][]) {
      if (value && !getFieldState(name).isDirty) setValue(name, value as never);
    }
  }, [profile, church.assemblies, getFieldState, setValue]);

  // Spec §5: cash is for tithe only; another type takes the cash choice away.
  useEffect(() => {
    if (type !== 'tithe' && method === 'cash') setValue('paymentMethod', '');
  }, [type, method, setValue]);

  const showServerErrors = (error: unknown) => placeServerErrors(error, fieldNames, setError);

  const onSubmit = async (offering: Offering) => {
    // What the member typed goes to the server, which parses it with the same schema.
    const payload = offeringPayload(getValues());
    if (offering.paymentMethod === 'momo') {
      // The full-screen progress takes over and follows the request.
      setMomo({ offering, request: createGift(payload), startedAt: Date.now() });
      return;
    }
    const failed: Record<typeof offering.paymentMethod, string> = {
      cash: GIVING_MESSAGES.cashFailed,
      bank: GIVING_MESSAGES.bankFailed,
      card: GIVING_MESSAGES.cardFailed,
    };
    try {
      const result = await createGift(payload);
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
          ? GIVING_MESSAGES.cardNoUrl
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

  const { fieldProps, fieldError } = fieldA11y(id, errors);

  const testMode =
    (method === 'card' && church.giving.testMode.card) ||
    (method === 'momo' && church.giving.testMode.momo);
  const busyLabel = method === 'card' ? 'Opening card payment...' : 'Saving...';

  return (
    <>
      <form
        className="form offering-form"
        noValidate
        aria-label="Give"
        onSubmit={submitUnlessBusy(isSubmitting, handleSubmit(onSubmit))}
      >
        <div className="field">
          <label htmlFor={`${id}-type`}>Type</label>
          <select {...fieldProps('type')} {...register('type')}>
            <option value="">--Select Type--</option>
            {OFFERING_TYPES.map((value) => (
              <option key={value} value={value}>
                {OFFERING_TYPE_LABELS[value]}
              </option>
            ))}
          </select>
          {fieldError('type')}
        </div>

        {type === 'other' && (
          <div className="field">
            <label htmlFor={`${id}-otherType`}>Please specify</label>
            <input
              type="text"
              maxLength={60}
              {...fieldProps('otherType')}
              {...register('otherType')}
            />
            {fieldError('otherType')}
          </div>
        )}

        <div className="field-pair">
          <div className="field">
            <label htmlFor={`${id}-firstName`}>First name</label>
            <input
              type="text"
              autoComplete="given-name"
              {...fieldProps('firstName')}
              {...register('firstName')}
            />
            {fieldError('firstName')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-lastName`}>Last name</label>
            <input
              type="text"
              autoComplete="family-name"
              {...fieldProps('lastName')}
              {...register('lastName')}
            />
            {fieldError('lastName')}
          </div>
        </div>

        <div className="field">
          <label htmlFor={`${id}-assembly`}>Assembly</label>
          <select {...fieldProps('assembly')} {...register('assembly')}>
            <option value="">--Select Assembly--</option>
            {church.assemblies.map((assembly) => (
              <option key={assembly.slug} value={assembly.slug}>
                {assembly.label}
              </option>
            ))}
          </select>
          {fieldError('assembly')}
        </div>

        <fieldset
          className="choice-field"
          aria-describedby={describedBy(
            `${id}-cash-hint`,
            errors.paymentMethod && `${id}-paymentMethod-error`,
          )}
        >
          <legend>Payment method</legend>
          <div className="choice-grid">
            {METHODS.map((value) => {
              const disabled = value === 'cash' && type !== 'tithe';
              return (
                <label key={value} className="choice" data-disabled={disabled || undefined}>
                  <input
                    type="radio"
                    value={value}
                    disabled={disabled}
                    aria-invalid={errors.paymentMethod ? true : undefined}
                    {...register('paymentMethod')}
                  />
                  <span>{PAYMENT_METHOD_LABELS[value]}</span>
                </label>
              );
            })}
          </div>
          <p id={`${id}-cash-hint`} className="field-hint muted">
            Cash is for tithe only.
          </p>
          {fieldError('paymentMethod')}
        </fieldset>

        {testMode && (
          <p className="test-mode-banner" role="note">
            Test mode — no real money
          </p>
        )}

        {method === 'momo' && (
          <>
            <div className="field">
              <label htmlFor={`${id}-phone`}>Mobile money number</label>
              <input
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                placeholder="024 123 4567"
                {...fieldProps('phone')}
                {...register('phone')}
              />
              {fieldError('phone')}
            </div>
            <fieldset
              className="choice-field"
              aria-describedby={describedBy(
                `${id}-shortcodes`,
                errors.provider && `${id}-provider-error`,
              )}
            >
              <legend>Network</legend>
              <div className="choice-grid choice-grid-3">
                {MOMO_PROVIDERS.map((value) => (
                  <label key={value} className="choice">
                    <input
                      type="radio"
                      value={value}
                      aria-invalid={errors.provider ? true : undefined}
                      {...register('provider')}
                    />
                    <span>{value}</span>
                  </label>
                ))}
              </div>
              {fieldError('provider')}
              <p id={`${id}-shortcodes`} className="shortcodes">
                To approve a payment, dial:{' '}
                {MOMO_PROVIDERS.map((value, index) => (
                  <span key={value}>
                    {index > 0 && ', '}
                    {value} <strong>{MOMO_SHORTCODES[value]}</strong>
                  </span>
                ))}
              </p>
            </fieldset>
          </>
        )}

        {method === 'card' && (
          <div className="field">
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              type="email"
              autoComplete="email"
              inputMode="email"
              {...fieldProps('email', `${id}-email-hint`)}
              {...register('email')}
            />
            <p id={`${id}-email-hint`} className="field-hint muted">
              Your receipt is sent here.
            </p>
            {fieldError('email')}
          </div>
        )}

        {method === 'bank' && (
          <BankChoice
            id={id}
            church={church}
            register={register}
            errors={errors}
            control={control}
          />
        )}

        {method && (
          <div className="field">
            <label htmlFor={`${id}-amount`}>Amount (GHS)</label>
            <div className="amount-input">
              <span aria-hidden="true">GHS</span>
              <input
                type="text"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                {...fieldProps('amount')}
                {...register('amount')}
              />
            </div>
            {fieldError('amount')}
          </div>
        )}

        <SubmitButton busy={isSubmitting} busyLabel={busyLabel}>
          {method === 'card' ? 'Continue to card payment' : 'Give'}
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
          request={momo.request}
          startedAt={momo.startedAt}
          onFailedToStart={(error) => {
            setMomo(null);
            showServerErrors(error);
            toast.error(GIVING_MESSAGES.momoFailed, { autoClose: OFFERINGS_TOAST_MS });
          }}
          onTryAgain={() => setMomo(null)}
        />
      )}
    </>
  );
}

interface BankChoiceProps {
  id: string;
  church: ChurchInfo;
  register: UseFormRegister<OfferingFormValues>;
  errors: FieldErrors<OfferingFormValues>;
  control: Control<OfferingFormValues, unknown, Offering>;
}

function BankChoice({ id, church, register, errors, control }: BankChoiceProps) {
  const bank = useWatch({ control, name: 'bank' });
  return (
    <fieldset
      className="choice-field"
      aria-describedby={describedBy(errors.bank && `${id}-bank-error`)}
    >
      <legend>Bank</legend>
      <div className="choice-grid">
        {BANKS.map((value) => (
          <label key={value} className="choice">
            <input
              type="radio"
              value={value}
              aria-invalid={errors.bank ? true : undefined}
              {...register('bank')}
            />
            <span>{church.giving.banks[value].label}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-bank-error`} message={errors.bank?.message} />
      {bank && <BankDetails details={church.giving.banks[bank]} />}
    </fieldset>
  );
}
