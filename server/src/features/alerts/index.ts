/** The alerts feature's public surface: what the account export and deletion hold of a user's alerts. */
export { alertAccountData } from './account-data.js';
