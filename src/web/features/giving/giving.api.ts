import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { GiftResult, GiftStatusView, OfferingInput } from '../../../shared/schemas/giving.ts';
import { ApiError, apiFetch } from '../../api.ts';
import { givingApiPaths } from './giving.paths.ts';

/** How often a screen waiting on a gift asks the server (which re-checks with the provider). */
export const GIFT_POLL_MS = 3000;
/** After this long the screen stops asking and says the result will show in the history. */
export const GIFT_MAX_WAIT_MS = 5 * 60_000;

export function createGift(offering: OfferingInput) {
  return apiFetch<GiftResult>(givingApiPaths.gifts, { method: 'POST', body: offering });
}

export function submitGiftOtp(reference: string, otp: string) {
  return apiFetch<GiftResult>(givingApiPaths.giftOtp(reference), { method: 'POST', body: { otp } });
}

/**
 * Follows a card or mobile-money gift until it is no longer pending, for at most
 * GIFT_MAX_WAIT_MS; `gaveUp` says it is still pending after that.
 */
export function useGiftStatus(reference: string | null) {
  const [since] = useState(() => Date.now());
  const query = useQuery({
    queryKey: ['gift', reference],
    queryFn: ({ signal }) => apiFetch<GiftStatusView>(givingApiPaths.gift(reference!), { signal }),
    enabled: reference !== null,
    staleTime: 0,
    refetchInterval: (q) =>
      (q.state.data && q.state.data.status !== 'pending') ||
      q.state.dataUpdatedAt - since > GIFT_MAX_WAIT_MS
        ? false
        : GIFT_POLL_MS,
    // A phone that locks its screen while the member approves must still see the result.
    refetchIntervalInBackground: true,
    // An unknown reference will not appear by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  const gaveUp = query.data?.status === 'pending' && query.dataUpdatedAt - since > GIFT_MAX_WAIT_MS;
  return { ...query, gaveUp };
}
