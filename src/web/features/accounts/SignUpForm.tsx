import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { m } from '../../../paraglide/messages.js';
import { checkEmail as checkEmailRules } from '../../../shared/email.ts';
import { formatCedis } from '../../../shared/format.ts';
import type { GuestGifts } from '../../../shared/schemas/giving.ts';
import { checkSignUp, type SignUpRequest } from '../../../shared/sign-up.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { Choice } from '../../components/Choice.tsx';
import { messageOf } from '../../api.ts';
import { Field, formFields, placeServerErrors } from '../../components/form-fields.tsx';
import { MessageModal } from '../../components/MessageModal.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { phoneValidator } from '../../components/phone-check.ts';
import { PhoneInput } from '../../components/PhoneInput.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { useChurch } from '../../core/useChurch.ts';
import {
  checkEmailAvailable,
  fetchGuestGifts,
  isEmailTakenError,
  signUp,
  type SignUpValues,
} from './accounts.api.ts';

/** What the server's `signUpSchema` decides (shared/sign-up.test.ts), the phone's metadata loaded. */
const resolver = checkResolver<SignUpRequest, SignUpValues>(async (values) =>
  checkSignUp(values, await phoneValidator(values.phone)),
);

interface SignUpFormProps {
  initialEmail: string;
  onEmailChange: (email: string) => void;
  /** 'Okay' on the success popup: back to login mode with this email. */
  onDone: (email: string) => void;
}

// Spec §4: unknown, then checking, then taken or available.
type Availability = 'unknown' | 'checking' | 'taken' | 'available';

const availabilityText = (): Record<Availability, string> => ({
  unknown: '',
  checking: m.shared_accounts_checking_email(),
  taken: m.shared_accounts_email_taken_short(),
  available: m.shared_accounts_email_available(),
});

type Popup = { kind: 'done'; email: string } | { kind: 'error'; message: string };

export function SignUpForm({ initialEmail, onEmailChange, onDone }: SignUpFormProps) {
  const id = useId();
  const { data: church } = useChurch();
  const [availability, setAvailability] = useState<Availability>('unknown');
  const [popup, setPopup] = useState<Popup | null>(null);
  const checkRef = useRef<AbortController | null>(null);
  // What this device gave as a guest: the new account may take it (issue 30, decision 029).
  const [guestGifts, setGuestGifts] = useState<GuestGifts | null>(null);
  const [attachGuestGifts, setAttachGuestGifts] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    void fetchGuestGifts(controller.signal).then((gifts) => {
      if (!controller.signal.aborted) setGuestGifts(gifts);
    });
    return () => controller.abort();
  }, []);
  const offerGuestGifts = guestGifts !== null && guestGifts.count > 0;

  const form = useForm<SignUpRequest, unknown, SignUpValues>({
    resolver,
    defaultValues: {
      firstName: '',
      lastName: '',
      phone: '',
      assembly: '',
      email: initialEmail,
      password: '',
    },
  });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;

  // Leaving sign-up mode (this form unmounts) forgets a check still on its way.
  useEffect(() => () => checkRef.current?.abort(), []);

  const checkEmail = async (raw: string) => {
    checkRef.current?.abort();
    const parsed = checkEmailRules(raw);
    if ('error' in parsed) {
      setAvailability('unknown');
      return;
    }
    const controller = new AbortController();
    checkRef.current = controller;
    setAvailability('checking');
    try {
      const available = await checkEmailAvailable(parsed.email, controller.signal);
      if (controller.signal.aborted) return;
      setAvailability(available === null ? 'unknown' : available ? 'available' : 'taken');
    } catch {
      // Aborted: a newer check or a mode switch replaced it.
    }
  };

  const onSubmit = async (values: SignUpValues) => {
    try {
      await signUp(offerGuestGifts ? { ...values, attachGuestGifts } : values);
    } catch (error) {
      if (isEmailTakenError(error)) {
        setAvailability('taken');
        setPopup({ kind: 'error', message: m.shared_accounts_email_taken() });
        return;
      }
      placeServerErrors(error, form);
      setPopup({ kind: 'error', message: messageOf(error) });
      return;
    }
    setPopup({ kind: 'done', email: values.email });
  };

  const fields = formFields(id, form);

  const taken = availability === 'taken';

  return (
    <>
      <form
        className="form"
        noValidate
        onSubmit={submitUnlessBusy(isSubmitting, handleSubmit(onSubmit))}
      >
        <div className="field-pair">
          <Field
            form={fields}
            name="firstName"
            label={m.accounts_first_name()}
            type="text"
            autoComplete="given-name"
          />
          <Field
            form={fields}
            name="lastName"
            label={m.accounts_last_name()}
            type="text"
            autoComplete="family-name"
          />
        </div>

        <Field
          form={fields}
          name="phone"
          label={m.accounts_signup_phone()}
          render={(control) => <PhoneInput {...control} />}
        />

        <Field form={fields} name="assembly" label={m.accounts_assembly()} as="select">
          <option value="">{m.accounts_select_assembly()}</option>
          {church?.assemblies.map((assembly) => (
            <option key={assembly.slug} value={assembly.slug}>
              {assembly.label}
            </option>
          ))}
        </Field>

        <Field
          form={fields}
          name="email"
          label={m.accounts_signup_email()}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          describedBy={`${id}-email-status`}
          options={{
            onChange: (event) => {
              checkRef.current?.abort();
              setAvailability('unknown');
              onEmailChange(event.target.value);
            },
            onBlur: (event) => void checkEmail(event.target.value),
          }}
          after={
            // Always present, so screen readers announce each new answer.
            <p
              id={`${id}-email-status`}
              role="status"
              className={`email-status email-status-${availability}`}
            >
              {availabilityText()[availability]}
            </p>
          }
        />

        <Field
          form={fields}
          name="password"
          label={m.accounts_signup_password()}
          render={(control) => <PasswordInput autoComplete="new-password" {...control} />}
        />

        {offerGuestGifts && (
          <Choice
            type="checkbox"
            className="guest-gifts-offer"
            checked={attachGuestGifts}
            onChange={(event) => setAttachGuestGifts(event.target.checked)}
            label={m.accounts_guest_gifts({
              count: guestGifts.count,
              amount: formatCedis(guestGifts.amount),
            })}
          />
        )}

        <SubmitButton
          busy={isSubmitting}
          busyLabel={m.accounts_signing_up()}
          disabled={taken}
          describedBy={taken ? `${id}-email-status` : undefined}
        >
          {m.accounts_signup_submit()}
        </SubmitButton>
      </form>

      <MessageModal
        message={
          popup === null
            ? null
            : popup.kind === 'done'
              ? m.shared_accounts_sign_up_done()
              : popup.message
        }
        tone={popup?.kind === 'done' ? 'success' : 'error'}
        onOkay={() => {
          setPopup(null);
          if (popup?.kind === 'done') onDone(popup.email);
        }}
      />
    </>
  );
}
