/** CSV shared by the prospecting searches' exports (DPE, co-ownerships): the download and its cells. */
import { parisIsoDate } from '@immoloupe/shared/format';
import { CSV_BOM, type CsvCell, csvLine, csvNumber } from '@immoloupe/shared/market/csv';
import type { Response } from 'express';

/** Longitude and latitude to six decimals (about 10 cm): the default two move a point by up to a kilometre. */
export const coordinateCells = (r: { lon: number | null; lat: number | null }): (string | null)[] =>
  [r.lon, r.lat].map((v) => (v === null ? null : csvNumber(v, 6)));

/**
 * Sends a search's rows as a CSV for Excel, a header then a line a row, in a file named after the
 * subscriber's calendar day (`dpe-2026-11-27.csv`). `cells` gets that day too: a cell said « as of
 * today » then agrees with the file's name.
 */
export function sendSearchCsv<R>(
  res: Response,
  name: string,
  header: readonly string[],
  rows: readonly R[],
  cells: (row: R, today: string) => readonly CsvCell[],
) {
  // The subscriber's calendar day: a UTC date is the day before in Paris until 1 or 2 a.m.
  const today = parisIsoDate(new Date());
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${name}-${today}.csv"`);
  res.setHeader('Cache-Control', 'private, no-store');
  let out = CSV_BOM + csvLine(header);
  for (const row of rows) out += csvLine(cells(row, today));
  res.send(out);
}
