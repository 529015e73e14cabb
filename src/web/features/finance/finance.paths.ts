// The finance tools' API paths (the rest are in src/web/paths.ts). They live with the
// finance area, which is loaded on the first visit there, so that the shell every member
// downloads does not carry them (route budgets, decision 011). The access and the reports'
// paths are beside their calls (finance.access.ts, reports.api.ts): the reports route, at its
// budget, downloads none of the tools' code.

export const financeApiPaths = {
  cash: (code: string) => `/api/finance/cash?code=${encodeURIComponent(code)}`,
  cashFlagged: '/api/finance/cash/flagged',
  cashReceive: (id: string) => `/api/finance/cash/${encodeURIComponent(id)}/receive`,
  bankMappings: '/api/finance/bank/mappings',
  bankMapping: (bank: string) => `/api/finance/bank/mappings/${encodeURIComponent(bank)}`,
  bankUpload: (bank: string) => `/api/finance/bank/statements?bank=${encodeURIComponent(bank)}`,
  bankLines: (state: 'unmatched' | 'matched') => `/api/finance/bank/lines?state=${state}`,
  bankCandidates: (id: string) => `/api/finance/bank/lines/${encodeURIComponent(id)}/candidates`,
  bankMatch: (id: string) => `/api/finance/bank/lines/${encodeURIComponent(id)}/match`,
  bankUnmatch: (id: string) => `/api/finance/bank/lines/${encodeURIComponent(id)}/unmatch`,
  bankRematch: '/api/finance/bank/rematch',
  officers: '/api/admin/finance/officers',
  officerRevoke: '/api/admin/finance/officers/revoke',
  audit: (query: string) => `/api/admin/finance/audit${query ? `?${query}` : ''}`,
} as const;
