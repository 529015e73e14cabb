// The pledge and campaign screens' API paths (decision 027: a feature's own, not in the shell).

export const pledgesApiPaths = {
  pledges: '/api/pledges',
  pledge: (id: string) => `/api/pledges/${encodeURIComponent(id)}`,
  pledgeGifts: (id: string) => `/api/pledges/${encodeURIComponent(id)}/gifts`,
  campaignReport: '/api/campaigns/report',
  campaignReportCsv: '/api/campaigns/report.csv',
  campaigns: '/api/admin/campaigns',
} as const;
