/** The land feature's public surface (decision 1410): the per-parcel land figures and their refresh. */
export { refreshParcelLand, registerLandRefresh, zoneFamily } from './refresh.js';
