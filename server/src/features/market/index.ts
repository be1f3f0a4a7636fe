/** The market feature's public surface for other features: a commune's name and postcodes. */
export { communeInfo } from './communes.js';
