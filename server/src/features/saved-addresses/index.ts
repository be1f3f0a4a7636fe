/** The saved-addresses feature's public surface: what the account export and deletion hold of a user's addresses. */
export { savedAddressAccountData } from './account-data.js';
