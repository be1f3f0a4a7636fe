/**
 * The signed-in subscriber's notifications (`/api/notifications`, the bell of the pro header):
 * list by page with the unread count, the count alone (read on every page), mark one or all as
 * read. Every query is scoped by the owner: another user's notification answers 404.
 */
import {
  NOTIFICATION_NOT_FOUND,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationList,
  type NotificationRow,
  notificationListQuerySchema,
} from '@immoloupe/shared/notifications/contracts';
import { type Request, Router } from 'express';
import { z } from 'zod';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';

interface Row {
  id: string;
  kind: 'search' | 'address';
  name: string;
  subtitle: string;
  url: string;
  row_count: number;
  rows: NotificationRow[];
  created_at: Date;
  read_at: Date | null;
}

const idSchema = z.uuid({ error: NOTIFICATION_NOT_FOUND });
const owner = (req: Request) => req.user?.id as string;

function toNotification(r: Row): Notification {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    subtitle: r.subtitle,
    url: r.url,
    rowCount: r.row_count,
    rows: r.rows,
    createdAt: new Date(r.created_at).toISOString(),
    readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
  };
}

async function unreadOf(db: Db, userId: string): Promise<number> {
  const [n] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL', [
    userId,
  ]);
  return n?.n ?? 0;
}

export function notificationRoutes({ db }: { db: Db }): Router {
  const router = Router();

  router.get('/notifications', requireSubscriber, async (req, res) => {
    const { page } = notificationListQuerySchema.parse(req.query);
    const [rows, [total], unread] = await Promise.all([
      db.query<Row>(
        `SELECT id, kind, name, subtitle, url, row_count, rows, created_at, read_at FROM notifications
          WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
        [owner(req), NOTIFICATIONS_PAGE_SIZE, (page - 1) * NOTIFICATIONS_PAGE_SIZE],
      ),
      db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1', [owner(req)]),
      unreadOf(db, owner(req)),
    ]);
    res.set('Cache-Control', 'private, no-store');
    res.json({
      items: rows.map(toNotification),
      total: total?.n ?? 0,
      unread,
      page,
      pageSize: NOTIFICATIONS_PAGE_SIZE,
    } satisfies NotificationList);
  });

  router.get('/notifications/unread', requireSubscriber, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json({ unread: await unreadOf(db, owner(req)) });
  });

  router.post('/notifications/read-all', requireSubscriber, async (req, res) => {
    const marked = await db.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL RETURNING id', [
      owner(req),
    ]);
    res.json({ marked: marked.length });
  });

  router.post('/notifications/:id/read', requireSubscriber, async (req, res) => {
    const parsed = idSchema.safeParse(req.params.id);
    if (!parsed.success) throw new HttpError(404, NOTIFICATION_NOT_FOUND);
    // Read once: marking again keeps the first moment.
    const [row] = await db.query<Row>(
      `UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2
       RETURNING id, kind, name, subtitle, url, row_count, rows, created_at, read_at`,
      [parsed.data, owner(req)],
    );
    if (!row) throw new HttpError(404, NOTIFICATION_NOT_FOUND);
    res.json(toNotification(row));
  });

  return router;
}
