import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { checkNewPassword } from '../../../shared/accounts.ts';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { paths } from '../../paths.ts';
import { resetPassword } from './accounts.api.ts';
import { OneFieldForm } from './OneFieldForm.tsx';

/** What the server's `resetPasswordSchema` decides (shared/accounts.test.ts). */
const check = (password: string) => {
  const error = checkNewPassword(password);
  return error ? { error } : { value: password };
};

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
  return (
    <OneFieldForm
      name="password"
      label={m.accounts_new_password()}
      check={check}
      control={(props) => <PasswordInput {...props} autoComplete="new-password" />}
      send={async (password) => {
        await resetPassword(password, token);
        return m.shared_accounts_password_updated();
      }}
      busyLabel={m.accounts_reset_updating()}
      submitLabel={m.accounts_update_password()}
    />
  );
}
