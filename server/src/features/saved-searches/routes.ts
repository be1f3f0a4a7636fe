/**
 * Saved searches of the signed-in subscriber (`/api/saved-searches`): list, create (validated by the
 * tool's own schema, counted at once), rename / change the alert / replace the filters, duplicate,
 * delete, count them all again. Every query is
 * scoped by the owner: another user's search answers 404, as if it did not exist.
 */

import { pageWindow } from '@immoloupe/shared/paging';
import {
  checkToolQuery,
  MAX_SAVED_SEARCHES,
  SAVED_SEARCHES_PAGE_SIZE,
  type SavedSearch,
  type SavedSearchList,
  type SavedSearchPageQuery,
  type SavedSearchToolId,
  savedSearchCreateSchema,
  savedSearchPageQuerySchema,
  savedSearchUpdateSchema,
  savedSearchUrl,
} from '@immoloupe/shared/saved-searches/contracts';
import { Router } from 'express';
import { z } from 'zod';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db, Queryable } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import type { Logger } from '../../logger.js';
import { countResults } from './tools.js';

interface Row {
  id: string;
  tool: SavedSearchToolId;
  name: string;
  query: string;
  alert: SavedSearch['alert'];
  last_count: number | null;
  last_count_at: Date | null;
  created_at: Date;
}

const COLUMNS = 'id, tool, name, query, alert, last_count, last_count_at, created_at';
const idSchema = z.uuid({ error: 'Recherche introuvable.' });

function toSavedSearch(r: Row): SavedSearch {
  return {
    id: r.id,
    tool: r.tool,
    name: r.name,
    query: r.query,
    url: savedSearchUrl(r.tool, r.query),
    alert: r.alert,
    lastCount: r.last_count,
    lastCountAt: r.last_count_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
  };
}

function userId(req: { user?: { id: string } | undefined }): string {
  return req.user?.id as string;
}

/** `ORDER BY` of each order; the date saved, then the id, part ties so that pages never overlap. */
function orderBy(q: SavedSearchPageQuery): string {
  const dir = q.order === 'asc' ? 'ASC' : 'DESC';
  const column = { created: 'created_at', name: 'lower(name)', count: 'last_count' }[q.sort];
  return `${column} ${dir} NULLS LAST, created_at DESC, id`;
}

/** One page of the owner's searches (every one without `page`) with their total. */
async function listPage(db: Queryable, owner: string, q: SavedSearchPageQuery): Promise<SavedSearchList> {
  const { limit, offset } = pageWindow(q.page, SAVED_SEARCHES_PAGE_SIZE);
  const [rows, [n]] = await Promise.all([
    db.query<Row>(`SELECT ${COLUMNS} FROM saved_searches WHERE user_id = $1 ORDER BY ${orderBy(q)} LIMIT $2 OFFSET $3`, [
      owner,
      limit,
      offset,
    ]),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM saved_searches WHERE user_id = $1', [owner]),
  ]);
  const total = n?.n ?? 0;
  return {
    items: rows.map(toSavedSearch),
    max: MAX_SAVED_SEARCHES,
    total,
    page: q.page ?? 1,
    pageSize: q.page === undefined ? Math.max(total, 1) : SAVED_SEARCHES_PAGE_SIZE,
    sort: q.sort,
    order: q.order,
  };
}

const LIMIT_MESSAGE = `Vous avez atteint la limite de ${MAX_SAVED_SEARCHES} recherches enregistrées\u00a0: supprimez-en une pour en ajouter.`;

/** Inserts under the per-user limit; the owner's row lock makes two concurrent saves count right. */
async function insertSearch(
  tx: Queryable,
  owner: string,
  s: { tool: string; name: string; query: string; alert: string; count: number | null },
): Promise<Row> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [owner]);
  const [n] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM saved_searches WHERE user_id = $1', [owner]);
  if ((n?.n ?? 0) >= MAX_SAVED_SEARCHES) throw new HttpError(409, LIMIT_MESSAGE);
  const [row] = await tx.query<Row>(
    `INSERT INTO saved_searches (user_id, tool, name, query, alert, last_count, last_count_at)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6::int IS NULL THEN NULL ELSE now() END) RETURNING ${COLUMNS}`,
    [owner, s.tool, s.name, s.query, s.alert, s.count],
  );
  return row as Row;
}

export function savedSearchRoutes(deps: { db: Db; log: Logger }): Router {
  const { db, log } = deps;
  const router = Router();

  async function count(tool: SavedSearchToolId, query: string, owner: string): Promise<number | null> {
    try {
      return await countResults(db, tool, query, owner);
    } catch (err) {
      // A count that fails (a place no longer known) must not prevent saving.
      log.warn('saved search not counted', { tool, err });
      return null;
    }
  }

  router.get('/saved-searches', requireSubscriber, async (req, res) => {
    const q = savedSearchPageQuerySchema.parse(req.query);
    res.set('cache-control', 'private, no-store');
    res.json(await listPage(db, userId(req), q));
  });

  router.post('/saved-searches', requireSubscriber, async (req, res) => {
    const s = savedSearchCreateSchema.parse(req.body ?? {});
    const n = await count(s.tool, s.query, userId(req));
    const row = await db.transaction((tx) => insertSearch(tx, userId(req), { ...s, count: n }));
    res.status(201).json(toSavedSearch(row));
  });

  router.patch('/saved-searches/:id', requireSubscriber, async (req, res) => {
    const id = idSchema.parse(req.params.id);
    const u = savedSearchUpdateSchema.parse(req.body ?? {});
    // New filters: checked by the search's own tool, and counted again like a new search.
    let counted: number | null = null;
    if (u.query !== undefined) {
      const [current] = await db.query<{ tool: SavedSearchToolId }>('SELECT tool FROM saved_searches WHERE id = $1 AND user_id = $2', [
        id,
        userId(req),
      ]);
      if (!current) throw new HttpError(404, 'Recherche introuvable.');
      const issues = checkToolQuery(current.tool, u.query);
      if (issues)
        throw new HttpError(
          400,
          issues[0]?.message ?? 'Recherche invalide.',
          issues.map((i) => ({ path: ['query', i.path].filter(Boolean).join('.'), message: i.message })),
        );
      counted = await count(current.tool, u.query, userId(req));
    }
    const [row] = await db.query<Row>(
      `UPDATE saved_searches SET name = coalesce($3, name), alert = coalesce($4, alert),
              query = coalesce($5, query),
              last_count = CASE WHEN $5::text IS NULL THEN last_count ELSE $6::int END,
              last_count_at = CASE WHEN $5::text IS NULL THEN last_count_at WHEN $6::int IS NULL THEN NULL ELSE now() END,
              updated_at = now()
        WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [id, userId(req), u.name ?? null, u.alert ?? null, u.query ?? null, counted],
    );
    if (!row) throw new HttpError(404, 'Recherche introuvable.');
    res.json(toSavedSearch(row));
  });

  // The counts are taken at saving and at each alert run: a search without alert would keep its
  // count of the day it was saved. Counted one after the other (50 searches at most a user).
  // Answers the page of the query string, counted like the others.
  router.post('/saved-searches/recount', requireSubscriber, async (req, res) => {
    const q = savedSearchPageQuerySchema.parse(req.query);
    const owner = userId(req);
    const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM saved_searches WHERE user_id = $1 ORDER BY created_at DESC, id`, [owner]);
    for (const r of rows) {
      const n = await count(r.tool, r.query, owner);
      // A search deleted meanwhile (another tab) updates nothing.
      await db.query(
        `UPDATE saved_searches SET last_count = $3, last_count_at = CASE WHEN $3::int IS NULL THEN last_count_at ELSE now() END
          WHERE id = $1 AND user_id = $2`,
        [r.id, owner, n],
      );
    }
    res.json(await listPage(db, owner, q));
  });

  router.post('/saved-searches/:id/duplicate', requireSubscriber, async (req, res) => {
    const id = idSchema.parse(req.params.id);
    const row = await db.transaction(async (tx) => {
      const [src] = await tx.query<Row>(`SELECT ${COLUMNS} FROM saved_searches WHERE id = $1 AND user_id = $2`, [id, userId(req)]);
      if (!src) throw new HttpError(404, 'Recherche introuvable.');
      // A copy starts without alert: the user turns it on if the copy is meant to alert too.
      return insertSearch(tx, userId(req), {
        tool: src.tool,
        name: `${src.name} (copie)`.slice(0, 120),
        query: src.query,
        alert: 'off',
        count: src.last_count,
      });
    });
    res.status(201).json(toSavedSearch(row));
  });

  router.delete('/saved-searches/:id', requireSubscriber, async (req, res) => {
    const id = idSchema.parse(req.params.id);
    const rows = await db.query('DELETE FROM saved_searches WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId(req)]);
    if (rows.length === 0) throw new HttpError(404, 'Recherche introuvable.');
    res.status(204).end();
  });

  return router;
}
