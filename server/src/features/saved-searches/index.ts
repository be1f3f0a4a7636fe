/**
 * The saved-search feature's public surface: the rows each tool reports as new (what the alert
 * engine sends) and their wording, which the engine uses for watched addresses too.
 */

export { savedSearchAccountData } from './account-data.js';
export {
  type AlertRow,
  DPE_ALERT_COLUMNS,
  type DpeAlertRow,
  dpeRow,
  saleRows,
} from './alert-rows.js';
export { newRows } from './tools.js';
