import { useQuery } from '@tanstack/react-query';
import type { FinanceReport } from '../../../shared/schemas/finance.ts';
import { apiFetch } from '../../api.ts';

// The reports screen's calls and downloads, in its own chunk (see finance.access.ts).

export const reportsApiPaths = {
  report: (query: string) => `/api/finance/reports?${query}`,
  reportTableCsv: (query: string) => `/api/finance/reports/table.csv?${query}`,
  reportEntriesCsv: (query: string) => `/api/finance/reports/entries.csv?${query}`,
} as const;

export function useReport(query: string | null) {
  return useQuery({
    queryKey: ['finance', 'report', query ?? ''],
    queryFn: ({ signal }) => apiFetch<FinanceReport>(reportsApiPaths.report(query!), { signal }),
    enabled: query !== null,
    staleTime: 0,
  });
}
