// Enumerations from the product spec (§3). The database checks them too.

export const OFFERING_TYPES = [
  'tithe',
  'offering',
  'seed',
  'pledge',
  'missions',
  'building_project',
  'welfare',
  'other',
] as const;
export type OfferingType = (typeof OFFERING_TYPES)[number];

export const PAYMENT_METHODS = ['momo', 'card', 'bank', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const MOMO_PROVIDERS = ['MTN', 'Telecel', 'AT'] as const;
export type MomoProvider = (typeof MOMO_PROVIDERS)[number];

export const BANKS = ['fidelity', 'prudential'] as const;
export type Bank = (typeof BANKS)[number];

export const TRANSACTION_STATUSES = ['pending', 'success', 'failed', 'abandoned'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const CASH_DELETE_REASONS = ['Mistaken amount or details', 'Other reason'] as const;
export type CashDeleteReason = (typeof CASH_DELETE_REASONS)[number];

export const WORKER_ROLES = [
  'reverend_minister',
  'pastor',
  'elder',
  'campus_pastor',
  'cell_leader',
] as const;
export type WorkerRole = (typeof WORKER_ROLES)[number];

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

// The form stores 'full-time'; the appointment page reads 'full'. Both mean the full letter.
export const PASTOR_TYPES = ['lay', 'full', 'full-time'] as const;
export type PastorType = (typeof PASTOR_TYPES)[number];

export const CURRENCY = 'GHS';

// Finance desk (issue 12). A cash entry is pending until the desk receives it: the same
// amount makes it received, another amount is recorded beside the member's and flagged.
export const CASH_STATES = ['pending', 'received', 'flagged'] as const;
export type CashState = (typeof CASH_STATES)[number];

/** A bank entry is pending until a statement line is matched to it. */
export const BANK_STATES = ['pending', 'matched'] as const;
export type BankState = (typeof BANK_STATES)[number];

/** Every finance action the audit trail records. */
export const FINANCE_ACTIONS = [
  'receive',
  'flag',
  'match',
  'unmatch',
  'role_grant',
  'role_change',
  'role_revoke',
  'statement_upload',
  'mapping_save',
] as const;
export type FinanceAction = (typeof FINANCE_ACTIONS)[number];

export const RECEIPT_ENTRY_KINDS = ['transaction', 'cash', 'bank'] as const;
export type ReceiptEntryKind = (typeof RECEIPT_ENTRY_KINDS)[number];

/** How a member's receipts and codes reach them (issue 32): a member without email or data has SMS. */
export const RECEIPT_CHANNELS = ['email', 'sms', 'both'] as const;
export type ReceiptChannel = (typeof RECEIPT_CHANNELS)[number];

/** Where a gift was made (issue 32): in the app, or by USSD from a phone. Reports show it. */
export const GIFT_CHANNELS = ['app', 'ussd'] as const;
export type GiftChannel = (typeof GIFT_CHANNELS)[number];
