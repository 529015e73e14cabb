import { m } from '../paraglide/messages.js';
import { assemblyRequired, checkNewPassword } from './accounts.ts';
import { checkPhone, type PhoneValidator } from './phone.ts';

// The profile screen's rules and texts without zod (decision 011). schemas/profile.ts builds
// the server's schemas from the same texts and re-exports this; profile.test.ts keeps
// `checkProfileUpdate` and `checkChangePassword` in step with them.

export const isDateFormat = (v: string) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v);
export const isRealBirthDate = (v: string, today = new Date().toISOString().slice(0, 10)) =>
  v === '' || (!Number.isNaN(Date.parse(v)) && v >= '1900-01-01' && v <= today);

export interface ProfileUpdateRequest {
  fullName: string;
  phoneNumber: string;
  assemblyName: string;
  location: string;
  dateOfBirth: string;
}

type Check<T> = { ok: true; values: T } | { ok: false; errors: Partial<Record<keyof T, string>> };

/** What `profileUpdateSchema` decides, with its messages: every field trimmed. */
export function checkProfileUpdate(
  input: ProfileUpdateRequest,
  isValidPhone: PhoneValidator,
): Check<ProfileUpdateRequest> {
  const values: ProfileUpdateRequest = {
    fullName: input.fullName.trim(),
    phoneNumber: input.phoneNumber.trim(),
    assemblyName: input.assemblyName.trim(),
    location: input.location.trim(),
    dateOfBirth: input.dateOfBirth.trim(),
  };
  const errors: Partial<Record<keyof ProfileUpdateRequest, string>> = {};
  if (values.fullName.length === 0) errors.fullName = m.shared_profile_full_name_required();
  else if (values.fullName.length > 120) errors.fullName = m.shared_profile_full_name_too_long();
  const phone = checkPhone(input.phoneNumber, isValidPhone);
  if (phone) errors.phoneNumber = phone;
  if (values.assemblyName.length === 0 || values.assemblyName.length > 60) {
    errors.assemblyName = assemblyRequired();
  }
  if (values.location.length > 120) errors.location = m.shared_profile_location_too_long();
  if (!isDateFormat(values.dateOfBirth)) errors.dateOfBirth = m.shared_profile_date_format();
  else if (!isRealBirthDate(values.dateOfBirth))
    errors.dateOfBirth = m.shared_profile_date_not_real();
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * What `changePasswordSchema` decides: every field filled, the two new ones equal, and only
 * then the new password's own rules.
 */
export function checkChangePassword(input: ChangePasswordRequest): Check<ChangePasswordRequest> {
  const errors: Partial<Record<keyof ChangePasswordRequest, string>> = {};
  for (const field of ['currentPassword', 'newPassword', 'confirmPassword'] as const) {
    if (input[field].length === 0) errors[field] = m.shared_accounts_fill_all_fields();
  }
  if (input.newPassword !== input.confirmPassword) {
    errors.confirmPassword ??= m.shared_accounts_passwords_differ();
  }
  if (Object.keys(errors).length === 0) {
    const problem = checkNewPassword(input.newPassword);
    if (problem) errors.newPassword = problem;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values: input };
}
