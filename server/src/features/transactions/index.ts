/** The transactions feature's public surface for other features. */
export { placeForUser, resolvePlace } from './place.js';
export { toTransactions } from './present.js';
export {
  filteredMutationsSql,
  type ImportWindow,
  importWindowClause,
  listTransactions,
  type TransactionRow,
  transactionsImported,
} from './queries.js';
