/**
 * Saved addresses of the signed-in subscriber (`/api/addresses/saved`, page /pro/mesadresses):
 * save (from the address analysis or the parcel sheet), list (optionally by tag), CSV export,
 * rename, notes, tags, « Surveiller », delete. Every query is scoped by the owner: another user's
 * address answers 404, as if it did not exist.
 */
import { formatDate } from '@immoloupe/shared/format';
import { CSV_BOM, csvLine, csvNumber } from '@immoloupe/shared/market/csv';
import {
  MAX_SAVED_ADDRESSES,
  SAVED_ADDRESS_CSV_HEADER,
  type SavedAddress,
  type SavedAddressList,
  saveAddressSchema,
  savedAddressListQuerySchema,
  savedAddressUpdateSchema,
  WATCH_LABELS,
  type WatchFrequency,
} from '@immoloupe/shared/saved-addresses/contracts';
import { type Request, Router } from 'express';
import { z } from 'zod';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db, Queryable } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';

interface Row {
  id: string;
  label: string;
  lon: number;
  lat: number;
  insee: string | null;
  id_parcelle: string | null;
  notes: string;
  tags: string[];
  watch: WatchFrequency;
  watch_radius_m: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, label, lon, lat, insee, id_parcelle, notes, tags, watch, watch_radius_m, created_at, updated_at';
const NOT_FOUND = 'Adresse introuvable.';
const idSchema = z.uuid({ error: NOT_FOUND });
export const LIMIT_MESSAGE = `Vous avez atteint la limite de ${MAX_SAVED_ADDRESSES} adresses enregistrées\u00a0: supprimez-en une pour en ajouter.`;

function toSaved(r: Row): SavedAddress {
  return {
    id: r.id,
    label: r.label,
    lon: r.lon,
    lat: r.lat,
    insee: r.insee,
    idParcelle: r.id_parcelle,
    notes: r.notes,
    tags: r.tags,
    watch: r.watch,
    watchRadiusM: r.watch_radius_m,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

function owner(req: Request): string {
  return req.user?.id as string;
}

/** The owner's addresses, newest first; `tag` compared without case, as tags are kept. */
async function listOf(db: Queryable, userId: string, tag: string | undefined): Promise<Row[]> {
  return db.query<Row>(
    `SELECT ${COLUMNS} FROM saved_addresses
      WHERE user_id = $1 AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM unnest(tags) t WHERE lower(t) = lower($2)))
      ORDER BY created_at DESC, id`,
    [userId, tag ?? null],
  );
}

export function savedAddressRoutes({ db }: { db: Db }): Router {
  const router = Router();

  router.get('/addresses/saved', requireSubscriber, async (req, res) => {
    const { tag } = savedAddressListQuerySchema.parse(req.query);
    const [rows, tags] = await Promise.all([
      listOf(db, owner(req), tag),
      db.query<{ tag: string }>('SELECT DISTINCT unnest(tags) AS tag FROM saved_addresses WHERE user_id = $1', [owner(req)]),
    ]);
    res.set('Cache-Control', 'private, no-store');
    res.json({
      items: rows.map(toSaved),
      max: MAX_SAVED_ADDRESSES,
      tags: tags.map((t) => t.tag).sort((a, b) => a.localeCompare(b, 'fr')),
    } satisfies SavedAddressList);
  });

  router.get('/addresses/saved.csv', requireSubscriber, async (req, res) => {
    const { tag } = savedAddressListQuerySchema.parse(req.query);
    const rows = await listOf(db, owner(req), tag);
    const today = new Date().toISOString().slice(0, 10);
    let out = CSV_BOM + csvLine(SAVED_ADDRESS_CSV_HEADER);
    for (const r of rows.map(toSaved)) {
      out += csvLine([
        r.label,
        r.notes,
        r.tags.join(', '),
        WATCH_LABELS[r.watch],
        r.watch === 'off' ? null : r.watchRadiusM,
        r.insee,
        r.idParcelle,
        // Six decimals: about ten centimetres, what the geocoder gives.
        csvNumber(r.lon, 6),
        csvNumber(r.lat, 6),
        formatDate(r.createdAt.slice(0, 10)),
      ]);
    }
    res.set('Content-Type', 'text/csv; charset=utf-8');
    res.set('Content-Disposition', `attachment; filename="mes-adresses-${today}.csv"`);
    res.set('Cache-Control', 'private, no-store');
    res.send(out);
  });

  router.post('/addresses/saved', requireSubscriber, async (req, res) => {
    const a = saveAddressSchema.parse(req.body ?? {});
    const row = await db.transaction(async (tx) => {
      // The owner's row lock makes two concurrent saves count right against the limit.
      await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [owner(req)]);
      const [n] = await tx.query<{ n: number; same: boolean }>(
        'SELECT count(*)::int AS n, bool_or(label = $2) AS same FROM saved_addresses WHERE user_id = $1',
        [owner(req), a.label],
      );
      if ((n?.n ?? 0) >= MAX_SAVED_ADDRESSES && !n?.same) throw new HttpError(409, LIMIT_MESSAGE);
      // Saving the same address again keeps one entry (its notes, tags and watch), position refreshed.
      const [saved] = await tx.query<Row>(
        `INSERT INTO saved_addresses (user_id, label, lon, lat, insee, id_parcelle) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (user_id, label) DO UPDATE SET lon = excluded.lon, lat = excluded.lat, insee = coalesce(excluded.insee, saved_addresses.insee),
           id_parcelle = coalesce(excluded.id_parcelle, saved_addresses.id_parcelle), updated_at = now()
         RETURNING ${COLUMNS}`,
        [owner(req), a.label, a.lon, a.lat, a.insee, a.idParcelle],
      );
      return saved as Row;
    });
    res.status(201).json(toSaved(row));
  });

  router.get('/addresses/saved/:id', requireSubscriber, async (req, res) => {
    const id = idSchema.parse(req.params.id);
    const [row] = await db.query<Row>(`SELECT ${COLUMNS} FROM saved_addresses WHERE id = $1 AND user_id = $2`, [id, owner(req)]);
    if (!row) throw new HttpError(404, NOT_FOUND);
    res.set('Cache-Control', 'private, no-store');
    res.json(toSaved(row));
  });

  router.patch('/addresses/saved/:id', requireSubscriber, async (req, res) => {
    const id = idSchema.parse(req.params.id);
    const u = savedAddressUpdateSchema.parse(req.body ?? {});
    let row: Row | undefined;
    try {
      [row] = await db.query<Row>(
        `UPDATE saved_addresses SET label = coalesce($3, label), notes = coalesce($4, notes), tags = coalesce($5::text[], tags),
           watch = coalesce($6, watch), watch_radius_m = coalesce($7, watch_radius_m), updated_at = now()
          WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
        [id, owner(req), u.label ?? null, u.notes ?? null, u.tags ?? null, u.watch ?? null, u.watchRadiusM ?? null],
      );
    } catch (err) {
      if ((err as { code?: string }).code === '23505')
        throw new HttpError(409, 'Une autre de vos adresses porte déjà ce nom.', [{ path: 'label', message: 'Nom déjà utilisé.' }]);
      throw err;
    }
    if (!row) throw new HttpError(404, NOT_FOUND);
    res.json(toSaved(row));
  });

  router.delete('/addresses/saved/:id', requireSubscriber, async (req, res) => {
    const id = idSchema.parse(req.params.id);
    const rows = await db.query('DELETE FROM saved_addresses WHERE id = $1 AND user_id = $2 RETURNING id', [id, owner(req)]);
    if (rows.length === 0) throw new HttpError(404, NOT_FOUND);
    res.status(204).end();
  });

  return router;
}
