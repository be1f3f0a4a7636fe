/**
 * decimal.js configured once for money and ratios (METHODOLOGY §4, SEED-SPEC §9): 20 significant
 * digits, ROUND_HALF_UP. A clone, so that no other user of decimal.js sees its settings change.
 */
// The named export: decimal.js types itself as CommonJS, so under NodeNext its default import
// would be typed as the module object, while both builds export the constructor by name.
import { Decimal } from 'decimal.js';
import { DECIMAL } from '../constants.js';

export const Dec = Decimal.clone({ precision: DECIMAL.precision, rounding: DECIMAL.rounding });
export type Dec = InstanceType<typeof Dec>;

/** Rounds half up to `places` decimals and returns a plain number, for an API field or a display. */
export function roundTo(value: Dec | number, places = 0): number {
  return new Dec(value).toDecimalPlaces(places, Dec.ROUND_HALF_UP).toNumber();
}
