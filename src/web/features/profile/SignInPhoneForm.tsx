import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PHONE_ACCOUNT_MESSAGES, PHONE_CODE_PATTERN } from '../../../shared/phone-accounts.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';
import { messageOf } from '../../api.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { Field, formFields } from '../../components/form-fields.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { sendPhoneCode, verifyPhoneCode } from '../accounts/accounts.api.ts';
import { FlashMessage } from './FlashMessage.tsx';
import { profileQueryKey } from './profile.api.ts';
import { useFlashMessage } from './useFlashMessage.ts';

const resolver = checkResolver<{ code: string }, { code: string }>(({ code }) => {
  const trimmed = code.trim();
  return PHONE_CODE_PATTERN.test(trimmed)
    ? { ok: true, values: { code: trimmed } }
    : { ok: false, errors: { code: PHONE_ACCOUNT_MESSAGES.codeFormat } };
});

/**
 * The phone a member logs in with and USSD knows them by (issue 32): the profile's phone,
 * once an SMS code proved it theirs. Another number is chosen in the details above first.
 */
export function SignInPhoneForm({ profile }: { profile: Profile }) {
  const id = useId();
  const queryClient = useQueryClient();
  const phone = profile.phoneNumber;
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const { flash, show } = useFlashMessage();
  const form = useForm<{ code: string }>({ resolver, defaultValues: { code: '' } });

  const sendCode = async () => {
    if (!phone || busy) return;
    setBusy(true);
    try {
      await sendPhoneCode(phone);
      setSent(true);
      show(`${PHONE_ACCOUNT_MESSAGES.codeSent} ${profile.phoneDisplay ?? phone}.`, 'success');
    } catch (error) {
      show(messageOf(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  const verify = form.handleSubmit(async ({ code }) => {
    try {
      await verifyPhoneCode(phone!, code, true);
      setSent(false);
      form.reset();
      show(PHONE_ACCOUNT_MESSAGES.phoneVerified, 'success');
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    } catch (error) {
      show(messageOf(error), 'error');
    }
  });

  const verified = phone !== null && phone === profile.signInPhone;
  if (!phone) return <p>Add your phone number to your details first.</p>;
  return (
    <div className="form">
      <p>
        {verified
          ? `You can log in with ${profile.phoneDisplay ?? phone}, and USSD knows you when you dial from it.`
          : `Prove ${profile.phoneDisplay ?? phone} is yours by SMS code to log in with it and be known when you dial USSD.`}
      </p>
      {!verified &&
        (sent ? (
          <form
            className="form"
            noValidate
            onSubmit={submitUnlessBusy(form.formState.isSubmitting, verify)}
          >
            <Field
              form={formFields(id, form)}
              name="code"
              label="6-digit code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
            <SubmitButton busy={form.formState.isSubmitting} busyLabel="Checking...">
              Verify phone
            </SubmitButton>
          </form>
        ) : (
          <button
            type="button"
            className="button button-block"
            aria-disabled={busy || undefined}
            onClick={() => void sendCode()}
          >
            {busy ? 'Sending...' : 'Send code'}
          </button>
        ))}
      <FlashMessage id={`${id}-message`} flash={flash} />
    </div>
  );
}
