import { describe, expect, it } from 'vitest';
import {
  checkChangePassword,
  checkProfileUpdate,
  type ChangePasswordRequest,
  type ProfileUpdateRequest,
} from './profile.ts';
import { isValidPhone } from './schemas/accounts.ts';
import { changePasswordSchema, profileUpdateSchema } from './schemas/profile.ts';

// The profile forms check with `checkProfileUpdate` and `checkChangePassword` (no zod on the
// profile screen); the server with the schemas. Same refusals, same words, same values.
const firstIssues = (issues: { path: PropertyKey[]; message: string }[]) => {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
};

const profile: ProfileUpdateRequest = {
  fullName: 'Ama Mensah',
  phoneNumber: '+233241234567',
  assemblyName: 'bethel',
  location: 'Accra',
  dateOfBirth: '1990-05-17',
};
const profiles: ProfileUpdateRequest[] = [
  profile,
  { fullName: '', phoneNumber: '', assemblyName: '', location: '', dateOfBirth: '' },
  { ...profile, fullName: '  Ama  ', location: '  Kumasi ', dateOfBirth: ' 1990-05-17 ' },
  { ...profile, fullName: 'A'.repeat(121) },
  { ...profile, phoneNumber: '024 123 4567' },
  { ...profile, phoneNumber: '+233123' },
  { ...profile, assemblyName: 'a'.repeat(61) },
  { ...profile, location: 'L'.repeat(121) },
  { ...profile, dateOfBirth: '17/05/1990' },
  { ...profile, dateOfBirth: '1990-13-45' },
  { ...profile, dateOfBirth: '1899-12-31' },
  { ...profile, dateOfBirth: '2999-01-01' },
];

describe('checkProfileUpdate', () => {
  it.each(profiles)('agrees with profileUpdateSchema on %j', (input) => {
    const ours = checkProfileUpdate(input, isValidPhone);
    const theirs = profileUpdateSchema.safeParse(input);
    expect(ours.ok).toBe(theirs.success);
    if (ours.ok && theirs.success) expect(ours.values).toEqual(theirs.data);
    if (!ours.ok && !theirs.success) expect(ours.errors).toEqual(firstIssues(theirs.error.issues));
  });
});

const passwords: ChangePasswordRequest[] = [
  { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' },
  { currentPassword: '', newPassword: '', confirmPassword: '' },
  { currentPassword: '', newPassword: 'new-secret', confirmPassword: 'other-secret' },
  { currentPassword: 'old', newPassword: 'new-secret', confirmPassword: '' },
  { currentPassword: 'old', newPassword: 'new-secret', confirmPassword: 'other-secret' },
  { currentPassword: 'old', newPassword: 'short', confirmPassword: 'short' },
  { currentPassword: 'old', newPassword: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) },
  { currentPassword: 'old', newPassword: ' ', confirmPassword: ' ' },
];

describe('checkChangePassword', () => {
  it.each(passwords)('agrees with changePasswordSchema on %j', (input) => {
    const ours = checkChangePassword(input);
    const theirs = changePasswordSchema.safeParse(input);
    expect(ours.ok).toBe(theirs.success);
    if (ours.ok && theirs.success) expect(ours.values).toEqual(theirs.data);
    if (!ours.ok && !theirs.success) expect(ours.errors).toEqual(firstIssues(theirs.error.issues));
  });
});
