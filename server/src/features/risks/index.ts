/** The risks and permits feature's public surface for other features: the permit search, for the saved searches. */
export { newPermits, searchPermits } from './permit-search.js';
