/**
 * The transactions API, subscriber-only: `GET /api/transactions` (paginated list, or GeoJSON points
 * with `format=geojson`), `GET /api/transactions.csv` (the current filter for Excel) and
 * `GET /api/transactions/:id` (the whole mutation: every line, lot and parcel).
 */

import { formatDate, parisIsoDate } from '@immoloupe/shared/format';
import { CSV_BOM, csvLine } from '@immoloupe/shared/market/csv';
import { EXCLUSION_LABELS, groupMutations, type MutationLine, saleForStatistics } from '@immoloupe/shared/market/mutation.logic';
import {
  MAX_CSV_ROWS,
  MAX_MAP_POINTS,
  type MutationDetail,
  type TransactionList,
  type TransactionPoints,
  transactionFilterSchema,
  transactionGoods,
  transactionListQuerySchema,
} from '@immoloupe/shared/market/transactions-contracts';
import { Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { streetSpellings } from '../geocode/index.js';
import { resolvePlace } from './place.js';
import { addressOf, natureLabel, toTransaction, toTransactions } from './present.js';
import { type LineRow, listTransactions, mutationById, newestSaleOf, type TransactionRow, transactionPoints } from './queries.js';

const CSV_HEADER = [
  'Date',
  'Nature',
  'Prix (€)',
  'Adresse',
  'Code postal',
  'Commune',
  'Code INSEE',
  'Types',
  'Surface bâtie (m²)',
  'Pièces',
  'Prix au m² (€/m²)',
  'Surface de terrain (m²)',
  'Nombre de locaux',
  'Parcelle',
  'Identifiant de mutation',
  'Hors bornes de plausibilité',
];

function lineToMutationLine(id: string, row: TransactionRow, l: LineRow): MutationLine {
  return {
    idMutation: id,
    date: row.date_mutation,
    numeroDisposition: null,
    natureLabel: row.nature_mutation,
    valeurFonciere: row.valeur_fonciere,
    insee: row.code_commune,
    idParcelle: l.id_parcelle,
    codeTypeLocal: l.code_type_local,
    surfaceReelleBati: l.surface_reelle_bati,
    nombrePiecesPrincipales: l.nombre_pieces_principales,
    lon: null,
    lat: null,
  };
}

export function transactionRoutes({ db }: { db: Db }): Router {
  const router = Router();

  router.get('/transactions', requireSubscriber, async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    if (req.query.format === 'geojson') {
      const f = transactionFilterSchema.parse(req.query);
      const { total, rows } = await transactionPoints(db, f, await resolvePlace(db, req.user?.id, f), MAX_MAP_POINTS);
      const body: TransactionPoints = {
        type: 'FeatureCollection',
        truncated: total > rows.length,
        total,
        features: rows.map((r) => ({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [Math.round(r.lon * 1e5) / 1e5, Math.round(r.lat * 1e5) / 1e5] },
          properties: { id: r.id, ppm2: r.ppm2 === null ? null : Math.round(r.ppm2) },
        })),
      };
      res.type('application/geo+json').send(JSON.stringify(body));
      return;
    }
    const q = transactionListQuerySchema.parse(req.query);
    const place = await resolvePlace(db, req.user?.id, q);
    const [{ total, rows, bounds }, newest] = await Promise.all([
      listTransactions(db, q, place, { sort: q.sort, order: q.order, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
      newestSaleOf(db, place),
    ]);
    const body: TransactionList = { total, page: q.page, pageSize: q.pageSize, items: await toTransactions(db, rows), bounds, newest };
    res.json(body);
  });

  router.get('/transactions.csv', requireSubscriber, async (req, res) => {
    const q = transactionListQuerySchema.parse(req.query);
    const { rows } = await listTransactions(db, q, await resolvePlace(db, req.user?.id, q), {
      sort: q.sort,
      order: q.order,
      limit: MAX_CSV_ROWS,
      offset: 0,
    });
    const today = parisIsoDate(new Date());
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="transactions-dvf-${today}.csv"`);
    res.setHeader('Cache-Control', 'private, no-store');
    let out = CSV_BOM + csvLine(CSV_HEADER);
    for (const t of await toTransactions(db, rows)) {
      out += csvLine([
        formatDate(t.date),
        t.nature,
        t.price,
        t.address,
        t.codePostal,
        t.commune,
        t.insee,
        transactionGoods(t),
        t.surface,
        t.rooms,
        t.pricePerM2,
        t.landSurface,
        t.nbLocaux,
        t.idParcelle,
        t.id,
        t.outlier ? 'oui' : '',
      ]);
    }
    res.send(out);
  });

  router.get('/transactions/:id', requireSubscriber, async (req, res) => {
    const id = String(req.params.id);
    if (id.length > 200) throw new HttpError(400, 'Identifiant de mutation invalide.');
    const found = await mutationById(db, id);
    if (!found) throw new HttpError(404, 'Cette vente n’existe pas (ou plus) dans les données chargées.');
    const { row, lines, parcels, inSales, withinBounds } = found;
    const [mutation] = groupMutations(lines.map((l) => lineToMutationLine(id, row, l)));
    const verdict = mutation ? saleForStatistics(mutation) : null;
    let statistics: string;
    if (inSales && withinBounds) statistics = 'Vente retenue dans les statistiques (bien unique, dans les bornes de plausibilité).';
    else if (inSales) statistics = 'Vente simple écartée des statistiques\u00a0: hors bornes de plausibilité.';
    else
      statistics = `Vente écartée des statistiques\u00a0: ${verdict && !verdict.ok ? EXCLUSION_LABELS[verdict.reason].toLowerCase() : 'règles de la méthodologie'}.`;
    const spellings = await streetSpellings(db, [row.code_commune]);
    const body: MutationDetail = {
      ...toTransaction(row, spellings, inSales && withinBounds === false),
      natureLabel: natureLabel(row.nature_mutation),
      lines: lines.map((l) => ({
        lineNo: l.line_no,
        idParcelle: l.id_parcelle,
        address: addressOf(l, row.code_commune, spellings),
        typeCode: l.code_type_local,
        typeLocal: l.type_local,
        surface: l.surface_reelle_bati,
        rooms: l.nombre_pieces_principales,
        natureCulture: l.nature_culture,
        landSurface: l.surface_terrain,
        nombreLots: l.nombre_lots,
        lots: ([1, 2, 3, 4, 5] as const)
          .map((i) => ({ numero: l[`lot${i}_numero`], surfaceCarrez: l[`lot${i}_surface_carrez`] }))
          .filter((lot): lot is { numero: string; surfaceCarrez: number | null } => Boolean(lot.numero)),
      })),
      parcels: parcels.map((pc) => ({ ...pc, geometry: pc.geometry ?? null })),
      statistics,
    };
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(body);
  });

  return router;
}
