// The history screens' API paths (decision 027: a feature's own, not in the shell).

export const historyApiPaths = {
  history: '/api/history',
  deleteCash: (id: string) => `/api/history/cash/${encodeURIComponent(id)}/delete`,
  receiptPdf: (id: string) => `/api/history/receipts/${encodeURIComponent(id)}`,
  statementYears: '/api/history/statements',
  statementPdf: (year: number) => `/api/history/statements/${year}`,
} as const;
