import { useId, useState } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { checkNewPassword, passwordRequired } from '../../../shared/accounts.ts';
import { PHONE_ACCOUNT_MESSAGES, PHONE_CODE_PATTERN } from '../../../shared/phone-accounts.ts';
import { checkPhone } from '../../../shared/phone.ts';
import { checkPhoneSignUp, type PhoneSignUpRequest } from '../../../shared/sign-up.ts';
import { messageOf } from '../../api.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { Field, formFields, placeServerErrors } from '../../components/form-fields.tsx';
import { MessageModal } from '../../components/MessageModal.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { phoneValidator } from '../../components/phone-check.ts';
import { PhoneInput } from '../../components/PhoneInput.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { paths } from '../../paths.ts';
import { useChurch } from '../church/useChurch.ts';
import {
  phoneSignIn,
  phoneSignUp,
  requestPhoneReset,
  resendPhoneSignUpCode,
  resetPasswordByPhone,
  verifyPhoneSignUp,
} from './accounts.api.ts';
import { enterApp } from './enter-app.ts';

// /auth/phone (issue 32): members without email log in, sign up and reset their password
// with their phone; an SMS code proves the number theirs. The email screens stay the spec's.

type Mode = 'login' | 'signup' | 'reset';
/** The number waiting for a code, and what the code is for (a sign-up: which one). */
type Waiting =
  { phone: string; purpose: 'reset' } | { phone: string; purpose: 'verify'; signUp: string };

const titles = (): Record<Mode, string> => ({
  login: m.accounts_phone_login_title(),
  signup: m.accounts_phone_signup_title(),
  reset: m.accounts_phone_reset_title(),
});

/** The form's onSubmit with its failure shown above the button (and server field errors placed). */
function useSubmit<T extends FieldValues, V>(
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

const phoneError = async (phone: string) => checkPhone(phone, await phoneValidator(phone));

export function PhoneAuthPage() {
  const id = useId();
  const [mode, setMode] = useState<Mode>('login');
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [done, setDone] = useState(false);

  const choose = (next: Mode) => {
    setWaiting(null);
    setMode(next);
  };

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{waiting ? m.accounts_enter_code() : titles()[mode]}</h1>
      <p className="muted">{m.accounts_phone_intro()}</p>

      <div className="card">
        {waiting ? (
          <CodeForm
            key={`${waiting.purpose}-${waiting.phone}`}
            waiting={waiting}
            onReset={() => setDone(true)}
          />
        ) : mode === 'login' ? (
          <LoginForm />
        ) : mode === 'signup' ? (
          <SignUpForm
            onCodeSent={(phone, signUp) => setWaiting({ phone, purpose: 'verify', signUp })}
          />
        ) : (
          <ResetRequestForm onCodeSent={(phone) => setWaiting({ phone, purpose: 'reset' })} />
        )}

        <p className="auth-link-row">
          {mode !== 'login' || waiting ? (
            <button type="button" className="link-button" onClick={() => choose('login')}>
              {m.accounts_back_to_phone_login()}
            </button>
          ) : (
            <>
              <button type="button" className="link-button" onClick={() => choose('signup')}>
                {m.accounts_phone_new_here()}
              </button>
              <button type="button" className="link-button" onClick={() => choose('reset')}>
                {m.accounts_phone_forgot_password()}
              </button>
            </>
          )}
        </p>
      </div>

      <p className="page-footer-link">
        <Link to={paths.auth}>{m.accounts_email_instead()}</Link>
      </p>

      <MessageModal
        message={done ? PHONE_ACCOUNT_MESSAGES.passwordReset : null}
        onOkay={() => {
          setDone(false);
          choose('login');
        }}
      />
    </section>
  );
}

interface LoginValues {
  phone: string;
  password: string;
}

const loginResolver = checkResolver<LoginValues, LoginValues>(async (values) => {
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  const phone = await phoneError(values.phone);
  if (phone) errors.phone = phone;
  if (values.password.length === 0) errors.password = passwordRequired();
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
});

function LoginForm() {
  const id = useId();
  const navigate = useNavigate();
  const form = useForm<LoginValues>({
    resolver: loginResolver,
    defaultValues: { phone: '', password: '' },
  });
  const { onSubmit, alert } = useSubmit(form, async ({ phone, password }) => {
    // A sign-up still waiting for its code is answered as a wrong password (decision 050).
    await phoneSignIn(phone, password);
    await enterApp(navigate, m.shared_accounts_logged_in());
  });
  const fields = formFields(id, form);
  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <Field
        form={fields}
        name="phone"
        label={m.accounts_phone_label()}
        render={(control) => <PhoneInput {...control} />}
      />
      <Field
        form={fields}
        name="password"
        label={m.accounts_phone_password()}
        render={(control) => <PasswordInput autoComplete="current-password" {...control} />}
      />
      {alert}
      <SubmitButton busy={form.formState.isSubmitting} busyLabel={m.accounts_phone_logging_in()}>
        {m.accounts_log_in()}
      </SubmitButton>
    </form>
  );
}

const signUpResolver = checkResolver<PhoneSignUpRequest, PhoneSignUpRequest>(async (values) =>
  checkPhoneSignUp(values, await phoneValidator(values.phone)),
);

function SignUpForm({ onCodeSent }: { onCodeSent: (phone: string, signUp: string) => void }) {
  const id = useId();
  const { data: church } = useChurch();
  const form = useForm<PhoneSignUpRequest>({
    resolver: signUpResolver,
    defaultValues: { firstName: '', lastName: '', phone: '', assembly: '', password: '' },
  });
  const { onSubmit, alert } = useSubmit(form, async (values) => {
    const { phone, signUp } = await phoneSignUp(values);
    onCodeSent(phone, signUp);
  });
  const fields = formFields(id, form);
  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <div className="field-pair">
        <Field
          form={fields}
          name="firstName"
          label={m.accounts_phone_first_name()}
          type="text"
          autoComplete="given-name"
        />
        <Field
          form={fields}
          name="lastName"
          label={m.accounts_phone_last_name()}
          type="text"
          autoComplete="family-name"
        />
      </div>
      <Field
        form={fields}
        name="phone"
        label={m.accounts_phone_label()}
        render={(control) => <PhoneInput {...control} />}
      />
      <Field form={fields} name="assembly" label={m.accounts_phone_assembly()} as="select">
        <option value="">{m.accounts_phone_select_assembly()}</option>
        {church?.assemblies.map((assembly) => (
          <option key={assembly.slug} value={assembly.slug}>
            {assembly.label}
          </option>
        ))}
      </Field>
      <Field
        form={fields}
        name="password"
        label={m.accounts_phone_password()}
        render={(control) => <PasswordInput autoComplete="new-password" {...control} />}
      />
      {alert}
      <SubmitButton busy={form.formState.isSubmitting} busyLabel={m.accounts_phone_signing_up()}>
        {m.accounts_phone_signup_submit()}
      </SubmitButton>
    </form>
  );
}

const phoneOnlyResolver = checkResolver<{ phone: string }, { phone: string }>(async (values) => {
  const phone = await phoneError(values.phone);
  return phone ? { ok: false, errors: { phone } } : { ok: true, values };
});

function ResetRequestForm({ onCodeSent }: { onCodeSent: (phone: string) => void }) {
  const id = useId();
  const form = useForm<{ phone: string }>({
    resolver: phoneOnlyResolver,
    defaultValues: { phone: '' },
  });
  const { onSubmit, alert } = useSubmit(form, async ({ phone }) => {
    await requestPhoneReset(phone);
    onCodeSent(phone);
  });
  const fields = formFields(id, form);
  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <Field
        form={fields}
        name="phone"
        label={m.accounts_phone_label()}
        render={(control) => <PhoneInput {...control} />}
      />
      {alert}
      <SubmitButton busy={form.formState.isSubmitting} busyLabel={m.accounts_phone_sending()}>
        {m.accounts_send_code()}
      </SubmitButton>
    </form>
  );
}

interface CodeValues {
  code: string;
  newPassword: string;
}

function CodeForm({ waiting, onReset }: { waiting: Waiting; onReset: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const resetting = waiting.purpose === 'reset';
  const signUp = waiting.purpose === 'verify' ? waiting.signUp : '';
  const [resent, setResent] = useState('');
  const form = useForm<CodeValues>({
    resolver: checkResolver<CodeValues, CodeValues>(async (values) => {
      const errors: Partial<Record<keyof CodeValues, string>> = {};
      const code = values.code.trim();
      if (!PHONE_CODE_PATTERN.test(code)) errors.code = PHONE_ACCOUNT_MESSAGES.codeFormat;
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
    await enterApp(navigate, PHONE_ACCOUNT_MESSAGES.signedUp);
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
        {resetting ? PHONE_ACCOUNT_MESSAGES.resetCodeSent : PHONE_ACCOUNT_MESSAGES.codeSent}{' '}
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
