/** The listings feature's public surface: a listing's localisation and sighting (the extension), the pool's search (saved searches). */

export { listingAccountData } from './account-data.js';
export { localiseListing } from './localisation.js';
export { countPoolSearch, poolImported } from './pool.js';
export { saveSighting } from './store.js';
