/** The parcels feature's public surface for other features (decision 1402). */
export { firstAddressesOfParcelIds } from './addresses.js';
export { resolveCommune } from './commune.js';
export { communesCondition, parcelsOfZone } from './queries.js';
