/** The DPE feature's public surface for other features: a DPE's address and point in SQL, the search, the sales of a parcel. */
export { dpeAddressSql, dpeTypedAddressSql } from './address-sql.js';
export { SALE_COLUMNS, type SaleRow, salesOnParcels, toParcelSale } from './parcel-facts.js';
export { dpeAtStreetPointSql } from './placement.js';
export { dpeWhere, searchDpe } from './queries.js';
