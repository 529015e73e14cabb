import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  changePasswordSchema,
  Profile,
  profileUpdateSchema,
  ProfileUpdateResult,
} from '../../../shared/schemas/profile.ts';
import type { ReceiptChannel } from '../../../shared/receipt-channels.ts';
import { apiFetch } from '../../api.ts';
import { profileApiPaths } from './profile.paths.ts';

export const profileQueryKey = ['profile'] as const;

export type ProfileValues = z.output<typeof profileUpdateSchema>;
export type ChangePasswordValues = z.output<typeof changePasswordSchema>;

export function useProfile(enabled: boolean) {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => apiFetch<Profile>(profileApiPaths.profile, { signal }),
    enabled,
    // A member's own data: always ask again when the screen opens.
    staleTime: 0,
  });
}

export function updateProfile(values: ProfileValues) {
  return apiFetch<ProfileUpdateResult>(profileApiPaths.profile, { method: 'PATCH', body: values });
}

export function saveReceiptChannel(channel: ReceiptChannel) {
  return apiFetch<{ message: string; profile: Profile }>(profileApiPaths.receiptChannel, {
    method: 'PUT',
    body: { channel },
  });
}

export function changePassword(values: ChangePasswordValues) {
  return apiFetch<{ message: string }>(profileApiPaths.profilePassword, {
    method: 'POST',
    body: values,
  });
}
