import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CashDeleteReason } from '../../../shared/constants.ts';
import type { HistoryPage } from '../../../shared/schemas/giving.ts';
import { apiFetch } from '../../api.ts';
import { historyApiPaths } from './history.paths.ts';

export const historyQueryKey = ['history'] as const;

/** The member's own entries, newest first, 50 a page (a guest gets none). */
export function useHistory() {
  return useInfiniteQuery({
    queryKey: historyQueryKey,
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      apiFetch<HistoryPage>(
        pageParam
          ? `${historyApiPaths.history}?cursor=${encodeURIComponent(pageParam)}`
          : historyApiPaths.history,
        { signal },
      ),
    getNextPageParam: (last) => last.next,
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
