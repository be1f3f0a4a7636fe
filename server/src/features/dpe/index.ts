/** The DPE feature's public surface for other features: how a DPE's address is shown, in SQL. */
export { dpeAddressSql } from './address-sql.js';
