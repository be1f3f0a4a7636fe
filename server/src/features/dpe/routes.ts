/**
 * The DPE search, subscribers or an access key: `GET /api/dpe` (page + counts per class),
 * `GET /api/dpe.csv` (the current filter for Excel), `GET /api/dpe/clusters` (map markers of the
 * view, aggregated on the server) and `GET /api/dpe/:numero` (one DPE, its parcel, the sales on
 * it, its co-ownership, its rental-ban date). Without a zone, « ma zone » is used when set.
 */

import { displaySyndicName } from '@immoloupe/shared/address-display';
import {
  DPE_BUILDING_TYPE_LABELS,
  DPE_MAX_CSV_ROWS,
  DPE_MODELE_LABELS,
  type DpeDetail,
  type DpeItem,
  type DpeList,
  dpeClusterQuerySchema,
  dpeListQuerySchema,
} from '@immoloupe/shared/dpe/contracts';
import { dpeFloor, isStreetBanId } from '@immoloupe/shared/dpe/dpe-address.logic';
import { type DpeClass, isDpeClass, rentalBanDate } from '@immoloupe/shared/dpe/rental-ban.logic';
import { formatDate } from '@immoloupe/shared/format';
import { Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { communeByCode } from '../../places/communes.js';
import { clusterCollection, coordinateCells, resolveZone, sendSearchCsv } from '../zone/index.js';
import { parcelOfAddress, salesOnParcels } from './parcel-facts.js';
import { type DpeRow, dpeByNumero, dpeClusters, searchDpe } from './queries.js';

const classOf = (v: string | null): DpeClass | null => (isDpeClass(v) ? v : null);

export function toDpeItem(r: DpeRow): DpeItem {
  return {
    numero: r.numero_dpe,
    date: r.date_etablissement,
    dateFinValidite: r.date_fin_validite,
    modele: r.modele,
    classe: classOf(r.etiquette_dpe),
    ges: classOf(r.etiquette_ges),
    type: r.type_batiment,
    annee: r.annee_construction,
    periode: r.periode_construction,
    surface: r.surface_habitable_logement,
    conso: r.conso_5_usages_ep_m2,
    emission: r.emission_ges_5_usages_m2,
    copro: r.numero_immatriculation_copropriete,
    address: r.adresse_ban,
    codePostal: r.code_postal_ban,
    insee: r.code_insee_ban,
    commune: (r.code_insee_ban && communeByCode(r.code_insee_ban)?.nom) ?? r.nom_commune_ban,
    etage: r.numero_etage_appartement,
    residence: r.nom_residence,
    complement: r.complement_adresse_logement,
    remplace: r.numero_dpe_remplace,
    remplacePar: r.remplace_par,
    interdictionLocation: rentalBanDate(r.etiquette_dpe),
    lon: r.longitude,
    lat: r.latitude,
    placedAt:
      r.longitude === null || r.latitude === null
        ? null
        : r.typed_address_ban_id
          ? 'typedNumber'
          : isStreetBanId(r.identifiant_ban)
            ? 'street'
            : 'address',
  };
}

const CSV_HEADER = [
  'Numéro DPE',
  'Date d’établissement',
  'Fin de validité',
  'Classe énergie',
  'Classe GES',
  'Consommation (kWhEP/m²/an)',
  'Émissions (kgCO2/m²/an)',
  'Type de bâtiment',
  'Neuf ou existant',
  'Surface habitable (m²)',
  'Année de construction',
  'Période de construction',
  'Adresse',
  'Complément d’adresse',
  'Code postal',
  'Commune',
  'Code INSEE',
  'Étage',
  'Résidence',
  'Copropriété (RNIC)',
  'Interdiction de louer à partir du',
  'DPE remplacé',
  'Longitude',
  'Latitude',
];

export function dpeRoutes({ db }: { db: Db }): Router {
  const router = Router();

  router.get('/dpe', requireSubscriber, async (req, res) => {
    const q = dpeListQuerySchema.parse(req.query);
    const { zone, mine } = await resolveZone(db, req.user?.id, q);
    const found = await searchDpe(db, q, zone, { sort: q.sort, order: q.order, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({
      total: found.total,
      page: q.page,
      pageSize: q.pageSize,
      byClass: found.byClass,
      mine,
      items: found.rows.map(toDpeItem),
    } satisfies DpeList);
  });

  router.get('/dpe.csv', requireSubscriber, async (req, res) => {
    const q = dpeListQuerySchema.parse(req.query);
    const { zone } = await resolveZone(db, req.user?.id, q);
    const { rows } = await searchDpe(db, q, zone, { sort: q.sort, order: q.order, limit: DPE_MAX_CSV_ROWS, offset: 0 });
    sendSearchCsv(res, 'dpe', CSV_HEADER, rows, (r) => {
      const d = toDpeItem(r);
      return [
        d.numero,
        formatDate(d.date),
        d.dateFinValidite ? formatDate(d.dateFinValidite) : null,
        d.classe,
        d.ges,
        d.conso,
        d.emission,
        d.type ? (DPE_BUILDING_TYPE_LABELS[d.type as keyof typeof DPE_BUILDING_TYPE_LABELS] ?? d.type) : null,
        DPE_MODELE_LABELS[d.modele],
        d.surface,
        d.annee,
        d.periode,
        d.address,
        // What tells apart the flats of one building (« APP 5/69 »): same address, same date.
        d.complement,
        d.codePostal,
        d.commune,
        d.insee,
        dpeFloor(d),
        d.residence,
        d.copro,
        d.interdictionLocation ? formatDate(d.interdictionLocation) : null,
        d.remplace,
        ...coordinateCells(d),
      ];
    });
  });

  router.get('/dpe/clusters', requireSubscriber, async (req, res) => {
    const q = dpeClusterQuerySchema.parse(req.query);
    const { zone } = await resolveZone(db, req.user?.id, q);
    const found = await dpeClusters(db, q, zone, q.bbox as [number, number, number, number], q.zoom);
    res.setHeader('Cache-Control', 'private, no-store');
    res.type('application/geo+json').send(JSON.stringify(clusterCollection(found)));
  });

  router.get('/dpe/:numero', requireSubscriber, async (req, res) => {
    const numero = String(req.params.numero);
    if (!/^[0-9A-Z]{1,40}$/i.test(numero)) throw new HttpError(400, 'Numéro de DPE invalide (13 caractères, ex. 2175E0000000A).');
    const row = await dpeByNumero(db, numero);
    if (!row) throw new HttpError(404, 'Ce DPE n’existe pas (ou plus) dans les données chargées.');
    const item = toDpeItem(row);
    const found = await parcelOfAddress(db, {
      identifiantBan: row.identifiant_ban,
      typedAddressBanId: row.typed_address_ban_id,
      lon: row.longitude,
      lat: row.latitude,
    });
    const [sales, copros] = await Promise.all([
      found ? salesOnParcels(db, [found.parcel.id], 50) : Promise.resolve([]),
      row.numero_immatriculation_copropriete
        ? db.query<{
            numero_immatriculation: string;
            nom_usage: string | null;
            adresse_reference: string | null;
            nombre_total_lots: number | null;
            raison_sociale_syndic: string | null;
            type_syndic: string | null;
            date_fin_dernier_mandat: string | null;
          }>(
            `SELECT numero_immatriculation, nom_usage, adresse_reference, nombre_total_lots, raison_sociale_syndic, type_syndic,
                    date_fin_dernier_mandat::text AS date_fin_dernier_mandat
               FROM copros WHERE numero_immatriculation = $1`,
            [row.numero_immatriculation_copropriete],
          )
        : Promise.resolve([]),
    ]);
    const c = copros[0];
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({
      ...item,
      parcel: found
        ? { id: found.parcel.id, via: found.via, contenance: found.parcel.contenance, geometry: found.parcel.geometry ?? null }
        : null,
      sales: sales.map(({ locaux: _l, idParcelle: _p, ...s }) => s),
      coproInfo: c
        ? {
            numero: c.numero_immatriculation,
            nom: c.nom_usage,
            adresse: c.adresse_reference,
            lots: c.nombre_total_lots,
            syndic: displaySyndicName(c.raison_sociale_syndic),
            typeSyndic: c.type_syndic,
            finMandat: c.date_fin_dernier_mandat,
          }
        : null,
    } satisfies DpeDetail);
  });

  return router;
}
