import { lazy, Suspense, useId, useRef, useState, type BaseSyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { checkLogin, type LoginCheck, type LoginValues } from '../../../shared/login.ts';
import { ApiError } from '../../api.ts';
import { EMAIL_INPUT, FieldBox } from '../../components/FieldBox.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { messageOf } from '../../api.ts';
import type { LoginPopupState } from './LoginPopup.tsx';
import { enterApp } from './enter-app.ts';

// What is needed only once the member acts is downloaded then: the account calls when the
// form is first focused, the popups while the login request is on its way.
const loadAccountsApi = () => import('./accounts.api.ts');
const loadLoginPopup = () => import('./LoginPopup.tsx');
const LoginPopup = lazy(async () => ({ default: (await loadLoginPopup()).LoginPopup }));

interface LoginFormProps {
  initialEmail: string;
  onEmailChange: (email: string) => void;
}

export function LoginForm({ initialEmail, onEmailChange }: LoginFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const [popup, setPopup] = useState<LoginPopupState | null>(null);

  // Two fields, checked by hand with the server's rules (checkLogin): no form library on the
  // first screen (decision 011). Like the other forms, errors show on submit, then follow
  // the typing.
  const [values, setValues] = useState<LoginValues>({ email: initialEmail, password: '' });
  const [errors, setErrors] = useState<Partial<LoginValues>>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const errorsOf = (check: LoginCheck) => (check.ok ? {} : check.errors);

  const change = (field: keyof LoginValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (field === 'email') onEmailChange(value);
    if (submitted) setErrors(errorsOf(checkLogin(next)));
  };

  const logIn = async (credentials: LoginValues) => {
    try {
      const { signIn } = await loadAccountsApi();
      await signIn(credentials);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
        setPopup({ kind: 'unverified', email: credentials.email });
      } else {
        setPopup({ kind: 'error', message: messageOf(error) });
      }
      return;
    }
    await enterApp(navigate, m.shared_accounts_logged_in());
  };

  const submit = async (event?: BaseSyntheticEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    const check = checkLogin(values);
    setErrors(errorsOf(check));
    if (!check.ok) {
      (check.errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    void loadLoginPopup();
    try {
      await logIn(check.values);
    } finally {
      setSubmitting(false);
    }
  };

  const emailError = errors.email;
  const passwordError = errors.password;

  return (
    <>
      <form
        className="form"
        noValidate
        onSubmit={submitUnlessBusy(isSubmitting, submit)}
        onFocus={() => void loadAccountsApi()}
      >
        <FieldBox id={`${id}-email`} label={m.accounts_email()} error={emailError}>
          {(w) => (
            <input
              {...w}
              {...EMAIL_INPUT}
              ref={emailRef}
              name="email"
              value={values.email}
              onChange={(event) => change('email', event.target.value)}
            />
          )}
        </FieldBox>
        <FieldBox id={`${id}-password`} label={m.accounts_password()} error={passwordError}>
          {(w) => (
            <PasswordInput
              {...w}
              autoComplete="current-password"
              ref={passwordRef}
              name="password"
              value={values.password}
              onChange={(event) => change('password', event.target.value)}
            />
          )}
        </FieldBox>
        <SubmitButton busy={isSubmitting} busyLabel={m.accounts_logging_in()}>
          {m.accounts_login()}
        </SubmitButton>
      </form>

      {popup && (
        <Suspense fallback={null}>
          <LoginPopup
            key={popup.kind === 'unverified' ? popup.email : popup.message}
            popup={popup}
            onClose={() => setPopup(null)}
          />
        </Suspense>
      )}
    </>
  );
}
