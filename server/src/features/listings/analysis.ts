/**
 * Analysis of one listing (/pro/analyseannonce): its €/m² against the DVF median of sales of the
 * same type (commune, then 500 m around it once placed), the value-opinion estimate and its
 * comparables, the gap and the margin to negotiate, the DPE localisation candidates and the
 * rental ban of its DPE class; a rental's asking rent against the commune's rent reference (Carte
 * des loyers), never against sales, and a sale's gross yield at its asking price. Periods end at
 * the newest sale the database holds.
 */

import type { Role } from '@immoloupe/shared/accounts/contracts';
import { rentalBanStatus } from '@immoloupe/shared/dpe/rental-ban.logic';
import { askingPricePerM2, transactionState } from '@immoloupe/shared/listings/contracts';
import { type FeesChoice, netOfFees } from '@immoloupe/shared/listings/fees.logic';
import type { LocalisationCandidate } from '@immoloupe/shared/listings/localisation.logic';
import {
  type ListingAnalysis,
  type ListingFields,
  localisationQueryOf,
  positionAgainst,
  RENT_NOTE,
  TRANSACTION_QUESTION,
  writtenAddressPointNote,
} from '@immoloupe/shared/listings/store.logic';
import { monthsWindowStart } from '@immoloupe/shared/market/comparables.logic';
import { STAT_NATURES } from '@immoloupe/shared/market/dvf';
import { departementOfCodes, importHintText } from '@immoloupe/shared/opendata/import-hint';
import { noRentReferenceNote } from '@immoloupe/shared/rents/rents.logic';
import type { Queryable } from '../../db/client.js';
import { computeEstimate } from '../estimates/index.js';
import { communeOfPlace } from '../geocode/index.js';
import { dvfFreshness, statsWithMonthly } from '../market/index.js';
import { listingRent } from '../rents/index.js';
import { localiseListing, type WrittenPlace, writtenPlaceOf } from './localisation.js';

const RADIUS_M = 500;
const PERIOD_MONTHS = 24;
/** A candidate at least this sure places the listing for the radius statistics and the estimate. */
const PLACING_SCORE = 50;

/** The commune of a listing, from its postcode (and city when the postcode spans several). */
export function communeOf(f: Pick<ListingFields, 'postcode' | 'city'>): { insee: string; name: string } | null {
  if (!f.postcode) return null;
  const found = communeOfPlace(f.postcode, f.city);
  return found ? { insee: found.insee, name: found.nom } : null;
}

/**
 * Where a listing is analysed (decision 1460): the point the agent picked in « Adresse du bien »;
 * else the street address the listing writes, when the BAN of its commune holds it (a more precise
 * point than the one a portal rounds); else the portal's point; else its likeliest DPE, when sure
 * enough. An address written but found elsewhere, or not at all, changes nothing.
 */
export function analysisPoint(
  f: Pick<ListingFields, 'lat' | 'lon' | 'placedByBan'>,
  written: WrittenPlace | null,
  best: LocalisationCandidate | undefined,
): ListingAnalysis['point'] {
  const given = f.lat != null && f.lon != null ? { lat: f.lat, lon: f.lon, source: 'annonce' as const } : null;
  // An address the agent picked in the BAN. A saved portal's point also says false, so false cannot
  // tell the agent's other picks (a commune, a parcel) from a portal's rounded point.
  if (given && f.placedByBan === true) return given;
  if (written?.ban) return { lat: written.ban.lat, lon: written.ban.lon, source: 'adresse', address: written.ban.label };
  if (given) return given;
  return best?.score != null && best.score >= PLACING_SCORE && best.lat !== null && best.lon !== null
    ? { lat: best.lat, lon: best.lon, source: 'dpe' }
    : null;
}

/**
 * `role`: the reader's, for the note on missing DVF (an administrator imports them, a subscriber
 * asks the Immoloupe team).
 */
export async function analyseListing(
  db: Queryable,
  f: ListingFields,
  today: string,
  role: Role | null = null,
  fees: FeesChoice | null = null,
): Promise<ListingAnalysis> {
  const notes: string[] = [];
  const commune = communeOf(f);
  const type = f.propertyType === 'appartement' || f.propertyType === 'maison' ? f.propertyType : null;
  // Never defaulted: a listing that does not say sale or rent is compared with nothing until told.
  const transaction = transactionState(f);
  const pricePerM2 = f.price && f.surface && transaction !== 'inconnue' ? Math.round((f.price / f.surface) * 100) / 100 : null;

  const localisation = localisationQueryOf(f);
  const written = await writtenPlaceOf(db, f, commune?.insee ?? null);
  const candidates = localisation ? await localiseListing(db, localisation, f, commune?.insee ?? null, written) : [];
  const best = candidates[0];
  const point = analysisPoint(f, written, best);

  const analysis: ListingAnalysis = {
    transaction,
    commune,
    point,
    pricePerM2,
    period: null,
    market: [],
    position: null,
    estimate: null,
    comparables: [],
    gap: null,
    rent: null,
    candidates,
    rentalBan: (() => {
      // No class read: « unknown », never « no ban » (the page would advise what it cannot know).
      if (!f.dpeClass) return { kind: 'unknown' as const, date: null };
      const s = rentalBanStatus(f.dpeClass, today);
      return s.kind === 'none' ? { kind: 'none' as const, date: null } : { kind: s.kind, date: s.kind === 'banned' ? s.since : s.from };
    })(),
    notes,
  };
  if (point?.source === 'adresse' && point.address) notes.push(writtenAddressPointNote(point.address));
  if (transaction === 'inconnue') notes.push(TRANSACTION_QUESTION);
  if (transaction === 'location') notes.push(RENT_NOTE);
  if (!commune) notes.push('Code postal absent ou inconnu : pas de comparaison avec les ventes DVF.');
  if (!type) notes.push('Type de bien autre qu’appartement ou maison : pas de comparaison DVF.');
  if (commune) {
    analysis.rent = await listingRent(db, commune.insee, f);
    if (analysis.rent && !analysis.rent.reference)
      notes.push(
        noRentReferenceNote(
          commune.name,
          f.propertyType ?? 'appartement',
          importHintText({ role, source: 'loyers', departement: departementOfCodes([commune.insee]) }),
        ),
      );
  }
  if (!commune || transaction !== 'vente' || !type) return analysis;

  const newest = (await dvfFreshness(db, [commune.insee])).lastMutationDate;
  if (!newest) {
    notes.push(
      `Aucune vente DVF importée pour ${commune.name}. ${importHintText({ role, source: 'dvf', departement: departementOfCodes([commune.insee]) })}`,
    );
    return analysis;
  }
  const period = { from: monthsWindowStart(newest, PERIOD_MONTHS), to: newest };
  analysis.period = period;
  const filter = { from: period.from, to: period.to, types: [type], natures: [...STAT_NATURES] };
  const inCommune = (await statsWithMonthly(db, { ...filter, zone: { kind: 'communes', insee: [commune.insee] } })).overall;
  analysis.market.push({ label: commune.name, count: inCommune.count, median: inCommune.median });
  let closest = inCommune.median;
  if (point) {
    const around = (await statsWithMonthly(db, { ...filter, zone: { kind: 'radius', lat: point.lat, lon: point.lon, radius: RADIUS_M } }))
      .overall;
    analysis.market.push({ label: `${RADIUS_M} m autour`, count: around.count, median: around.median });
    closest = around.median ?? closest;
  } else
    notes.push(
      'Annonce non localisée : comparaison à la commune seulement. Indiquez l’adresse du bien dans les champs lus pour la comparer aux ventes à 500 m et l’estimer par comparables.',
    );
  if (pricePerM2 && closest) analysis.position = positionAgainst(pricePerM2, closest);

  if (point && f.surface && f.surface >= 5) {
    const result = await computeEstimate(db, {
      subject: {
        label: f.title ?? `${type} ${commune.name}`,
        lat: point.lat,
        lon: point.lon,
        insee: commune.insee,
        type,
        surface: f.surface,
        rooms: f.rooms ?? null,
        landSurface: f.landArea ?? null,
        dpe: f.dpeClass ?? null,
        notes: '',
        // An address or a street the agent picked in the BAN, the written address the BAN placed, or
        // the point read on the portal's page.
        placedByBan: point.source === 'adresse' || (f.placedByBan ?? false),
      },
      excluded: [],
      added: [],
    });
    analysis.comparables = result.comparables.slice(0, 10).map((c) => ({
      address: c.address,
      date: c.date,
      price: c.price,
      surface: c.surface,
      pricePerM2: c.pricePerM2,
      distanceM: c.distanceM,
    }));
    const e = result.estimate;
    if (e) {
      analysis.estimate = { value: e.value, low: e.low, high: e.high, count: e.count, pricePerM2: e.pricePerM2.median };
      if (f.price) {
        // DVF prices exclude the agency's fees: a fees-included price is compared net of them.
        const net = fees ? netOfFees(f.price, fees) : { net: f.price, fees: null };
        const amount = net.net - e.value;
        analysis.gap = { amount, ratio: amount / e.value, negotiation: Math.max(0, amount), netPrice: net.net, fees: net.fees };
      }
    } else notes.push('Moins de 3 ventes comparables : pas d’estimation.');
  }
  return analysis;
}

export interface MapPoint {
  id: string;
  lat: number;
  lon: number;
  pricePerM2: number | null;
  median: number | null;
  position: 'dessous' | 'aligne' | 'dessus' | null;
}

/**
 * Saved listings on the map, each placed against the median €/m² of its commune for its type over
 * the 24 months ending at the commune's newest sale (one statistic per commune and type).
 */
export async function mapPositions(
  db: Queryable,
  listings: readonly {
    id: string;
    lat?: number | null;
    lon?: number | null;
    price?: number | null;
    surface?: number | null;
    postcode?: string | null;
    city?: string | null;
    propertyType?: string | null;
    transaction?: string | null;
  }[],
): Promise<MapPoint[]> {
  const medians = new Map<string, number | null>();
  const out: MapPoint[] = [];
  for (const l of listings) {
    if (l.lat == null || l.lon == null) continue;
    const ppm2 = askingPricePerM2(l);
    const commune = communeOf({ postcode: l.postcode ?? null, city: l.city ?? null });
    const type = l.propertyType === 'appartement' || l.propertyType === 'maison' ? l.propertyType : null;
    let median: number | null = null;
    if (commune && type && ppm2) {
      const key = `${commune.insee}:${type}`;
      if (!medians.has(key)) {
        const newest = (await dvfFreshness(db, [commune.insee])).lastMutationDate;
        medians.set(
          key,
          newest
            ? (
                await statsWithMonthly(db, {
                  zone: { kind: 'communes', insee: [commune.insee] },
                  from: monthsWindowStart(newest, PERIOD_MONTHS),
                  to: newest,
                  types: [type],
                  natures: [...STAT_NATURES],
                })
              ).overall.median
            : null,
        );
      }
      median = medians.get(key) ?? null;
    }
    out.push({
      id: l.id,
      lat: l.lat,
      lon: l.lon,
      pricePerM2: ppm2,
      median,
      position: ppm2 && median ? positionAgainst(ppm2, median) : null,
    });
  }
  return out;
}
