import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  checkProfileUpdate,
  type ProfileUpdateRequest as ProfileUpdateInput,
} from '../../../shared/profile.ts';
import { offersAssembly } from '../../../shared/schemas/church.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { Field, formFields, placeServerErrors } from '../../components/form-fields.tsx';
import { phoneValidator } from '../../components/phone-check.ts';
import { FieldBox } from '../../components/FieldBox.tsx';
import { PhoneInput } from '../../components/PhoneInput.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { invalidateMe } from '../../core/useMe.ts';
import { useChurch } from '../../core/useChurch.ts';
import { FlashMessage } from './FlashMessage.tsx';
import { profileQueryKey, updateProfile, type ProfileValues } from './profile.api.ts';
import { useFlashMessage } from './useFlashMessage.ts';
import { m } from '../../../paraglide/messages.js';

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

  const form = useForm<ProfileUpdateInput, unknown, ProfileValues>({
    resolver,
    defaultValues: formValues(profile),
  });
  const {
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = form;

  const onSubmit = async (values: ProfileValues) => {
    try {
      const result = await updateProfile(values);
      queryClient.setQueryData(profileQueryKey, result.profile);
      reset(formValues(result.profile));
      // The greeting uses the name.
      if (result.changed) invalidateMe();
      show(result.message, 'success');
    } catch (error) {
      placeServerErrors(error, form);
      show(m.shared_profile_update_failed(), 'error');
    }
  };

  const fields = formFields(id, form);

  const today = new Date().toISOString().slice(0, 10);
  // A saved assembly that is no longer offered still shows, rather than a blank choice.
  const assemblies = church?.assemblies ?? [];
  const unknownAssembly =
    profile.assemblyName && !offersAssembly(assemblies, profile.assemblyName)
      ? profile.assemblyName
      : null;

  return (
    <form
      className="form"
      noValidate
      onSubmit={submitUnlessBusy(isSubmitting, handleSubmit(onSubmit))}
    >
      <FieldBox
        id={`${id}-email`}
        label={m.profile_email()}
        labelAs={{ tag: 'span', id: `${id}-email-label` }}
        hint={m.profile_email_fixed()}
      >
        <p className="readonly-value" aria-labelledby={`${id}-email-label`}>
          {profile.email ?? m.profile_email_none()}
        </p>
      </FieldBox>

      <Field
        form={fields}
        name="fullName"
        label={m.profile_full_name()}
        type="text"
        autoComplete="name"
      />

      <Field
        form={fields}
        name="phoneNumber"
        label={m.profile_phone()}
        render={(control) => (
          <PhoneInput
            {...control}
            formatted={
              profile.phoneNumber && profile.phoneDisplay
                ? { e164: profile.phoneNumber, text: profile.phoneDisplay }
                : null
            }
          />
        )}
      />

      <Field form={fields} name="assemblyName" label={m.profile_assembly()} as="select">
        <option value="">{m.profile_select_assembly()}</option>
        {assemblies.map((assembly) => (
          <option key={assembly.slug} value={assembly.slug}>
            {assembly.label}
          </option>
        ))}
        {unknownAssembly && <option value={unknownAssembly}>{unknownAssembly}</option>}
      </Field>

      <Field
        form={fields}
        name="location"
        label={m.profile_location()}
        type="text"
        autoComplete="address-level2"
      />

      <Field
        form={fields}
        name="dateOfBirth"
        label={m.profile_date_of_birth()}
        type="date"
        min="1900-01-01"
        max={today}
      />

      <SubmitButton busy={isSubmitting} busyLabel={m.common_saving()}>
        {m.profile_save()}
      </SubmitButton>
      <FlashMessage id={`${id}-message`} flash={flash} />
    </form>
  );
}
