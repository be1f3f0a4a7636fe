/**
 * The address analysis: one point → its parcel (the cadastre polygon containing it), the sales on
 * the parcel and within a radius, the statistics of its commune and of the radius by type over five
 * years with the monthly trend, the DPE and copropriétés of the parcel and around it, and the
 * freshness of each source.
 */

import { displayAddress, displaySyndicName } from '@immoloupe/shared/address-display';
import type { AddressAnalysis, ParcelDto } from '@immoloupe/shared/market/address-contracts';
import { ADDRESS_YEARS } from '@immoloupe/shared/market/address-contracts';
import { monthsWindowStart } from '@immoloupe/shared/market/comparables.logic';
import { DEFAULT_STAT_TYPES } from '@immoloupe/shared/market/contracts';
import { type Nature, PROPERTY_TYPES, type PropertyType, STAT_NATURES, TYPE_CODES } from '@immoloupe/shared/market/dvf';
import { distanceToGeometryM, type PolygonGeometry } from '@immoloupe/shared/market/polygon';
import { monthsBetween, type StatSummary } from '@immoloupe/shared/market/stats.logic';
import type { Queryable } from '../../db/client.js';
import { Params } from '../../db/params.js';
import { distanceSql, radiusClause, withinRadiusSql } from '../../db/spatial.js';
import { SOURCE_LABELS, type Source } from '../../importers/importer.js';
import { communeInfo, communeName } from '../../places/commune-info.js';
import { formerCommunes, withRecordedCodes } from '../../places/communes.js';
import { dpeAddressSql } from '../dpe/index.js';
import { rentReferences } from '../rents/index.js';
import { listTransactions, toTransactions } from '../transactions/index.js';
import { statsBy, statsByTypeWithMonthly, toSummary } from './queries.js';

/** Statistics by type cover this many months; the trend covers ADDRESS_YEARS. */
const STATS_MONTHS = 12;

/**
 * Monthly €/m² of the commune from the statistics the importer precomputes (`dvf_stats_monthly`,
 * same rules: sales within bounds, the three natures), so the 5-year trend costs one index lookup.
 * Those are per recorded code: a commune nouvelle's months before its merger are under the codes
 * merged into it, and medians of several codes cannot be added, so its trend is computed from its
 * sales.
 */
async function communeTrend(db: Queryable, insee: string, from: string, to: string) {
  if (withRecordedCodes([insee]).length > 1) {
    const byType = await statsByTypeWithMonthly(db, {
      zone: { kind: 'communes', insee: [insee] },
      from,
      to,
      types: DEFAULT_STAT_TYPES,
      natures: [...STAT_NATURES] as Nature[],
    });
    return DEFAULT_STAT_TYPES.map((type) => ({ type, monthly: byType.get(type)?.monthly ?? [] }));
  }
  const rows = await db.query<{ type: string; month: string; n: number; median: number; mean: number; q1: number; q3: number }>(
    `SELECT type, to_char(month, 'YYYY-MM') AS month, n, median, mean, q1, q3 FROM dvf_stats_monthly
      WHERE level = 'commune' AND code = $1 AND type = ANY($2::text[]) AND month BETWEEN date_trunc('month', $3::date)::date AND $4::date`,
    [insee, [...DEFAULT_STAT_TYPES], from, to],
  );
  return DEFAULT_STAT_TYPES.map((type) => {
    const byMonth = new Map(rows.filter((r) => r.type === type).map((r) => [r.month, r]));
    return { type, monthly: monthsBetween(from, to).map((month) => ({ month, ...toSummary(byMonth.get(month)) })) };
  });
}

/** DPE and copropriétés are looked for this close to the point. */
const NEIGHBOURHOOD_M = 150;
const MAX_NEARBY_LISTED = 50;
const EMPTY: StatSummary = { count: 0, median: null, mean: null, q1: null, q3: null };

interface ParcelRow {
  id: string;
  code_commune: string;
  section: string;
  numero: string;
  contenance: number | null;
  geometry: PolygonGeometry;
  centroid_lon: number;
  centroid_lat: number;
}

function parcelDto(r: ParcelRow): ParcelDto {
  return {
    id: r.id,
    insee: r.code_commune,
    commune: communeName(r.code_commune),
    section: r.section,
    numero: r.numero.replace(/^0+(?=\d)/, ''),
    contenance: r.contenance,
    geometry: r.geometry,
  };
}

const PARCEL_COLUMNS = 'id, code_commune, section, numero, contenance, geometry, centroid_lon, centroid_lat';

/** An address point further than this from every parcel is left without parcel. */
const MAX_PARCEL_DISTANCE_M = 25;

/**
 * The parcel given, or the one whose polygon contains the point, or else the nearest within
 * 25 m: BAN often places an address on the street in front of its parcel. Bbox index first.
 */
export async function parcelAt(db: Queryable, lon: number, lat: number, id?: string): Promise<ParcelRow | null> {
  if (id) {
    const [row] = await db.query<ParcelRow>(`SELECT ${PARCEL_COLUMNS} FROM parcels WHERE id = $1`, [id]);
    if (row) return row;
  }
  // ±0.0004° ≈ 30–45 m around the point.
  const d = 0.0004;
  const rows = await db.query<ParcelRow>(
    `SELECT ${PARCEL_COLUMNS} FROM parcels
      WHERE box(point(bbox_west, bbox_south), point(bbox_east, bbox_north)) && box(point($1, $2), point($3, $4))
      ORDER BY is_current DESC, id`,
    [lon - d, lat - d, lon + d, lat + d],
  );
  let best: { row: ParcelRow; distance: number } | null = null;
  for (const row of rows) {
    const distance = distanceToGeometryM(lon, lat, row.geometry);
    if (distance === 0) return row;
    if (!best || distance < best.distance) best = { row, distance };
  }
  return best && best.distance <= MAX_PARCEL_DISTANCE_M ? best.row : null;
}

async function latestMutationDate(db: Queryable, insee: string): Promise<string | null> {
  const [row] = await db.query<{ d: string | null }>(
    `SELECT max(date_mutation) AS d FROM dvf_mutations WHERE code_commune = ANY($1::text[])`,
    [withRecordedCodes([insee])],
  );
  return row?.d ?? null;
}

async function communeAt(db: Queryable, lon: number, lat: number): Promise<string | null> {
  // Without a parcel (cadastre not loaded): the commune of a sale close by, looked for in growing
  // circles so that a dense area answers from a few rows.
  for (const radius of [150, 500, 2000]) {
    const p = new Params();
    const [row] = await db.query<{ code: string }>(
      `SELECT m.code_commune AS code FROM dvf_mutations m WHERE ${radiusClause(p, 'm', lat, lon, radius)}
        GROUP BY m.code_commune ORDER BY count(*) DESC LIMIT 1`,
      p.values,
    );
    if (row) return row.code;
  }
  // No sale around (a commune whose DVF is not imported, as the Lyon arrondissements here): the
  // commune of the nearest BAN address, else of a DPE close by, so that the rent references and
  // the DPE still name it.
  const p = new Params();
  const [address] = await db.query<{ code: string }>(
    `SELECT a.code_insee AS code FROM ban_addresses a WHERE ${withinRadiusSql((v) => p.add(v), lat, lon, 300, 'a.lat', 'a.lon')}
      ORDER BY ${distanceSql((v) => p.add(v), lat, lon, 'a.lat', 'a.lon')} LIMIT 1`,
    p.values,
  );
  if (address) return address.code;
  const q = new Params();
  const [dpe] = await db.query<{ code: string }>(
    `SELECT t.code_insee_ban AS code FROM dpe t WHERE t.code_insee_ban IS NOT NULL AND ${radiusClause(q, 't', lat, lon, 500)}
      ORDER BY ${distanceSql((v) => q.add(v), lat, lon, 't.latitude', 't.longitude')} LIMIT 1`,
    q.values,
  );
  return dpe?.code ?? null;
}

async function dpeAround(db: Queryable, lon: number, lat: number) {
  const p = new Params();
  const distance = distanceSql((v) => p.add(v), lat, lon, 't.latitude', 't.longitude');
  const rows = await db.query<{
    numero_dpe: string;
    date_etablissement: string;
    etiquette_dpe: string | null;
    etiquette_ges: string | null;
    type_batiment: string | null;
    surface_habitable_logement: number | null;
    annee_construction: number | null;
    adresse_ban: string | null;
    d: number;
  }>(
    `SELECT t.numero_dpe, t.date_etablissement, t.etiquette_dpe, t.etiquette_ges, t.type_batiment, t.surface_habitable_logement,
            t.annee_construction, ${dpeAddressSql('t')} AS adresse_ban, ${distance} AS d
       FROM dpe t WHERE ${radiusClause(p, 't', lat, lon, NEIGHBOURHOOD_M)}
      ORDER BY d, t.date_etablissement DESC LIMIT 50`,
    p.values,
  );
  return rows.map((r) => ({
    numero: r.numero_dpe,
    date: r.date_etablissement,
    etiquetteDpe: r.etiquette_dpe,
    etiquetteGes: r.etiquette_ges,
    typeBatiment: r.type_batiment,
    surface: r.surface_habitable_logement,
    anneeConstruction: r.annee_construction,
    adresse: r.adresse_ban,
    distanceM: Math.round(r.d),
  }));
}

async function coprosAround(db: Queryable, lon: number, lat: number, parcelId: string | null) {
  const p = new Params();
  const distance = distanceSql((v) => p.add(v), lat, lon, 't.latitude', 't.longitude');
  const rows = await db.query<{
    numero_immatriculation: string;
    nom_usage: string | null;
    adresse_reference: string | null;
    nombre_total_lots: number | null;
    nombre_lots_habitation: number | null;
    periode_construction: string | null;
    type_syndic: string | null;
    raison_sociale_syndic: string | null;
    siret_syndic: string | null;
    on_parcel: boolean;
    d: number | null;
  }>(
    `SELECT t.numero_immatriculation, t.nom_usage, t.adresse_reference, t.nombre_total_lots, t.nombre_lots_habitation,
            t.periode_construction, t.type_syndic, t.raison_sociale_syndic, t.siret_syndic,
            EXISTS (SELECT 1 FROM copro_parcels cp WHERE cp.numero_immatriculation = t.numero_immatriculation AND cp.id_parcelle = ${p.add(parcelId)}) AS on_parcel,
            CASE WHEN t.latitude IS NOT NULL THEN ${distance} END AS d
       FROM copros t
      WHERE t.numero_immatriculation IN (SELECT numero_immatriculation FROM copro_parcels WHERE id_parcelle = ${p.add(parcelId)})
         OR ${radiusClause(p, 't', lat, lon, NEIGHBOURHOOD_M)}
      ORDER BY on_parcel DESC, d NULLS LAST LIMIT 30`,
    p.values,
  );
  return rows.map((r) => ({
    numero: r.numero_immatriculation,
    nom: r.nom_usage,
    adresse: displayAddress(r.adresse_reference),
    lots: r.nombre_total_lots,
    lotsHabitation: r.nombre_lots_habitation,
    periodeConstruction: r.periode_construction,
    // METHODOLOGY §5: only a legal entity is named (a professional syndic, or one with a SIRET).
    syndic:
      r.raison_sociale_syndic && (r.siret_syndic || /professionnel/i.test(r.type_syndic ?? ''))
        ? displaySyndicName(r.raison_sociale_syndic)
        : null,
    onParcel: r.on_parcel,
    distanceM: r.d === null ? null : Math.round(r.d),
  }));
}

async function sourceFreshness(db: Queryable) {
  const rows = await db.query<{ source: Source; t: Date | null; vintage: string | null }>(
    `SELECT DISTINCT ON (source) source, finished_at AS t, vintage FROM import_runs
      WHERE status = 'succeeded' ORDER BY source, finished_at DESC`,
  );
  return rows.map((r) => ({
    source: r.source,
    label: SOURCE_LABELS[r.source] ?? r.source,
    importedAt: r.t ? new Date(r.t).toISOString() : null,
    vintage: r.vintage,
  }));
}

export async function analyseAddress(
  db: Queryable,
  q: { lon: number; lat: number; radius: number; parcelle?: string | undefined },
  today: string,
): Promise<AddressAnalysis> {
  const parcel = await parcelAt(db, q.lon, q.lat, q.parcelle);
  // The commune of today: a parcel of an older cadastre, or a sale recorded before a merger, may
  // carry the code of a commune merged since into a commune nouvelle.
  const recorded = parcel?.code_commune ?? (await communeAt(db, q.lon, q.lat));
  const insee = recorded ? (formerCommunes().get(recorded)?.mergedInto ?? recorded) : null;
  // The period ends with the newest sale of the commune (DVF is published months late).
  const lastMutationDate = insee ? await latestMutationDate(db, insee) : null;
  // Both periods end with the newest sale of the commune (DVF is published months late).
  const to = lastMutationDate ?? today;
  const from = monthsWindowStart(to, STATS_MONTHS);
  const trendFrom = monthsWindowStart(to, ADDRESS_YEARS * 12);
  const natures = [...STAT_NATURES] as Nature[];
  const radiusZone = { kind: 'radius' as const, lat: q.lat, lon: q.lon, radius: q.radius };
  const typeExpr = `CASE s.code_type_local ${PROPERTY_TYPES.map((t) => `WHEN ${TYPE_CODES[t]} THEN '${t}'`).join(' ')} END`;
  const allTypes = [...PROPERTY_TYPES] as PropertyType[];
  const [parcelSales, nearby, communeStats, radiusStats, trend, dpe, copros, sources, rents] = await Promise.all([
    parcel
      ? listTransactions(db, {}, { kind: 'parcels', parcels: [parcel.id] }, { sort: 'date', order: 'desc', limit: 200, offset: 0 })
      : null,
    listTransactions(db, { from: trendFrom, to }, radiusZone, { sort: 'date', order: 'desc', limit: MAX_NEARBY_LISTED, offset: 0 }),
    insee ? statsBy(db, { zone: { kind: 'communes', insee: [insee] }, from, to, types: allTypes, natures }, typeExpr) : null,
    statsBy(db, { zone: radiusZone, from, to, types: allTypes, natures }, typeExpr),
    insee ? communeTrend(db, insee, trendFrom, to) : null,
    dpeAround(db, q.lon, q.lat),
    coprosAround(db, q.lon, q.lat, parcel?.id ?? null),
    sourceFreshness(db),
    insee ? rentReferences(db, insee) : [],
  ]);
  return {
    point: { lon: q.lon, lat: q.lat },
    parcel: parcel ? parcelDto(parcel) : null,
    parcelSales: parcelSales ? await toTransactions(db, parcelSales.rows) : [],
    radius: q.radius,
    nearby: { total: nearby.total, items: await toTransactions(db, nearby.rows) },
    period: { from, to },
    trendPeriod: { from: trendFrom, to },
    commune: insee ? { insee, nom: communeName(insee), codesPostaux: communeInfo(insee)?.codesPostaux ?? [] } : null,
    communeStats: allTypes.map((type) => ({ type, ...(communeStats?.get(type) ?? EMPTY) })),
    radiusStats: allTypes.map((type) => ({ type, ...(radiusStats.get(type) ?? EMPTY) })),
    trend: trend ?? [],
    dpe,
    copros,
    rents,
    freshness: { lastMutationDate, sources },
  };
}
