/** The newsletter feature's public surface: what the account export and deletion hold of the newsletters a user received. */
export { newsletterAccountData } from './account-data.js';
