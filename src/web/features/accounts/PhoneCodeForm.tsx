import { useId, useState } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { checkNewPassword } from '../../../shared/accounts.ts';
import { PHONE_CODE_PATTERN } from '../../../shared/phone-accounts.ts';
import { messageOf } from '../../api.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { Field, formFields, placeServerErrors } from '../../components/form-fields.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import {
  requestPhoneReset,
  resendPhoneSignUpCode,
  resetPasswordByPhone,
  verifyPhoneSignUp,
} from './accounts.api.ts';
import { enterApp } from './enter-app.ts';

// The code /auth/phone asks for (issue 32): it proves a sign-up's number, or sets a new
// password; what the phone screens' forms share (PhoneAuthPage.tsx). A code is never kept
// in a draft.

/** The number waiting for a code, and what the code is for (a sign-up: which one). */
export type Waiting =
  { phone: string; purpose: 'reset' } | { phone: string; purpose: 'verify'; signUp: string };

/** The form's onSubmit with its failure shown above the button (and server field errors placed). */
export function useSubmit<T extends FieldValues, V>(
  form: UseFormReturn<T, unknown, V>,
  run: (values: V) => Promise<void>,
) {
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = submitUnlessBusy(
    form.formState.isSubmitting,
    form.handleSubmit(async (values) => {
      setFailure(null);
      try {
        await run(values);
      } catch (error) {
        placeServerErrors(error, form);
        setFailure(messageOf(error));
      }
    }),
  );
  const alert = failure && (
    <p role="alert" className="form-alert">
      {failure}
    </p>
  );
  return { onSubmit, alert };
}

interface CodeValues {
  code: string;
  newPassword: string;
}

interface CodeFormProps {
  waiting: Waiting;
  onSignedUp: () => void;
  onReset: () => void;
}

export function CodeForm({ waiting, onSignedUp, onReset }: CodeFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const resetting = waiting.purpose === 'reset';
  const signUp = waiting.purpose === 'verify' ? waiting.signUp : '';
  const [resent, setResent] = useState('');
  const form = useForm<CodeValues>({
    resolver: checkResolver<CodeValues, CodeValues>(async (values) => {
      const errors: Partial<Record<keyof CodeValues, string>> = {};
      const code = values.code.trim();
      if (!PHONE_CODE_PATTERN.test(code)) errors.code = m.shared_phone_accounts_code_format();
      const password = resetting ? checkNewPassword(values.newPassword) : null;
      if (password) errors.newPassword = password;
      return Object.keys(errors).length > 0
        ? { ok: false, errors }
        : { ok: true, values: { ...values, code } };
    }),
    defaultValues: { code: '', newPassword: '' },
  });
  const { onSubmit, alert } = useSubmit(form, async ({ code, newPassword }) => {
    if (resetting) {
      await resetPasswordByPhone(waiting.phone, code, newPassword);
      onReset();
      return;
    }
    await verifyPhoneSignUp(waiting.phone, code, signUp);
    onSignedUp();
    await enterApp(navigate, m.shared_phone_accounts_signed_up());
  });
  const sendAgain = async () => {
    setResent('');
    try {
      await (resetting
        ? requestPhoneReset(waiting.phone)
        : resendPhoneSignUpCode(waiting.phone, signUp));
      setResent(m.accounts_code_resent());
    } catch (error) {
      setResent(messageOf(error));
    }
  };
  const fields = formFields(id, form);
  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <p>
        {resetting
          ? m.shared_phone_accounts_reset_code_sent()
          : m.shared_phone_accounts_code_sent()}{' '}
        {!resetting && <strong>{waiting.phone}</strong>}
      </p>
      <Field
        form={fields}
        name="code"
        label={m.accounts_code_label()}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        hint={m.accounts_code_hint()}
      />
      {resetting && (
        <Field
          form={fields}
          name="newPassword"
          label={m.accounts_phone_new_password()}
          render={(control) => <PasswordInput autoComplete="new-password" {...control} />}
        />
      )}
      {alert}
      <SubmitButton busy={form.formState.isSubmitting} busyLabel={m.accounts_phone_checking()}>
        {resetting ? m.accounts_set_new_password() : m.accounts_verify()}
      </SubmitButton>
      <p className="auth-link-row">
        <button type="button" className="link-button" onClick={() => void sendAgain()}>
          {m.accounts_send_new_code()}
        </button>
      </p>
      <p role="status" className="muted">
        {resent}
      </p>
    </form>
  );
}
