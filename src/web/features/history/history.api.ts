import { useQuery } from '@tanstack/react-query';
import type { CashDeleteReason } from '../../../shared/constants.ts';
import type { HistoryEntry } from '../../../shared/schemas/giving.ts';
import { apiFetch } from '../../api.ts';
import { apiPaths } from '../../paths.ts';

export const historyQueryKey = ['history'] as const;

/** The member's own entries, newest first (a guest gets none). */
export function useHistory() {
  return useQuery({
    queryKey: historyQueryKey,
    queryFn: ({ signal }) =>
      apiFetch<{ entries: HistoryEntry[] }>(apiPaths.history, { signal }).then((r) => r.entries),
    // A member's own money: always ask again when the screen opens.
    staleTime: 0,
  });
}

export function deleteCashEntry(id: string, reason: CashDeleteReason) {
  return apiFetch<void>(apiPaths.deleteCash(id), { method: 'POST', body: { reason } });
}

/** The years with receipted gifts (for the yearly statements). */
export function useStatementYears() {
  return useQuery({
    queryKey: [...historyQueryKey, 'statement-years'],
    queryFn: ({ signal }) =>
      apiFetch<{ years: number[] }>(apiPaths.statementYears, { signal }).then((r) => r.years),
    staleTime: 0,
  });
}
