import { useQuery } from '@tanstack/react-query';
import type {
  AuditEntry,
  BankEntryCandidate,
  BankMapping,
  CashDeskEntry,
  FinanceOfficer,
  OfficerGrantInput,
  StatementLineView,
  StatementUploadResult,
} from '../../../shared/schemas/finance.ts';
import type { CashReceiveValues } from '../../../shared/finance.ts';
import { apiFetch } from '../../api.ts';
import { financeApiPaths } from './finance.paths.ts';

// The finance tools' calls (the access and the reports are in finance.access.ts and
// reports.api.ts). Everything is the church's money: always asked for afresh.

export const financeKeys = {
  flagged: ['finance', 'cash', 'flagged'] as const,
  mappings: ['finance', 'bank', 'mappings'] as const,
  lines: (state: 'unmatched' | 'matched') => ['finance', 'bank', 'lines', state] as const,
  statements: ['finance', 'bank', 'statements'] as const,
  officers: ['finance', 'officers'] as const,
  audit: (action: string) => ['finance', 'audit', action] as const,
};

export const findCash = (code: string) => apiFetch<CashDeskEntry>(financeApiPaths.cash(code));

export const receiveCash = (id: string, values: CashReceiveValues) =>
  apiFetch<{ outcome: 'received' | 'flagged'; entry: CashDeskEntry }>(
    financeApiPaths.cashReceive(id),
    { method: 'POST', body: values },
  );

export function useFlaggedCash() {
  return useQuery({
    queryKey: financeKeys.flagged,
    queryFn: ({ signal }) =>
      apiFetch<{ entries: CashDeskEntry[] }>(financeApiPaths.cashFlagged, { signal }).then(
        (r) => r.entries,
      ),
    staleTime: 0,
  });
}

export function useBankMappings() {
  return useQuery({
    queryKey: financeKeys.mappings,
    queryFn: ({ signal }) =>
      apiFetch<{ mappings: Partial<Record<string, BankMapping>> }>(financeApiPaths.bankMappings, {
        signal,
      }).then((r) => r.mappings),
    staleTime: 0,
  });
}

export const saveMapping = (bank: string, mapping: BankMapping) =>
  apiFetch<BankMapping>(financeApiPaths.bankMapping(bank), { method: 'PUT', body: mapping });

export function uploadStatement(bank: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiFetch<StatementUploadResult>(financeApiPaths.bankUpload(bank), {
    method: 'POST',
    body: form,
  });
}

export function useStatementLines(state: 'unmatched' | 'matched') {
  return useQuery({
    queryKey: financeKeys.lines(state),
    queryFn: ({ signal }) =>
      apiFetch<{ lines: StatementLineView[] }>(financeApiPaths.bankLines(state), { signal }).then(
        (r) => r.lines,
      ),
    staleTime: 0,
  });
}

export const matchCandidates = (lineId: string) =>
  apiFetch<{ candidates: BankEntryCandidate[] }>(financeApiPaths.bankCandidates(lineId)).then(
    (r) => r.candidates,
  );

export const matchLine = (lineId: string, entryId: string) =>
  apiFetch<void>(financeApiPaths.bankMatch(lineId), { method: 'POST', body: { entryId } });

export const unmatchLine = (lineId: string) =>
  apiFetch<void>(financeApiPaths.bankUnmatch(lineId), { method: 'POST', body: {} });

export const rematch = () =>
  apiFetch<{ matched: number }>(financeApiPaths.bankRematch, { method: 'POST', body: {} });

export function useOfficers() {
  return useQuery({
    queryKey: financeKeys.officers,
    queryFn: ({ signal }) =>
      apiFetch<{ officers: FinanceOfficer[] }>(financeApiPaths.officers, { signal }).then(
        (r) => r.officers,
      ),
    staleTime: 0,
  });
}

export const grantOfficer = (input: OfficerGrantInput) =>
  apiFetch<unknown>(financeApiPaths.officers, { method: 'PUT', body: input });

export const revokeOfficer = (email: string) =>
  apiFetch<void>(financeApiPaths.officerRevoke, { method: 'POST', body: { email } });

export const fetchAudit = (query: string) =>
  apiFetch<{ entries: AuditEntry[] }>(financeApiPaths.audit(query)).then((r) => r.entries);
