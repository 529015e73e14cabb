import { useQuery } from '@tanstack/react-query';
import type {
  AuditEntry,
  BankEntryCandidate,
  BankMapping,
  CashDeskEntry,
  CashReceive,
  FinanceAccess,
  FinanceOfficer,
  FinanceReport,
  OfficerGrantInput,
  StatementLineView,
  StatementUploadResult,
} from '../../../shared/schemas/finance.ts';
import { apiFetch } from '../../api.ts';
import { apiPaths } from '../../paths.ts';

// The finance desk's calls. Everything is the church's money: always asked for afresh.

export const financeKeys = {
  access: ['finance', 'access'] as const,
  flagged: ['finance', 'cash', 'flagged'] as const,
  mappings: ['finance', 'bank', 'mappings'] as const,
  lines: (state: 'unmatched' | 'matched') => ['finance', 'bank', 'lines', state] as const,
  statements: ['finance', 'bank', 'statements'] as const,
  report: (query: string) => ['finance', 'report', query] as const,
  officers: ['finance', 'officers'] as const,
  audit: (action: string) => ['finance', 'audit', action] as const,
};

export function useFinanceAccess() {
  return useQuery({
    queryKey: financeKeys.access,
    queryFn: ({ signal }) => apiFetch<FinanceAccess>(apiPaths.financeAccess, { signal }),
    staleTime: 60_000,
  });
}

export const findCash = (code: string) => apiFetch<CashDeskEntry>(apiPaths.financeCash(code));

export const receiveCash = (id: string, values: CashReceive | Record<string, unknown>) =>
  apiFetch<{ outcome: 'received' | 'flagged'; entry: CashDeskEntry }>(
    apiPaths.financeCashReceive(id),
    { method: 'POST', body: values },
  );

export function useFlaggedCash() {
  return useQuery({
    queryKey: financeKeys.flagged,
    queryFn: ({ signal }) =>
      apiFetch<{ entries: CashDeskEntry[] }>(apiPaths.financeCashFlagged, { signal }).then(
        (r) => r.entries,
      ),
    staleTime: 0,
  });
}

export function useBankMappings() {
  return useQuery({
    queryKey: financeKeys.mappings,
    queryFn: ({ signal }) =>
      apiFetch<{ mappings: Partial<Record<string, BankMapping>> }>(apiPaths.financeBankMappings, {
        signal,
      }).then((r) => r.mappings),
    staleTime: 0,
  });
}

export const saveMapping = (bank: string, mapping: BankMapping) =>
  apiFetch<BankMapping>(apiPaths.financeBankMapping(bank), { method: 'PUT', body: mapping });

export function uploadStatement(bank: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiFetch<StatementUploadResult>(apiPaths.financeBankUpload(bank), {
    method: 'POST',
    body: form,
  });
}

export function useStatementLines(state: 'unmatched' | 'matched') {
  return useQuery({
    queryKey: financeKeys.lines(state),
    queryFn: ({ signal }) =>
      apiFetch<{ lines: StatementLineView[] }>(apiPaths.financeBankLines(state), { signal }).then(
        (r) => r.lines,
      ),
    staleTime: 0,
  });
}

export const matchCandidates = (lineId: string) =>
  apiFetch<{ candidates: BankEntryCandidate[] }>(apiPaths.financeBankCandidates(lineId)).then(
    (r) => r.candidates,
  );

export const matchLine = (lineId: string, entryId: string) =>
  apiFetch<void>(apiPaths.financeBankMatch(lineId), { method: 'POST', body: { entryId } });

export const unmatchLine = (lineId: string) =>
  apiFetch<void>(apiPaths.financeBankUnmatch(lineId), { method: 'POST', body: {} });

export const rematch = () =>
  apiFetch<{ matched: number }>(apiPaths.financeBankRematch, { method: 'POST', body: {} });

export function useReport(query: string | null) {
  return useQuery({
    queryKey: financeKeys.report(query ?? ''),
    queryFn: ({ signal }) => apiFetch<FinanceReport>(apiPaths.financeReport(query!), { signal }),
    enabled: query !== null,
    staleTime: 0,
  });
}

export function useOfficers() {
  return useQuery({
    queryKey: financeKeys.officers,
    queryFn: ({ signal }) =>
      apiFetch<{ officers: FinanceOfficer[] }>(apiPaths.financeOfficers, { signal }).then(
        (r) => r.officers,
      ),
    staleTime: 0,
  });
}

export const grantOfficer = (input: OfficerGrantInput) =>
  apiFetch<unknown>(apiPaths.financeOfficers, { method: 'PUT', body: input });

export const revokeOfficer = (email: string) =>
  apiFetch<void>(apiPaths.financeOfficerRevoke, { method: 'POST', body: { email } });

export const fetchAudit = (query: string) =>
  apiFetch<{ entries: AuditEntry[] }>(apiPaths.financeAudit(query)).then((r) => r.entries);
