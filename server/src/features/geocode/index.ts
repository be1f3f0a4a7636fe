/** The geocoder's public surface for other features: addresses, their parcels, the commune of a place, street spellings. */
export { COMMUNE_OF_PLACE_VERSION, communeOfPlace } from './commune-of-place.js';
export { ADDRESS_PARCEL_MAX_M, addressParcel, geocode, nearestParcels, parcelAt } from './geocode.js';
export { type BanAddressNaming, banAddressLabel } from './geocode.logic.js';
export { streetSpellings } from './street-spellings.js';
