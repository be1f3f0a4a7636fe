/** The zone feature's public surface: the zone contract in SQL, « ma zone », map clusters and the search CSV. */

export { zoneAccountData } from './account-data.js';
export { clusterCollection, gridClusters } from './clusters.js';
export { coordinateCells, sendSearchCsv } from './csv.js';
export { columnsOf, pointInGeometrySql, type SqlZoneQuery, zoneWhere } from './sql.js';
export { NO_TERRITORY_MESSAGE, readTerritory, resolveZone } from './territory.js';
