/** The value-opinion feature's public surface: the estimate of a property, an opinion and the agency's letterhead. */

export { estimateAccountData } from './account-data.js';
export { computeEstimate } from './estimate.js';
export { agencyLogo, opinionById, readAgency } from './queries.js';
