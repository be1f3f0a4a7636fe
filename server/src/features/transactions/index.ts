/** The transactions feature's public surface for other features. */
export { toTransactions } from './present.js';
export { type ImportWindow, importWindowClause, listTransactions, type TransactionRow } from './queries.js';
