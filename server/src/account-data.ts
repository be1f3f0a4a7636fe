/**
 * Every feature's part of the account export and deletion (decision 1511), in the export's order.
 * A feature that keeps rows of a user adds its part here; the account routes read no feature's
 * table, and server/src/auth/account-export.test.ts fails while a table referencing users is no part's.
 */
import type { AccountDataPart } from './auth/account-data.js';
import { alertAccountData } from './features/alerts/index.js';
import { estimateAccountData } from './features/estimates/index.js';
import { keyAccountData } from './features/keys/index.js';
import { listingAccountData } from './features/listings/index.js';
import { newsletterAccountData } from './features/newsletter/index.js';
import { notificationAccountData } from './features/notifications/index.js';
import { prospectingAccountData } from './features/prospecting/index.js';
import { savedAddressAccountData } from './features/saved-addresses/index.js';
import { savedSearchAccountData } from './features/saved-searches/index.js';
import { zoneAccountData } from './features/zone/index.js';

export const ACCOUNT_DATA: readonly AccountDataPart[] = [
  ...keyAccountData,
  ...savedSearchAccountData,
  ...savedAddressAccountData,
  ...listingAccountData,
  ...prospectingAccountData,
  ...estimateAccountData,
  ...zoneAccountData,
  ...alertAccountData,
  ...notificationAccountData,
  ...newsletterAccountData,
];
