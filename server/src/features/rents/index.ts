/** The rents feature's public surface: the rent references other features show (decision 1402). */
export { listingRent, rentReferences } from './queries.js';
