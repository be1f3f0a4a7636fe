/** The prospecting feature's public surface: what the account export and deletion hold of a user's lists. */
export { prospectingAccountData } from './account-data.js';
