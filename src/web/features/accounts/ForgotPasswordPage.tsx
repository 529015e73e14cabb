import { useId } from 'react';
import { Link } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { checkEmail } from '../../../shared/email.ts';
import { EMAIL_INPUT } from '../../components/FieldBox.tsx';
import { paths } from '../../paths.ts';
import { requestPasswordReset } from './accounts.api.ts';
import { OneFieldForm } from './OneFieldForm.tsx';

/** What the server's `forgotPasswordSchema` decides (shared/accounts.test.ts). */
const check = (email: string) => {
  const checked = checkEmail(email);
  return 'error' in checked ? checked : { value: checked.email };
};

/** /forgot-password (spec §2): the answer never tells whether the email has an account. */
export function ForgotPasswordPage() {
  const id = useId();
  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{m.accounts_forgot_title()}</h1>
      <p className="muted">{m.accounts_forgot_intro()}</p>
      <OneFieldForm
        name="email"
        label={m.accounts_forgot_email()}
        check={check}
        control={(props) => <input {...props} {...EMAIL_INPUT} />}
        send={async (email) => {
          await requestPasswordReset(email);
          return m.shared_accounts_reset_sent();
        }}
        busyLabel={m.accounts_forgot_sending()}
        submitLabel={m.accounts_send_reset_link()}
      />
      <p className="page-footer-link">
        <Link to={paths.auth}>{m.accounts_forgot_back()}</Link>
      </p>
    </section>
  );
}
