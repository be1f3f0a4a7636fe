/** The co-ownerships feature's public surface: the search's SQL and the RNIC's date, for counts, alerts and tiles. */
export { coproWhere, rnicDate, searchCopros } from './queries.js';
