/**
 * What the extension's panel needs about one parsed listing, in one request: the commune of the
 * listing (postcode and city name → INSEE code), the €/m² of the DVF sales of that commune over
 * the two years ending at its newest loaded sale, for the listing's type; the commune's rent
 * reference against a rental's asking rent, or a sale's gross yield at its asking price.
 */
import type { ListingAnalysis } from '@immoloupe/shared/extension/contracts';
import type { ParsedListing } from '@immoloupe/shared/listings/contracts';
import type { LocalisationQuery } from '@immoloupe/shared/listings/localisation.logic';
import type { PropertyType } from '@immoloupe/shared/market/dvf';
import { STAT_NATURES } from '@immoloupe/shared/market/dvf';
import type { Queryable } from '../../db/client.js';
import { withRecordedCodes } from '../../places/communes.js';
import { communeOfPlace } from '../geocode/index.js';
import { statsWithMonthly } from '../market/index.js';
import { listingRent } from '../rents/index.js';

/** Years of sales the comparison covers, ending at the newest sale of the commune. */
export const COMPARISON_YEARS = 2;

/** What the DPE localisation can use of a listing: its place and at least one value, else nothing. */
export function localisationQueryOf(listing: ParsedListing, insee: string | undefined): LocalisationQuery | null {
  if (!listing.postcode && !insee) return null;
  const q: LocalisationQuery = {
    ...(listing.postcode ? { postcode: listing.postcode } : { insee }),
    ...(listing.propertyType === 'maison' || listing.propertyType === 'appartement' ? { type: listing.propertyType } : {}),
    ...(listing.surface !== undefined ? { surface: listing.surface } : {}),
    ...(listing.dpeClass ? { dpe: listing.dpeClass } : {}),
    ...(listing.gesClass ? { ges: listing.gesClass } : {}),
    ...(listing.dpeValue !== undefined ? { conso: listing.dpeValue } : {}),
    ...(listing.gesValue !== undefined ? { emission: listing.gesValue } : {}),
  };
  const hasValue = q.surface !== undefined || q.dpe || q.ges || q.conso !== undefined || q.emission !== undefined;
  return hasValue ? q : null;
}

export function statTypesOf(listing: ParsedListing): PropertyType[] {
  if (listing.propertyType === 'appartement' || listing.propertyType === 'maison' || listing.propertyType === 'local')
    return [listing.propertyType];
  return ['maison', 'appartement'];
}

function yearsBefore(isoDate: string, years: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export async function analyseListing(db: Queryable, listing: ParsedListing): Promise<Omit<ListingAnalysis, 'localisation'>> {
  const commune = communeOfPlace(listing.postcode, listing.city);
  const types = statTypesOf(listing);
  if (!commune) return { commune: null, types, period: null, market: null, rent: null };
  const rent = await listingRent(db, commune.insee, listing);
  const [last] = await db.query<{ d: string | null }>(
    'SELECT max(date_mutation)::text AS d FROM dvf_sales WHERE code_commune = ANY($1::text[])',
    [withRecordedCodes([commune.insee])],
  );
  if (!last?.d) return { commune, types, period: null, market: null, rent };
  const period = { from: yearsBefore(last.d, COMPARISON_YEARS), to: last.d };
  const { overall } = await statsWithMonthly(db, {
    zone: { kind: 'communes', insee: [commune.insee] },
    ...period,
    types,
    natures: STAT_NATURES,
  });
  return { commune, types, period, market: { count: overall.count, median: overall.median, q1: overall.q1, q3: overall.q3 }, rent };
}
