/**
 * Saved addresses of the signed-in subscriber (`/api/addresses/saved`, page /pro/mesadresses):
 * save (from the address analysis or the parcel sheet), list (optionally by tag), CSV export,
 * rename, notes, tags, « Surveiller », delete. Every query is scoped by the owner: another user's
 * address answers 404, as if it did not exist.
 */
import { formatDate, parisIsoDate } from '@immoloupe/shared/format';
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
  address: string | null;
  lon: number;
  lat: number;
  insee: string | null;
  id_parcelle: string | null;
  placed_by_ban: boolean;
  notes: string;
  tags: string[];
  watch: WatchFrequency;
  watch_radius_m: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS =
  'id, label, address, lon, lat, insee, id_parcelle, placed_by_ban, notes, tags, watch, watch_radius_m, created_at, updated_at';
const NOT_FOUND = 'Adresse introuvable.';
const idSchema = z.uuid({ error: NOT_FOUND });
const NAME_TAKEN_ON_SAVE = 'Une autre de vos adresses porte ce nom\u00a0: renommez-la pour enregistrer celle-ci.';
export const LIMIT_MESSAGE = `Vous avez atteint la limite de ${MAX_SAVED_ADDRESSES} adresses enregistrées\u00a0: supprimez-en une pour en ajouter.`;

function toSaved(r: Row): SavedAddress {
  return {
    id: r.id,
    label: r.label,
    // A row inserted without its address (SQL outside this feature) was saved under its label.
    address: r.address ?? r.label,
    lon: r.lon,
    lat: r.lat,
    insee: r.insee,
    idParcelle: r.id_parcelle,
    placedByBan: r.placed_by_ban,
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
    const today = parisIsoDate(new Date());
    let out = CSV_BOM + csvLine(SAVED_ADDRESS_CSV_HEADER);
    for (const r of rows.map(toSaved)) {
      out += csvLine([
        r.label,
        r.address,
        r.notes,
        r.tags.join(', '),
        WATCH_LABELS[r.watch],
        // Kept while the watch is off, as the page shows it: it is what turning it on will watch.
        r.watchRadiusM,
        r.insee,
        r.idParcelle,
        // Six decimals: about ten centimetres, what the geocoder gives.
        csvNumber(r.lon, 6),
        csvNumber(r.lat, 6),
        formatDate(r.createdAt),
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
      // The owner's row lock makes two concurrent saves count right against the limit, and find each other's row.
      await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [owner(req)]);
      // The same address saved again (from the analysis, then the parcel sheet) is one entry, renamed or not.
      const [known] = await tx.query<{ id: string }>(
        `SELECT id FROM saved_addresses WHERE user_id = $1 AND coalesce(address, label) = $2 ORDER BY address IS NULL LIMIT 1`,
        [owner(req), a.label],
      );
      if (known) {
        // Its notes, tags, watch and name stay; the position is refreshed.
        const [saved] = await tx.query<Row>(
          `UPDATE saved_addresses SET address = $2, lon = $3, lat = $4, insee = coalesce($5, insee),
             id_parcelle = coalesce($6, id_parcelle), placed_by_ban = $7, updated_at = now()
            WHERE id = $1 RETURNING ${COLUMNS}`,
          [known.id, a.label, a.lon, a.lat, a.insee, a.idParcelle, a.placedByBan],
        );
        return saved as Row;
      }
      const [n] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM saved_addresses WHERE user_id = $1', [owner(req)]);
      if ((n?.n ?? 0) >= MAX_SAVED_ADDRESSES) throw new HttpError(409, LIMIT_MESSAGE);
      const [taken] = await tx.query('SELECT 1 FROM saved_addresses WHERE user_id = $1 AND label = $2', [owner(req), a.label]);
      if (taken) throw new HttpError(409, NAME_TAKEN_ON_SAVE);
      const [saved] = await tx.query<Row>(
        `INSERT INTO saved_addresses (user_id, label, address, lon, lat, insee, id_parcelle, placed_by_ban)
         VALUES ($1, $2, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
        [owner(req), a.label, a.lon, a.lat, a.insee, a.idParcelle, a.placedByBan],
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
