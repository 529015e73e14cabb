import { useQuery } from '@tanstack/react-query';
import type { FinanceAccess } from '../../../shared/schemas/finance.ts';
import { apiFetch } from '../../api.ts';

// Which assemblies this officer acts for: the desk's front page and the reports ask it. Apart
// from the tools' calls (finance.api.ts), so that the reports route, at its budget (decision
// 011), downloads none of them.

export const financeAccessPath = '/api/finance/access';

export function useFinanceAccess() {
  return useQuery({
    queryKey: ['finance', 'access'],
    queryFn: ({ signal }) => apiFetch<FinanceAccess>(financeAccessPath, { signal }),
    staleTime: 60_000,
  });
}
