import { useId } from 'react';
import { useForm, type FieldErrors, type FieldPath } from 'react-hook-form';
import { ACCOUNT_MESSAGES } from '../../../shared/accounts.ts';
import {
  checkChangePassword,
  PROFILE_MESSAGES,
  type ChangePasswordRequest as ChangePasswordInput,
} from '../../../shared/profile.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { ApiError } from '../../api.ts';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { invalidateMe } from '../accounts/useMe.ts';
import { FlashMessage } from './FlashMessage.tsx';
import { changePassword, type ChangePasswordValues } from './profile.api.ts';
import { useFlashMessage } from './useFlashMessage.ts';

/** What the server's `changePasswordSchema` decides (shared/profile.test.ts). */
const resolver = checkResolver<ChangePasswordInput, ChangePasswordValues>(checkChangePassword);

const emptyForm: ChangePasswordInput = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

const fields: { name: FieldPath<ChangePasswordInput>; label: string; autoComplete: string }[] = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

/** Spec §5 shows one message for the whole form: the most basic problem first. */
function firstProblem(errors: FieldErrors<ChangePasswordInput>): string {
  const messages = fields
    .map(({ name }) => errors[name]?.message)
    .filter((m): m is string => Boolean(m));
  if (messages.includes(ACCOUNT_MESSAGES.fillAllFields)) return ACCOUNT_MESSAGES.fillAllFields;
  if (messages.includes(ACCOUNT_MESSAGES.passwordsDiffer)) return ACCOUNT_MESSAGES.passwordsDiffer;
  return messages[0] ?? PROFILE_MESSAGES.passwordFailed;
}

/**
 * Change password (spec §5). Empty fields and a mismatch are caught here without a request;
 * the server checks the current password and ends the member's other sessions.
 */
export function ChangePasswordForm() {
  const id = useId();
  const { flash, show } = useFlashMessage();

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput, unknown, ChangePasswordValues>({
    resolver,
    defaultValues: emptyForm,
  });

  const onSubmit = async (values: ChangePasswordValues) => {
    try {
      const { message } = await changePassword(values);
      reset(emptyForm);
      show(message || ACCOUNT_MESSAGES.passwordUpdated, 'success');
      // The server issued this browser a fresh session.
      invalidateMe();
    } catch (error) {
      let message: string = PROFILE_MESSAGES.passwordFailed;
      if (error instanceof ApiError) {
        if (error.code === 'WRONG_PASSWORD') message = error.message;
        else if (error.fields) message = Object.values(error.fields)[0] ?? message;
      }
      show(message, 'error');
    }
  };

  const messageId = `${id}-message`;

  return (
    <form
      className="form"
      noValidate
      onSubmit={submitUnlessBusy(
        isSubmitting,
        handleSubmit(onSubmit, (invalid) => show(firstProblem(invalid), 'error')),
      )}
    >
      {fields.map(({ name, label, autoComplete }) => (
        <div className="field" key={name}>
          <label htmlFor={`${id}-${name}`}>{label}</label>
          <PasswordInput
            id={`${id}-${name}`}
            autoComplete={autoComplete}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={errors[name] && flash ? messageId : undefined}
            {...register(name)}
          />
        </div>
      ))}
      <SubmitButton busy={isSubmitting} busyLabel="Updating...">
        Update Password
      </SubmitButton>
      <FlashMessage id={messageId} flash={flash} />
    </form>
  );
}
