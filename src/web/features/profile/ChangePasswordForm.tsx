import { useId } from 'react';
import { useForm, type FieldErrors, type FieldPath } from 'react-hook-form';

import {
  checkChangePassword,
  type ChangePasswordRequest as ChangePasswordInput,
} from '../../../shared/profile.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { ApiError } from '../../api.ts';
import { FieldBox } from '../../components/FieldBox.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { invalidateMe } from '../../core/useMe.ts';
import { FlashMessage } from './FlashMessage.tsx';
import { changePassword, type ChangePasswordValues } from './profile.api.ts';
import { useFlashMessage } from './useFlashMessage.ts';
import { m } from '../../../paraglide/messages.js';

/** What the server's `changePasswordSchema` decides (shared/profile.test.ts). */
const resolver = checkResolver<ChangePasswordInput, ChangePasswordValues>(checkChangePassword);

const emptyForm: ChangePasswordInput = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

const fields: {
  name: FieldPath<ChangePasswordInput>;
  label: () => string;
  autoComplete: string;
}[] = [
  { name: 'currentPassword', label: m.profile_current_password, autoComplete: 'current-password' },
  { name: 'newPassword', label: m.profile_new_password, autoComplete: 'new-password' },
  { name: 'confirmPassword', label: m.profile_confirm_password, autoComplete: 'new-password' },
];

/** Spec §5 shows one message for the whole form: the most basic problem first. */
function firstProblem(errors: FieldErrors<ChangePasswordInput>): string {
  const messages = fields
    .map(({ name }) => errors[name]?.message)
    .filter((m): m is string => Boolean(m));
  if (messages.includes(m.shared_accounts_fill_all_fields()))
    return m.shared_accounts_fill_all_fields();
  if (messages.includes(m.shared_accounts_passwords_differ()))
    return m.shared_accounts_passwords_differ();
  return messages[0] ?? m.shared_profile_password_failed();
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
      show(message || m.shared_accounts_password_updated(), 'success');
      // The server issued this browser a fresh session.
      invalidateMe();
    } catch (error) {
      let message: string = m.shared_profile_password_failed();
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
        <FieldBox key={name} id={`${id}-${name}`} label={label()}>
          {(w) => (
            <PasswordInput
              {...w}
              autoComplete={autoComplete}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] && flash ? messageId : undefined}
              {...register(name)}
            />
          )}
        </FieldBox>
      ))}
      <SubmitButton busy={isSubmitting} busyLabel={m.profile_updating()}>
        {m.profile_update_password()}
      </SubmitButton>
      <FlashMessage id={messageId} flash={flash} />
    </form>
  );
}
