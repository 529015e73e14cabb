import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { m } from '../../../paraglide/messages.js';
import { PHONE_CODE_PATTERN } from '../../../shared/phone-accounts.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';
import { messageOf } from '../../api.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { Field, formFields } from '../../components/form-fields.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { sendPhoneCode, verifyPhoneCode } from '../accounts/index.ts';
import { FlashMessage } from './FlashMessage.tsx';
import { profileQueryKey } from './profile.api.ts';
import { useFlashMessage } from './useFlashMessage.ts';

const resolver = checkResolver<{ code: string }, { code: string }>(({ code }) => {
  const trimmed = code.trim();
  return PHONE_CODE_PATTERN.test(trimmed)
    ? { ok: true, values: { code: trimmed } }
    : { ok: false, errors: { code: m.shared_phone_accounts_code_format() } };
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
      show(`${m.shared_phone_accounts_code_sent()} ${profile.phoneDisplay ?? phone}.`, 'success');
    } catch (error) {
      show(messageOf(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  const verify = form.handleSubmit(async ({ code }) => {
    try {
      await verifyPhoneCode(phone!, code);
      setSent(false);
      form.reset();
      show(m.shared_phone_accounts_phone_verified(), 'success');
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    } catch (error) {
      show(messageOf(error), 'error');
    }
  });

  const verified = phone !== null && phone === profile.signInPhone;
  if (!phone) return <p>{m.profile_add_phone_first()}</p>;
  return (
    <div className="form">
      <p>
        {verified
          ? m.profile_phone_verified({ phone: profile.phoneDisplay ?? phone })
          : m.profile_phone_prove({ phone: profile.phoneDisplay ?? phone })}
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
              label={m.profile_code_label()}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
            <SubmitButton busy={form.formState.isSubmitting} busyLabel={m.profile_checking()}>
              {m.profile_verify_phone()}
            </SubmitButton>
          </form>
        ) : (
          <button
            type="button"
            className="button button-block"
            aria-disabled={busy || undefined}
            onClick={() => void sendCode()}
          >
            {busy ? m.profile_sending() : m.profile_send_code()}
          </button>
        ))}
      <FlashMessage id={`${id}-message`} flash={flash} />
    </div>
  );
}
