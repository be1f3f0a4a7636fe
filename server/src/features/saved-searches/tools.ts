/**
 * The server side of each saved-search tool: how many results its saved query gives now, through
 * the tool's own query functions. A new tool adds one entry here and one in the shared registry.
 */
import { coproFilterSchema } from '@immoloupe/shared/copro/contracts';
import { dpeFilterSchema } from '@immoloupe/shared/dpe/contracts';
import { listingSearchSchema } from '@immoloupe/shared/listings/search';
import { transactionFilterSchema } from '@immoloupe/shared/market/transactions-contracts';
import { parcelSearchQuerySchema } from '@immoloupe/shared/opendata/contracts';
import { permitSearchQuerySchema } from '@immoloupe/shared/permits/contracts';
import { queryParams, type SavedSearchToolId } from '@immoloupe/shared/saved-searches/contracts';
import type { Queryable } from '../../db/client.js';
import { Params } from '../../db/params.js';
import { recordedCodes } from '../../places/communes.js';
import { coproWhere, rnicDate, searchCopros } from '../copro/index.js';
import { dpeWhere, searchDpe } from '../dpe/index.js';
import { landCondition } from '../land/index.js';
import { countPoolSearch, poolImported } from '../listings/index.js';
import { communesCondition, parcelsOfZone, resolveCommune } from '../parcels/index.js';
import { newPermits, searchPermits } from '../risks/index.js';
import {
  type ImportWindow,
  importWindowClause,
  listTransactions,
  placeForUser,
  type TransactionRow,
  transactionsImported,
} from '../transactions/index.js';
import { readTerritory, resolveZone } from '../zone/index.js';
import {
  type AlertRow,
  COPRO_ALERT_COLUMNS,
  type CoproAlertRow,
  coproRow,
  DPE_ALERT_COLUMNS,
  type DpeAlertRow,
  dpeRow,
  listingRow,
  permitRow,
  saleRows,
} from './alert-rows.js';

/** `userId`: the search's owner, for tools whose zone can be « ma zone » (the owner's territory). */
type Counter = (db: Queryable, params: Record<string, string>, userId: string) => Promise<number>;

export const TOOL_COUNTS: Record<SavedSearchToolId, Counter> = {
  async transactions(db, params, userId) {
    const f = transactionFilterSchema.parse(params);
    const place = await placeForUser(db, userId, f);
    if (typeof place === 'string') return 0;
    return (await listTransactions(db, f, place, { sort: 'date', order: 'desc', limit: 1, offset: 0 })).total;
  },
  async parcelles(db, params, userId) {
    const q = parcelSearchQuerySchema.parse(params);
    if (q.commune) {
      const commune = resolveCommune(q.commune);
      return commune ? (await parcelsOfZone(db, { kind: 'commune', code: commune.code }, { ...q, limit: 1, offset: 0 })).total : 0;
    }
    const territory = await readTerritory(db, userId);
    return territory
      ? (
          await parcelsOfZone(
            db,
            { kind: 'territory', geometry: territory.geometry, communes: territory.communes },
            { ...q, limit: 1, offset: 0 },
          )
        ).total
      : 0;
  },
  // Without a zone both tools search « ma zone »: the owner's, never the reader's.
  async dpe(db, params, userId) {
    const f = dpeFilterSchema.parse(params);
    const { zone } = await resolveZone(db, userId, f);
    return (await searchDpe(db, f, zone, { sort: 'date', order: 'desc', limit: 1, offset: 0 })).total;
  },
  async copros(db, params, userId) {
    const f = coproFilterSchema.parse(params);
    const [{ zone }, asOf] = await Promise.all([resolveZone(db, userId, f), rnicDate(db)]);
    return (await searchCopros(db, f, zone, asOf, { sort: 'lots', order: 'desc', limit: 1, offset: 0 })).total;
  },
  annonces: countPoolSearch,
  async permis(db, params) {
    return (await searchPermits(db, permitSearchQuerySchema.parse(params), 1)).total;
  },
};

export async function countResults(db: Queryable, tool: SavedSearchToolId, query: string, userId: string): Promise<number> {
  return TOOL_COUNTS[tool](db, queryParams(query), userId);
}

/**
 * The rows of a saved query that arrived with the import runs of `runs` (not already sent by the
 * alert), newest first, at most `limit`: what an alert e-mails. One entry per tool, next to its
 * counter; « new » is by import run, not by the row's own date (decision 1010).
 */
type NewRows = (db: Queryable, params: Record<string, string>, userId: string, runs: ImportWindow, limit: number) => Promise<AlertRow[]>;

export const TOOL_NEW_ROWS: Record<SavedSearchToolId, NewRows> = {
  async transactions(db, params, userId, runs, limit) {
    const f = transactionFilterSchema.parse(params);
    const place = await placeForUser(db, userId, f);
    if (typeof place === 'string') return [];
    return saleRows(db, await transactionsImported(db, f, place, runs, limit));
  },
  // The DPE of the search (its zone, « ma zone » being the owner's) first seen in the window. An
  // owner without a zone yet gets the 400 of resolveZone: the engine counts that as nothing new.
  async dpe(db, params, userId, runs, limit) {
    const f = dpeFilterSchema.parse(params);
    const { zone } = await resolveZone(db, userId, f);
    const p = new Params();
    const where = dpeWhere(p, f, zone);
    const rows = await db.query<DpeAlertRow>(
      `SELECT ${DPE_ALERT_COLUMNS} FROM dpe d
        WHERE ${where} AND ${importWindowClause(p, 'd', 'numero_dpe', 'dpe', runs)}
        ORDER BY d.date_etablissement DESC, d.numero_dpe LIMIT ${p.add(limit)}`,
      p.values,
    );
    return rows.map(dpeRow);
  },
  // The co-ownerships of the search newly registered in the RNIC (first seen in the window).
  async copros(db, params, userId, runs, limit) {
    const f = coproFilterSchema.parse(params);
    const [{ zone }, asOf] = await Promise.all([resolveZone(db, userId, f), rnicDate(db)]);
    const p = new Params();
    const where = coproWhere(p, f, zone, asOf);
    const rows = await db.query<CoproAlertRow>(
      `SELECT ${COPRO_ALERT_COLUMNS} FROM copros c
        WHERE ${where} AND ${importWindowClause(p, 'c', 'numero_immatriculation', 'copro', runs)}
        ORDER BY c.date_immatriculation DESC NULLS LAST, c.numero_immatriculation LIMIT ${p.add(limit)}`,
      p.values,
    );
    return rows.map(coproRow);
  },
  // A parcel search alerts on the new sales of the parcels it finds (parcels themselves change
  // with a cadastre vintage, which is not news for an agent).
  async parcelles(db, params, _userId, runs, limit) {
    const q = parcelSearchQuerySchema.parse(params);
    const commune = q.commune ? resolveCommune(q.commune) : null;
    if (!commune) return [];
    const p = new Params();
    const where = [communesCondition(p, [commune.code], 'pa')];
    if (q.section) where.push(`(pa.section = ${p.add(q.section)} OR pa.section = ltrim(${p.add(q.section)}, '0'))`);
    if (q.numero !== undefined) where.push(`ltrim(pa.numero, '0') = ${p.add(String(q.numero))}`);
    if (q.surfaceMin !== undefined) where.push(`pa.contenance >= ${p.add(q.surfaceMin)}`);
    if (q.surfaceMax !== undefined) where.push(`pa.contenance <= ${p.add(q.surfaceMax)}`);
    if (!q.anciennes) where.push('pa.is_current');
    // The land filters (zone, prescriptions, coverage) choose the parcels as the search does; the
    // commune is already a condition on the parcel.
    const land = landCondition(p.values, q, null, 'pa.id');
    if (land) where.push(land);
    const rows = await db.query<TransactionRow>(
      `SELECT m.id_mutation, m.date_mutation, m.nature_mutation, m.valeur_fonciere, m.code_commune, m.nom_commune, m.adresse_numero,
              m.adresse_suffixe, m.adresse_nom_voie, m.id_parcelle,
              coalesce((SELECT array_agg(DISTINCT l.code_type_local ORDER BY l.code_type_local) FROM dvf_lines l
                         WHERE l.id_mutation = m.id_mutation AND l.code_type_local IS NOT NULL), '{}') AS type_codes,
              (SELECT sum(l.surface_reelle_bati) FROM dvf_lines l WHERE l.id_mutation = m.id_mutation AND l.code_type_local IN (1, 2, 4)) AS surface
         FROM dvf_mutations m
        WHERE m.code_commune = ANY(${p.add(recordedCodes(commune.code))}::text[]) AND ${importWindowClause(p, 'm', 'id_mutation', 'dvf', runs)}
          AND EXISTS (SELECT 1 FROM dvf_lines l JOIN parcels pa ON pa.id = l.id_parcelle
                       WHERE l.id_mutation = m.id_mutation AND ${where.join(' AND ')})
        ORDER BY m.date_mutation DESC, m.id_mutation LIMIT ${p.add(limit)}`,
      p.values,
    );
    return saleRows(db, rows);
  },
  // The listings of the imported feeds that match the search, new in the pool (decision 1010).
  async annonces(db, params, userId, runs, limit) {
    const q = listingSearchSchema.parse(params);
    const { zone } = await resolveZone(db, userId, q);
    return (await poolImported(db, q, zone, runs, limit)).map(listingRow);
  },
  // The permits of the search first seen in the window: a newer Sitadel list brings new authorisations.
  async permis(db, params, _userId, runs, limit) {
    const q = permitSearchQuerySchema.parse(params);
    return (await newPermits(db, q, (p) => importWindowClause(p, 'b', 'alert_key', 'permit', runs), limit)).map(permitRow);
  },
};

export async function newRows(
  db: Queryable,
  tool: SavedSearchToolId,
  query: string,
  userId: string,
  runs: ImportWindow,
  limit: number,
): Promise<AlertRow[]> {
  return TOOL_NEW_ROWS[tool](db, queryParams(query), userId, runs, limit);
}
