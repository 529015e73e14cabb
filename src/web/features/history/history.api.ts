import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CashDeleteReason } from '../../../shared/constants.ts';
import type { HistoryPage } from '../../../shared/schemas/giving.ts';
import { apiFetch } from '../../api.ts';
import { historyApiPaths } from './history.paths.ts';

export const historyQueryKey = ['history'] as const;

/**
 * The member's own entries of one year (null: this year, as the server counts it), newest
 * first, 50 a page (a guest gets their device's). The year before stays on screen while the
 * next one loads, so the year filter is never unmounted under the member's focus.
 */
export function useHistory(year: number | null) {
  return useInfiniteQuery({
    queryKey: [...historyQueryKey, year],
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams();
      if (year !== null) query.set('year', String(year));
      if (pageParam) query.set('cursor', pageParam);
      const suffix = query.size > 0 ? `?${query}` : '';
      return apiFetch<HistoryPage>(`${historyApiPaths.history}${suffix}`, { signal });
    },
    getNextPageParam: (last) => last.next,
    placeholderData: keepPreviousData,
    // A member's own money: always ask again when the screen opens.
    staleTime: 0,
  });
}

export function deleteCashEntry(id: string, reason: CashDeleteReason) {
  return apiFetch<void>(historyApiPaths.deleteCash(id), { method: 'POST', body: { reason } });
}

/** The years with receipted gifts (for the yearly statements). */
export function useStatementYears() {
  return useQuery({
    queryKey: [...historyQueryKey, 'statement-years'],
    queryFn: ({ signal }) =>
      apiFetch<{ years: number[] }>(historyApiPaths.statementYears, { signal }).then(
        (r) => r.years,
      ),
    staleTime: 0,
  });
}
