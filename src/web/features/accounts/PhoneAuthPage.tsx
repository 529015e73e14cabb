import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { passwordRequired } from '../../../shared/accounts.ts';
import { checkPhone } from '../../../shared/phone.ts';
import { checkPhoneSignUp, type PhoneSignUpRequest } from '../../../shared/sign-up.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { Field, formFields } from '../../components/form-fields.tsx';
import { MessageModal } from '../../components/MessageModal.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { phoneValidator } from '../../components/phone-check.ts';
import { PhoneInput } from '../../components/PhoneInput.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { paths } from '../../paths.ts';
import { forgetFormDraft, formDraft, readFormDraft, useFormDraft } from '../../use-draft.ts';
import { useChurch } from '../../core/useChurch.ts';
import { phoneSignIn, phoneSignUp, requestPhoneReset } from './accounts.api.ts';
import { enterApp } from './enter-app.ts';
import { CodeForm, useSubmit, type Waiting } from './PhoneCodeForm.tsx';

// /auth/phone (issue 32): members without email log in, sign up and reset their password
// with their phone; an SMS code proves the number theirs. The email screens stay the spec's.

type Mode = 'login' | 'signup' | 'reset';
/** Which form is shown: the address says it (`?form=`), so a reload shows it again. */
type Shown = Mode | 'code';

// What a reload keeps (issue 48): the number waiting for a code, and what was typed in each
// form, never a password or a code.
interface Kept {
  phone: string;
  purpose: string;
  signUp: string;
}
const WAITING_DRAFT = formDraft<Kept>('phone-auth', { phone: '', purpose: '', signUp: '' });
const LOGIN_DRAFT = formDraft<LoginValues>('phone-login', { phone: '', password: '' }, ['phone']);
const SIGN_UP_DRAFT = formDraft<PhoneSignUpRequest>(
  'phone-sign-up',
  { firstName: '', lastName: '', phone: '', assembly: '', password: '' },
  ['firstName', 'lastName', 'phone', 'assembly'],
);
const RESET_DRAFT = formDraft<{ phone: string }>('phone-reset', { phone: '' }, ['phone']);

function waitingOf(kept: Kept | null): Waiting | null {
  if (!kept?.phone) return null;
  if (kept.purpose === 'reset') return { phone: kept.phone, purpose: 'reset' };
  if (kept.purpose === 'verify' && kept.signUp) {
    return { phone: kept.phone, purpose: 'verify', signUp: kept.signUp };
  }
  return null;
}

const titles = (): Record<Mode, string> => ({
  login: m.accounts_phone_login_title(),
  signup: m.accounts_phone_signup_title(),
  reset: m.accounts_phone_reset_title(),
});

const phoneError = async (phone: string) => checkPhone(phone, await phoneValidator(phone));

export function PhoneAuthPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const shown = params.get('form') as Shown | null;
  const [waiting, setWaiting] = useState<Waiting | null>(() =>
    shown === 'code' ? waitingOf(readFormDraft(WAITING_DRAFT)) : null,
  );
  const mode: Mode = waiting
    ? waiting.purpose === 'reset'
      ? 'reset'
      : 'signup'
    : shown === 'signup' || shown === 'reset'
      ? shown
      : 'login';
  const [done, setDone] = useState(false);
  const dropWaiting = useFormDraft(WAITING_DRAFT, {
    phone: waiting?.phone ?? '',
    purpose: waiting?.purpose ?? '',
    signUp: waiting?.purpose === 'verify' ? waiting.signUp : '',
  });
  /** Signed up: nothing of the sign-up is kept any more. */
  const signedUp = () => {
    dropWaiting();
    forgetFormDraft(SIGN_UP_DRAFT);
  };

  const show = (next: Shown) =>
    setParams(next === 'login' ? {} : { form: next }, { replace: true });
  const choose = (next: Mode) => {
    setWaiting(null);
    show(next);
  };
  const codeSent = (next: Waiting) => {
    setWaiting(next);
    show('code');
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
            onSignedUp={signedUp}
            onReset={() => {
              forgetFormDraft(RESET_DRAFT);
              setDone(true);
            }}
          />
        ) : mode === 'login' ? (
          <LoginForm />
        ) : mode === 'signup' ? (
          <SignUpForm
            onCodeSent={(phone, signUp) => codeSent({ phone, purpose: 'verify', signUp })}
          />
        ) : (
          <ResetRequestForm onCodeSent={(phone) => codeSent({ phone, purpose: 'reset' })} />
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
        message={done ? m.shared_phone_accounts_password_reset() : null}
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
  const [restored] = useState(() => readFormDraft(LOGIN_DRAFT));
  const form = useForm<LoginValues>({
    resolver: loginResolver,
    defaultValues: restored ?? LOGIN_DRAFT.empty,
  });
  const dropDraft = useFormDraft(LOGIN_DRAFT, useWatch({ control: form.control }) as LoginValues);
  const { onSubmit, alert } = useSubmit(form, async ({ phone, password }) => {
    // A sign-up still waiting for its code is answered as a wrong password (decision 050).
    await phoneSignIn(phone, password);
    dropDraft();
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
  const [restored] = useState(() => readFormDraft(SIGN_UP_DRAFT));
  const form = useForm<PhoneSignUpRequest>({
    resolver: signUpResolver,
    defaultValues: restored ?? SIGN_UP_DRAFT.empty,
  });
  useFormDraft(SIGN_UP_DRAFT, useWatch({ control: form.control }) as PhoneSignUpRequest);
  // A kept assembly is chosen in the list once the list is there.
  const { getValues, setValue } = form;
  useEffect(() => {
    if (church) setValue('assembly', getValues('assembly'));
  }, [church, getValues, setValue]);
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
  const [restored] = useState(() => readFormDraft(RESET_DRAFT));
  const form = useForm<{ phone: string }>({
    resolver: phoneOnlyResolver,
    defaultValues: restored ?? RESET_DRAFT.empty,
  });
  useFormDraft(RESET_DRAFT, useWatch({ control: form.control }) as { phone: string });
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
