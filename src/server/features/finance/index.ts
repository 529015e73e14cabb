// The public entry of finance: what other features may import of it (decision 055), receipts and
// statements: giving issues them, history shows them.
export { deliverPendingReceipts, deliverReceipt } from './receipt-delivery.ts';
export { issueReceipt } from './receipts.service.ts';
export { receiptPdf, statementPdf, statementYears } from './receipt-pdfs.ts';
