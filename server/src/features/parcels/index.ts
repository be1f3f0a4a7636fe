/** The parcels feature's public surface for other features (decision 1402). */
export { parcelIdParam, unknownParcel } from './parcel-id.js';
export { resolveCommune } from './commune.js';
