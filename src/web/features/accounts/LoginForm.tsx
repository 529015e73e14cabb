import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import {
  ACCOUNT_MESSAGES,
  loginSchema,
  type LoginInput,
} from '../../../shared/schemas/accounts.ts';
import { ApiError } from '../../api.ts';
import { describedBy, FieldError } from '../../components/FieldError.tsx';
import { MessageModal } from '../../components/MessageModal.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { paths } from '../../paths.ts';
import { messageOf } from '../../api.ts';
import { resendConfirmation, signIn, type LoginValues } from './accounts.api.ts';
import { setGuest } from './useIsGuest.ts';
import { refreshMe } from './useMe.ts';

interface LoginFormProps {
  initialEmail: string;
  onEmailChange: (email: string) => void;
}

type Popup =
  { kind: 'error'; message: string } | { kind: 'unverified'; email: string; resend: ResendState };

type ResendState = { state: 'idle' | 'sending' | 'sent' } | { state: 'failed'; message: string };

export function LoginForm({ initialEmail, onEmailChange }: LoginFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [popup, setPopup] = useState<Popup | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: initialEmail, password: '' },
  });

  const onSubmit = async (values: LoginValues) => {
    try {
      await signIn(values);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
        setPopup({ kind: 'unverified', email: values.email, resend: { state: 'idle' } });
      } else {
        setPopup({ kind: 'error', message: messageOf(error) });
      }
      return;
    }
    // A member is no longer a guest.
    setGuest(false);
    try {
      await refreshMe(queryClient);
    } catch {
      // /home asks again; the session cookie is set either way.
    }
    toast.success(ACCOUNT_MESSAGES.loggedIn);
    await navigate(paths.memberHome);
  };

  const resend = async (email: string) => {
    setPopup({ kind: 'unverified', email, resend: { state: 'sending' } });
    try {
      await resendConfirmation(email);
      setPopup({ kind: 'unverified', email, resend: { state: 'sent' } });
    } catch (error) {
      setPopup({
        kind: 'unverified',
        email,
        resend: { state: 'failed', message: messageOf(error) },
      });
    }
  };

  const emailError = errors.email?.message;
  const passwordError = errors.password?.message;

  return (
    <>
      <form
        className="form"
        noValidate
        onSubmit={submitUnlessBusy(isSubmitting, handleSubmit(onSubmit))}
      >
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={describedBy(emailError && `${id}-email-error`)}
            {...register('email', { onChange: (event) => onEmailChange(event.target.value) })}
          />
          <FieldError id={`${id}-email-error`} message={emailError} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>Password</label>
          <PasswordInput
            id={`${id}-password`}
            autoComplete="current-password"
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={describedBy(passwordError && `${id}-password-error`)}
            {...register('password')}
          />
          <FieldError id={`${id}-password-error`} message={passwordError} />
        </div>
        <SubmitButton busy={isSubmitting} busyLabel="Logging in...">
          Login
        </SubmitButton>
      </form>

      <MessageModal
        message={
          popup === null
            ? null
            : popup.kind === 'error'
              ? popup.message
              : ACCOUNT_MESSAGES.notVerified
        }
        tone="error"
        onOkay={() => setPopup(null)}
      >
        {popup?.kind === 'unverified' && (
          <div className="message-modal-extra">
            {popup.resend.state === 'sent' ? (
              <p role="status" className="form-success">
                Confirmation email sent! Check your inbox.
              </p>
            ) : (
              <>
                {popup.resend.state === 'failed' && (
                  <p role="alert" className="form-alert">
                    {popup.resend.message}
                  </p>
                )}
                <button
                  type="button"
                  className="button button-secondary button-block"
                  disabled={popup.resend.state === 'sending'}
                  onClick={() => void resend(popup.email)}
                >
                  {popup.resend.state === 'sending' ? 'Sending...' : 'Resend confirmation email'}
                </button>
              </>
            )}
          </div>
        )}
      </MessageModal>
    </>
  );
}
