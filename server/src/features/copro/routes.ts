/**
 * The co-ownership search (RNIC), subscribers or an access key: `GET /api/copros` (page),
 * `GET /api/copros.csv`, `GET /api/copros/clusters` (map markers of the view, aggregated on the
 * server) and `GET /api/copros/:numero` (its parcels with outlines, DPE, DVF sales on its parcels,
 * syndic; without cadastral references, DPE and sales at its address, `proximity` saying how).
 * Without a zone, « ma zone » is used when set.
 */

import { displayAddress, displaySyndicName } from '@immoloupe/shared/address-display';
import {
  COPRO_MAX_CSV_ROWS,
  COPRO_PERIOD_LABELS,
  type CoproDetail,
  type CoproItem,
  type CoproList,
  coproClusterQuerySchema,
  coproListQuerySchema,
} from '@immoloupe/shared/copro/contracts';
import { mandateCsvCell } from '@immoloupe/shared/copro/mandate.logic';
import { formatDate } from '@immoloupe/shared/format';
import { Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { communeByCode } from '../../places/communes.js';
import { salesOnParcels } from '../dpe/index.js';
import { clusterCollection, coordinateCells, resolveZone, sendSearchCsv } from '../zone/index.js';
import { coproPosition, nearbyFacts } from './nearby.js';
import {
  type CoproDpeRow,
  type CoproRow,
  coproByNumero,
  coproClusters,
  coproDpe,
  coproParcels,
  rnicDate,
  searchCopros,
} from './queries.js';

export function toCoproItem(r: CoproRow): CoproItem {
  return {
    numero: r.numero_immatriculation,
    nom: r.nom_usage,
    adresse: displayAddress(r.adresse_reference),
    codePostal: r.code_postal,
    commune: (r.code_insee && communeByCode(r.code_insee)?.nom) ?? r.commune,
    insee: r.code_insee,
    lots: r.nombre_total_lots,
    lotsHabitation: r.nombre_lots_habitation,
    lotsStationnement: r.nombre_lots_stationnement,
    periode: r.periode_construction,
    typeSyndic: r.type_syndic,
    syndic: displaySyndicName(r.raison_sociale_syndic),
    siret: r.siret_syndic,
    mandatEnCours: r.mandat_en_cours,
    finMandat: r.date_fin_dernier_mandat,
    cooperatif: r.syndicat_cooperatif,
    acv: r.copro_dans_acv,
    pvd: r.copro_dans_pvd,
    quartierPrioritaire: r.nom_qp_2024,
    lon: r.longitude,
    lat: r.latitude,
  };
}

const CSV_HEADER = [
  'Immatriculation',
  'Nom d’usage',
  'Adresse',
  'Code postal',
  'Commune',
  'Code INSEE',
  'Lots (total)',
  'Lots d’habitation',
  'Lots de stationnement',
  'Période de construction',
  'Type de syndic',
  'Syndic',
  'SIRET du syndic',
  'Mandat',
  'Fin du dernier mandat',
  'Action cœur de ville',
  'Petites villes de demain',
  'Quartier prioritaire',
  'Longitude',
  'Latitude',
];

/** The DPE naming the co-ownership, and those at its address: newest first, each once. */
function mergeDpe(byNumber: CoproDpeRow[], nearby: CoproDpeRow[]): CoproDpeRow[] {
  const seen = new Set(byNumber.map((d) => d.numero));
  return [...byNumber, ...nearby.filter((d) => !seen.has(d.numero))]
    .sort((a, b) => b.date.localeCompare(a.date) || a.numero.localeCompare(b.numero))
    .slice(0, 200);
}

const yes = (b: boolean | null) => (b === null ? null : b ? 'oui' : 'non');

export function coproRoutes({ db }: { db: Db }): Router {
  const router = Router();

  router.get('/copros', requireSubscriber, async (req, res) => {
    const q = coproListQuerySchema.parse(req.query);
    const [{ zone, mine }, asOf] = await Promise.all([resolveZone(db, req.user?.id, q), rnicDate(db)]);
    const found = await searchCopros(db, q, zone, asOf, {
      sort: q.sort,
      order: q.order,
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({
      total: found.total,
      page: q.page,
      pageSize: q.pageSize,
      asOf,
      mine,
      items: found.rows.map(toCoproItem),
    } satisfies CoproList);
  });

  router.get('/copros.csv', requireSubscriber, async (req, res) => {
    const q = coproListQuerySchema.parse(req.query);
    const [{ zone }, asOf] = await Promise.all([resolveZone(db, req.user?.id, q), rnicDate(db)]);
    const { rows } = await searchCopros(db, q, zone, asOf, { sort: q.sort, order: q.order, limit: COPRO_MAX_CSV_ROWS, offset: 0 });
    sendSearchCsv(res, 'coproprietes', CSV_HEADER, rows, (r, today) => {
      const c = toCoproItem(r);
      return [
        c.numero,
        c.nom,
        c.adresse,
        c.codePostal,
        c.commune,
        c.insee,
        c.lots,
        c.lotsHabitation,
        c.lotsStationnement,
        c.periode ? (COPRO_PERIOD_LABELS[c.periode as keyof typeof COPRO_PERIOD_LABELS] ?? c.periode) : null,
        c.typeSyndic,
        c.syndic,
        c.siret,
        mandateCsvCell(c, asOf, today),
        c.finMandat ? formatDate(c.finMandat) : null,
        yes(c.acv),
        yes(c.pvd),
        c.quartierPrioritaire,
        ...coordinateCells(c),
      ];
    });
  });

  router.get('/copros/clusters', requireSubscriber, async (req, res) => {
    const q = coproClusterQuerySchema.parse(req.query);
    const [{ zone }, asOf] = await Promise.all([resolveZone(db, req.user?.id, q), rnicDate(db)]);
    const found = await coproClusters(db, q, zone, asOf, q.bbox as [number, number, number, number], q.zoom);
    res.setHeader('Cache-Control', 'private, no-store');
    res.type('application/geo+json').send(JSON.stringify(clusterCollection(found)));
  });

  router.get('/copros/:numero', requireSubscriber, async (req, res) => {
    const numero = String(req.params.numero).toUpperCase();
    if (!/^[A-Z]{2}\d{7}$/.test(numero)) throw new HttpError(400, 'Numéro d’immatriculation invalide (9 caractères, ex. AA0652685).');
    const row = await coproByNumero(db, numero);
    if (!row) throw new HttpError(404, 'Cette copropriété n’est pas dans le registre chargé.');
    const [parcels, byNumber, asOf] = await Promise.all([coproParcels(db, numero), coproDpe(db, numero), rnicDate(db)]);
    // Without a cadastral reference, nothing joins the sales (nor the DPE without the RNIC number): matched by address.
    const position = parcels.length === 0 ? await coproPosition(db, row) : null;
    const nearby = position ? await nearbyFacts(db, row, position) : null;
    const sales = nearby
      ? nearby.sales
      : await salesOnParcels(
          db,
          parcels.map((p) => p.id),
        );
    const dpe = nearby ? mergeDpe(byNumber, nearby.dpe) : byNumber;
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({
      ...toCoproItem(row),
      asOf,
      parcels: parcels.map((p) => ({ id: p.id, contenance: p.contenance, geometry: p.geometry ?? null, inCadastre: p.in_cadastre })),
      dpe,
      sales: sales.map(({ type: _t, ...s }) => s),
      proximity: nearby?.proximity ?? null,
    } satisfies CoproDetail);
  });

  return router;
}
