/** The transactions feature's public surface. */
export { toTransactions } from './present.js';
