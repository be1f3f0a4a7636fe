/** The access keys feature's public surface: what the account export and deletion hold of a user's keys. */
export { keyAccountData } from './account-data.js';
