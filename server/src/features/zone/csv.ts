/** CSV cells shared by the prospecting searches' exports (DPE, co-ownerships). */
import { csvNumber } from '@immoloupe/shared/market/csv';

/** Longitude and latitude to six decimals (about 10 cm): the default two move a point by up to a kilometre. */
export const coordinateCells = (r: { lon: number | null; lat: number | null }): (string | null)[] =>
  [r.lon, r.lat].map((v) => (v === null ? null : csvNumber(v, 6)));
