import type { RouteObject } from 'react-router';
import { patterns } from '../../paths.ts';

/**
 * The finance desk (issue 12): finance officers and admins. Role changes and the audit
 * trail are for admins only (inside RequireAdmin). Every page is its own lazy chunk; the
 * chart library comes only with the reports page.
 */
export const financeRoutes: RouteObject[] = [
  {
    lazy: { Component: async () => (await import('./RequireFinance.tsx')).RequireFinance },
    children: [
      {
        path: patterns.financeDesk,
        lazy: { Component: async () => (await import('./FinancePage.tsx')).FinancePage },
      },
      {
        path: patterns.financeCash,
        lazy: { Component: async () => (await import('./CashDeskPage.tsx')).CashDeskPage },
      },
      {
        path: patterns.financeBank,
        lazy: {
          Component: async () => (await import('./BankMatchingPage.tsx')).BankMatchingPage,
        },
      },
      {
        path: patterns.adminReports,
        lazy: { Component: async () => (await import('./ReportsPage.tsx')).ReportsPage },
      },
    ],
  },
  {
    lazy: {
      Component: async () => (await import('../admin/RequireAdmin.tsx')).RequireAdmin,
    },
    children: [
      {
        path: patterns.adminFinanceOfficers,
        lazy: { Component: async () => (await import('./OfficersPage.tsx')).OfficersPage },
      },
      {
        path: patterns.adminFinanceAudit,
        lazy: { Component: async () => (await import('./AuditPage.tsx')).AuditPage },
      },
    ],
  },
];
