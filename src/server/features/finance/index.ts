// The public entry of finance: what other features may import of it (decision 055), receipts and
// statements: giving issues them, history shows them.
export {
  deliverPendingReceipts,
  deliverReceipt,
  issueReceipt,
  receiptPdf,
  statementPdf,
  statementYears,
} from './receipts.service.ts';
