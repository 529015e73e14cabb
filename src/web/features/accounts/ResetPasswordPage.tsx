import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { checkNewPassword } from '../../../shared/accounts.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { FieldBox } from '../../components/FieldBox.tsx';
import { MessageModal } from '../../components/MessageModal.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { paths } from '../../paths.ts';
import { messageOf } from '../../api.ts';
import { resetPassword } from './accounts.api.ts';

interface Values {
  password: string;
}

/** What the server's `resetPasswordSchema` decides (shared/accounts.test.ts). */
const resolver = checkResolver<Values, Values>(({ password }) => {
  const error = checkNewPassword(password);
  return error ? { ok: false, errors: { password: error } } : { ok: true, values: { password } };
});

/**
 * /reset-password (spec §2). The emailed link goes to the server, which sends the browser
 * here with ?token=… (or ?error=INVALID_TOKEN when the link is bad or used).
 */
export function ResetPasswordPage() {
  const id = useId();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const linkError = searchParams.get('error');

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{m.accounts_reset_title()}</h1>
      {token && !linkError ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="card">
          <p role="alert" className="form-alert">
            {m.accounts_reset_link_invalid()}
          </p>
          <p className="reset-invalid-next">
            <Link className="button button-block" to={paths.forgotPassword}>
              {m.accounts_request_new_link()}
            </Link>
          </p>
        </div>
      )}
      <p className="page-footer-link">
        <Link to={paths.auth}>{m.accounts_reset_back()}</Link>
      </p>
    </section>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const id = useId();
  const navigate = useNavigate();
  const [result, setResult] = useState<{ message: string; ok: boolean } | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Values>({
    resolver,
    defaultValues: { password: '' },
  });

  const onSubmit = async ({ password }: Values) => {
    try {
      await resetPassword(password, token);
      setResult({ message: m.shared_accounts_password_updated(), ok: true });
    } catch (error) {
      setResult({ message: messageOf(error), ok: false });
    }
  };

  const passwordError = errors.password?.message;

  return (
    <>
      <form
        className="form card"
        noValidate
        onSubmit={submitUnlessBusy(isSubmitting, handleSubmit(onSubmit))}
      >
        <FieldBox id={`${id}-password`} label={m.accounts_new_password()} error={passwordError}>
          {(w) => <PasswordInput {...w} autoComplete="new-password" {...register('password')} />}
        </FieldBox>
        <SubmitButton busy={isSubmitting} busyLabel={m.accounts_reset_updating()}>
          {m.accounts_update_password()}
        </SubmitButton>
      </form>
      <MessageModal
        message={result?.message ?? null}
        tone={result?.ok ? 'success' : 'error'}
        onOkay={() => {
          setResult(null);
          void navigate(paths.auth);
        }}
      />
    </>
  );
}
