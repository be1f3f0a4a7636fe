/**
 * The value opinion of METHODOLOGY §2 on the database: candidate sales are read from `dvf_sales`
 * (single-property, within bounds, same type, surface ±20 %, last 60 months, within the commune
 * or 2 km), then the shared `selectComparables` / `estimateValue` do the choosing and the maths;
 * the commune's rent reference gives the subject's monthly rent and its gross yield.
 */

import { displayDvfAddress, type StreetSpellings } from '@immoloupe/shared/address-display';
import { parisIsoDate, roundEstimate } from '@immoloupe/shared/format';
import { haversineMetres } from '@immoloupe/shared/geo';
import {
  type Candidate,
  DEFAULT_COMPARABLES_OPTIONS,
  editComparables,
  estimateValue,
  monthsWindowStart,
  selectComparables,
} from '@immoloupe/shared/market/comparables.logic';
import { confidenceOf } from '@immoloupe/shared/market/confidence.logic';
import { Dec } from '@immoloupe/shared/market/decimal';
import { TYPE_CODES } from '@immoloupe/shared/market/dvf';
import { adjustedValue, type ComparableDto, type EstimateResponse, type Subject } from '@immoloupe/shared/market/estimate-contracts';
import { type OpinionPricingRequest, opinionMargin } from '@immoloupe/shared/market/opinion-pricing.logic';
import { isOwnSale } from '@immoloupe/shared/market/own-sales.logic';
import { propertyRent } from '@immoloupe/shared/rents/rents.logic';
import type { Queryable } from '../../db/client.js';
import { Params } from '../../db/params.js';
import { radiusClause } from '../../db/spatial.js';
import { communeName, departementName, departementOf } from '../../places/commune-info.js';
import { parcelAt, streetSpellings } from '../geocode/index.js';
import { dvfFreshness } from '../market/index.js';
import { rentReferences } from '../rents/index.js';
import { measuredError } from './accuracy.js';
import { candidateOf, SALE_COLUMNS, type SaleRow } from './comparable-sales.js';

/** Other similar sales offered to the agent for adding. */
const MAX_OFFERED = 30;

/** A comparable sale with where it is: its DVF address and parcel. */
interface LocatedSaleRow extends SaleRow {
  adresse: string | null;
  parcel: string | null;
}

type Located = Candidate & { address: string; parcel: string | null };

/** The sales as comparables, their streets as the BAN writes them. */
async function toCandidates(db: Queryable, rows: readonly LocatedSaleRow[]): Promise<Located[]> {
  const spellings = await streetSpellings(
    db,
    rows.map((r) => r.insee),
  );
  return rows.map((r) => toCandidate(r, spellings));
}

function toCandidate(r: LocatedSaleRow, spellings: StreetSpellings): Located {
  return { ...candidateOf(r), address: displayDvfAddress(r.adresse ?? '', r.insee, spellings), parcel: r.parcel };
}

const LOCATED_SALE_COLUMNS = `${SALE_COLUMNS}, s.adresse, s.id_parcelle AS parcel`;

/** Sales that any widening step could keep: the last step's period and place, type and surface. */
async function candidatePool(db: Queryable, subject: Subject, asOf: string): Promise<Located[]> {
  const o = DEFAULT_COMPARABLES_OPTIONS;
  const months = Math.max(...o.steps.map((s) => s.months));
  const radius = Math.max(...o.steps.map((s) => s.radiusM ?? 0));
  const p = new Params();
  const lo = new Dec(subject.surface).times(1 - o.surfaceTolerance).toNumber();
  const hi = new Dec(subject.surface).times(1 + o.surfaceTolerance).toNumber();
  const rows = await db.query<LocatedSaleRow>(
    `SELECT ${LOCATED_SALE_COLUMNS} FROM dvf_sales s
      WHERE s.within_bounds AND s.latitude IS NOT NULL
        AND s.code_type_local = ${p.add(TYPE_CODES[subject.type])}
        AND s.surface_reelle_bati BETWEEN ${p.add(lo)} AND ${p.add(hi)}
        AND s.date_mutation BETWEEN ${p.add(monthsWindowStart(asOf, months))}::date AND ${p.add(asOf)}::date
        AND (s.code_commune = ${p.add(subject.insee)} OR ${radiusClause(p, 's', subject.lat, subject.lon, radius)})`,
    p.values,
  );
  return toCandidates(db, rows);
}

async function salesByIds(db: Queryable, ids: readonly string[]): Promise<Located[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<LocatedSaleRow>(
    `SELECT ${LOCATED_SALE_COLUMNS} FROM dvf_sales s WHERE s.within_bounds AND s.latitude IS NOT NULL AND s.id_mutation = ANY($1::text[])`,
    [ids],
  );
  return toCandidates(db, rows);
}

function dto(subject: Subject, c: Located, added: boolean): ComparableDto {
  return {
    id: c.id,
    address: c.address,
    commune: communeName(c.insee),
    date: c.date,
    type: c.type,
    price: c.price,
    surface: c.surface,
    rooms: c.rooms,
    pricePerM2: Math.round(c.pricePerM2 * 100) / 100,
    distanceM: Math.round(haversineMetres(subject, c)),
    lon: c.lon,
    lat: c.lat,
    added,
  };
}

export function today(): string {
  return parisIsoDate(new Date());
}

export async function computeEstimate(
  db: Queryable,
  input: {
    subject: Subject;
    asOf?: string | undefined;
    excluded: readonly string[];
    added: readonly string[];
    adjustmentPct?: number | undefined;
    pricing?: OpinionPricingRequest | null | undefined;
  },
): Promise<EstimateResponse> {
  const { subject } = input;
  // Without a date, the search ends at the newest sale imported for the commune: DVF is published
  // months late and a fresh install may hold only older years, so « today » would find nothing.
  const asOf = input.asOf ?? (await dvfFreshness(db, [subject.insee])).lastMutationDate ?? today();
  // The subject's own earlier sales are shown apart, never among the comparables: same parcel (the
  // cadastre's outline around the subject's point) or same address, and a close surface.
  const subjectParcel = (await parcelAt(db, subject.lon, subject.lat))?.id ?? null;
  const own = (c: Located) => isOwnSale({ label: subject.label, surface: subject.surface, parcel: subjectParcel }, c);
  const everySale = await candidatePool(db, subject, asOf);
  const previous = everySale.filter(own);
  const pool = everySale.filter((c) => !own(c));
  const selection = selectComparables(subject, pool, asOf);
  const selectedIds = new Set(selection.comparables.map((c) => c.id));
  // Additions: any kept sale (the agent may pick one the criteria left out); unknown ids are ignored.
  const addedSales = (await salesByIds(db, input.added)).filter((c) => !selectedIds.has(c.id) && !own(c));
  const poolById = new Map(pool.map((c) => [c.id, c]));
  const kept = editComparables(
    selection.comparables.map((c) => poolById.get(c.id) as Located),
    input.excluded,
    addedSales,
  );
  const keptIds = new Set(kept.map((c) => c.id));
  const addedIds = new Set(addedSales.map((c) => c.id));
  const similar = pool
    .filter((c) => !keptIds.has(c.id))
    .map((c) => ({ c, d: haversineMetres(subject, c) }))
    .filter(({ c }) => c.date >= selection.used.from)
    .sort((a, b) => a.d - b.d)
    .slice(0, MAX_OFFERED)
    .map(({ c }) => dto(subject, c, false));
  const estimate = estimateValue(subject.surface, kept);
  const rent =
    subject.type === 'local' ? null : propertyRent(await rentReferences(db, subject.insee), subject, { value: estimate?.value ?? null });
  const departement = departementOf(subject.insee);
  const confidence = estimate
    ? confidenceOf(
        await measuredError(
          db,
          { insee: subject.insee, departement },
          { commune: communeName(subject.insee), departement: departementName(departement) },
        ),
        estimate,
      )
    : null;
  // The margin against the value retained, net of the agency's fees when the asking price includes them.
  const pricing = input.pricing;
  const margin =
    estimate && pricing
      ? opinionMargin(
          pricing.askingPrice,
          { basis: pricing.fees.basis, ratePct: pricing.fees.ratePct ?? null },
          // The value retained as the page and the PDF show it (rounded), so that net price − value = margin there.
          roundEstimate(adjustedValue(estimate.value, input.adjustmentPct ?? 0)),
        )
      : null;
  return {
    subject,
    asOf,
    steps: selection.steps,
    used: selection.used,
    comparables: kept.map((c) => dto(subject, c, addedIds.has(c.id))).sort((a, b) => a.distanceM - b.distanceM),
    candidates: similar,
    previousSales: previous.map((c) => dto(subject, c, false)).sort((a, b) => b.date.localeCompare(a.date)),
    excluded: [...input.excluded],
    added: [...addedIds],
    estimate,
    rent,
    margin,
    confidence,
  };
}
