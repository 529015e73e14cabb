import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import {
  checkProfileUpdate,
  PROFILE_MESSAGES,
  type ProfileUpdateRequest as ProfileUpdateInput,
} from '../../../shared/profile.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { fieldA11y, placeServerErrors } from '../../components/form-fields.tsx';
import { phoneValidator } from '../../components/phone-check.ts';
import { PhoneInput } from '../../components/PhoneInput.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { invalidateMe } from '../accounts/useMe.ts';
import { useChurch } from '../church/useChurch.ts';
import { FlashMessage } from './FlashMessage.tsx';
import { profileQueryKey, updateProfile, type ProfileValues } from './profile.api.ts';
import { useFlashMessage } from './useFlashMessage.ts';

const fieldNames: FieldPath<ProfileUpdateInput>[] = [
  'fullName',
  'phoneNumber',
  'assemblyName',
  'location',
  'dateOfBirth',
];

/** What the server's `profileUpdateSchema` decides (shared/profile.test.ts), the phone's metadata loaded. */
const resolver = checkResolver<ProfileUpdateInput, ProfileValues>(async (values) =>
  checkProfileUpdate(values, await phoneValidator(values.phoneNumber)),
);

function formValues(profile: Profile): ProfileUpdateInput {
  return {
    fullName: profile.fullName,
    phoneNumber: profile.phoneNumber ?? '',
    assemblyName: profile.assemblyName ?? '',
    location: profile.location ?? '',
    dateOfBirth: profile.dateOfBirth ?? '',
  };
}

export function ProfileForm({ profile }: { profile: Profile }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { data: church } = useChurch();
  const { flash, show } = useFlashMessage();

  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileUpdateInput, unknown, ProfileValues>({
    resolver,
    defaultValues: formValues(profile),
  });

  const onSubmit = async (values: ProfileValues) => {
    try {
      const result = await updateProfile(values);
      queryClient.setQueryData(profileQueryKey, result.profile);
      reset(formValues(result.profile));
      // The greeting uses the name.
      if (result.changed) invalidateMe();
      show(result.message, 'success');
    } catch (error) {
      placeServerErrors(error, fieldNames, setError);
      show(PROFILE_MESSAGES.updateFailed, 'error');
    }
  };

  const { fieldProps, fieldError } = fieldA11y(id, errors);

  const today = new Date().toISOString().slice(0, 10);
  // A saved assembly that is no longer offered still shows, rather than a blank choice.
  const assemblies = church?.assemblies ?? [];
  const unknownAssembly =
    profile.assemblyName && !assemblies.some((a) => a.slug === profile.assemblyName)
      ? profile.assemblyName
      : null;

  return (
    <form
      className="form"
      noValidate
      onSubmit={submitUnlessBusy(isSubmitting, handleSubmit(onSubmit))}
    >
      <div className="field">
        <span className="field-label" id={`${id}-email-label`}>
          Email
        </span>
        <p className="readonly-value" aria-labelledby={`${id}-email-label`}>
          {profile.email}
        </p>
        <p className="field-hint muted">Your email cannot be changed.</p>
      </div>

      <div className="field">
        <label htmlFor={`${id}-fullName`}>Full name</label>
        <input
          type="text"
          autoComplete="name"
          {...fieldProps('fullName')}
          {...register('fullName')}
        />
        {fieldError('fullName')}
      </div>

      <div className="field">
        <label htmlFor={`${id}-phoneNumber`}>Phone</label>
        <Controller
          control={control}
          name="phoneNumber"
          render={({ field }) => {
            const props = fieldProps('phoneNumber');
            return (
              <PhoneInput
                id={props.id}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                invalid={props['aria-invalid']}
                describedBy={props['aria-describedby']}
                formatted={
                  profile.phoneNumber && profile.phoneDisplay
                    ? { e164: profile.phoneNumber, text: profile.phoneDisplay }
                    : null
                }
              />
            );
          }}
        />
        {fieldError('phoneNumber')}
      </div>

      <div className="field">
        <label htmlFor={`${id}-assemblyName`}>Assembly</label>
        <select {...fieldProps('assemblyName')} {...register('assemblyName')}>
          <option value="">--Select Assembly--</option>
          {assemblies.map((assembly) => (
            <option key={assembly.slug} value={assembly.slug}>
              {assembly.label}
            </option>
          ))}
          {unknownAssembly && <option value={unknownAssembly}>{unknownAssembly}</option>}
        </select>
        {fieldError('assemblyName')}
      </div>

      <div className="field">
        <label htmlFor={`${id}-location`}>Location</label>
        <input
          type="text"
          autoComplete="address-level2"
          {...fieldProps('location')}
          {...register('location')}
        />
        {fieldError('location')}
      </div>

      <div className="field">
        <label htmlFor={`${id}-dateOfBirth`}>Date of birth</label>
        <input
          type="date"
          min="1900-01-01"
          max={today}
          {...fieldProps('dateOfBirth')}
          {...register('dateOfBirth')}
        />
        {fieldError('dateOfBirth')}
      </div>

      <SubmitButton busy={isSubmitting} busyLabel="Saving...">
        Save
      </SubmitButton>
      <FlashMessage id={`${id}-message`} flash={flash} />
    </form>
  );
}
