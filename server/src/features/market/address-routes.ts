/**
 * `GET /api/market/address` (the address analysis of /pro/analyseadresse) and the addresses a
 * subscriber saves from it (`/api/addresses/saved`; the list page comes with a later issue).
 */
import { addressQuerySchema, type SavedAddress, saveAddressSchema } from '@immoloupe/shared/market/address-contracts';
import { Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { analyseAddress } from './address.js';

interface SavedRow {
  id: string;
  label: string;
  lon: number;
  lat: number;
  insee: string | null;
  id_parcelle: string | null;
  created_at: Date;
}

function toSaved(r: SavedRow): SavedAddress {
  return {
    id: r.id,
    label: r.label,
    lon: r.lon,
    lat: r.lat,
    insee: r.insee,
    idParcelle: r.id_parcelle,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export function addressRoutes({ db }: { db: Db }): Router {
  const router = Router();

  router.get('/market/address', requireSubscriber, async (req, res) => {
    const q = addressQuerySchema.parse(req.query);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await analyseAddress(db, q, new Date().toISOString().slice(0, 10)));
  });

  router.get('/addresses/saved', requireSubscriber, async (req, res) => {
    const rows = await db.query<SavedRow>('SELECT * FROM saved_addresses WHERE user_id = $1 ORDER BY created_at DESC', [req.user?.id]);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(rows.map(toSaved));
  });

  router.post('/addresses/saved', requireSubscriber, async (req, res) => {
    const a = saveAddressSchema.parse(req.body ?? {});
    // Saving the same address again keeps one entry (and refreshes its position).
    const [row] = await db.query<SavedRow>(
      `INSERT INTO saved_addresses (user_id, label, lon, lat, insee, id_parcelle) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, label) DO UPDATE SET lon = excluded.lon, lat = excluded.lat, insee = excluded.insee, id_parcelle = excluded.id_parcelle
       RETURNING *`,
      [req.user?.id, a.label, a.lon, a.lat, a.insee, a.idParcelle],
    );
    res.status(201).json(toSaved(row as SavedRow));
  });

  return router;
}
