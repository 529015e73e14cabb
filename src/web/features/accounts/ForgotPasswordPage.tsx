import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { checkEmail } from '../../../shared/email.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { EMAIL_INPUT, FieldBox } from '../../components/FieldBox.tsx';
import { MessageModal } from '../../components/MessageModal.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { paths } from '../../paths.ts';
import { messageOf } from '../../api.ts';
import { requestPasswordReset } from './accounts.api.ts';

interface Values {
  email: string;
}

/** What the server's `forgotPasswordSchema` decides (shared/accounts.test.ts). */
const resolver = checkResolver<Values, Values>(({ email }) => {
  const checked = checkEmail(email);
  return 'error' in checked
    ? { ok: false, errors: { email: checked.error } }
    : { ok: true, values: checked };
});

/** /forgot-password (spec §2): the answer never tells whether the email has an account. */
export function ForgotPasswordPage() {
  const id = useId();
  const navigate = useNavigate();
  const [result, setResult] = useState<{ message: string; ok: boolean } | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Values>({
    resolver,
    defaultValues: { email: '' },
  });

  const onSubmit = async ({ email }: Values) => {
    try {
      await requestPasswordReset(email);
      setResult({ message: m.shared_accounts_reset_sent(), ok: true });
    } catch (error) {
      setResult({ message: messageOf(error), ok: false });
    }
  };

  const emailError = errors.email?.message;

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{m.accounts_forgot_title()}</h1>
      <p className="muted">{m.accounts_forgot_intro()}</p>
      <form
        className="form card"
        noValidate
        onSubmit={submitUnlessBusy(isSubmitting, handleSubmit(onSubmit))}
      >
        <FieldBox id={`${id}-email`} label={m.accounts_forgot_email()} error={emailError}>
          {(w) => <input {...w} {...EMAIL_INPUT} {...register('email')} />}
        </FieldBox>
        <SubmitButton busy={isSubmitting} busyLabel={m.accounts_forgot_sending()}>
          {m.accounts_send_reset_link()}
        </SubmitButton>
      </form>
      <p className="page-footer-link">
        <Link to={paths.auth}>{m.accounts_forgot_back()}</Link>
      </p>

      <MessageModal
        message={result?.message ?? null}
        tone={result?.ok ? 'success' : 'error'}
        onOkay={() => {
          setResult(null);
          void navigate(paths.auth);
        }}
      />
    </section>
  );
}
