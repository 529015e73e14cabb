import { patterns } from '../../paths.ts';
import type { Screen } from '../../routes.ts';

// The finance desk (issue 12): officers and admins; roles and the audit trail, admins only.
export const screens: Screen[] = [
  { pattern: patterns.financeDesk, page: 'features/finance/FinancePage.tsx', guard: 'finance' },
  { pattern: patterns.financeCash, page: 'features/finance/CashDeskPage.tsx', guard: 'finance' },
  {
    pattern: patterns.financeBank,
    page: 'features/finance/BankMatchingPage.tsx',
    guard: 'finance',
  },
  { pattern: patterns.adminReports, page: 'features/finance/ReportsPage.tsx', guard: 'finance' },
  {
    pattern: patterns.adminFinanceOfficers,
    page: 'features/finance/OfficersPage.tsx',
    guard: 'admin',
  },
  { pattern: patterns.adminFinanceAudit, page: 'features/finance/AuditPage.tsx', guard: 'admin' },
  // Campaigns (issue 33): the report for officers and admins, the new-campaign form for admins.
  {
    pattern: patterns.adminCampaigns,
    page: 'features/finance/CampaignsPage.tsx',
    guard: 'finance',
  },
];
