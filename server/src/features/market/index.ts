/** The market feature's public surface for other features: the statistics of a zone and the freshness of DVF. */
export { dvfFreshness, statsWithMonthly } from './queries.js';
