/** The land feature's public surface (decision 1410): the per-parcel land figures, their refresh, and the land search's SQL. */
export { refreshParcelLand, registerLandRefresh, zoneFamily } from './refresh.js';
export { buildingsMissing, type LandFilters, landCondition, landOfParcels } from './search.js';
