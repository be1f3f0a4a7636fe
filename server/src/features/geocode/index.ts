/** The geocoder feature's public surface for other features: the BAN spellings of street names. */
export { streetSpellings } from './street-spellings.js';
