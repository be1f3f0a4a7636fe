/**
 * Notifications written by the alert engine (decision 1370): one per alert section of a run, in
 * the run's transaction, with the rows as the e-mail words them. Links are kept as paths of the
 * app (the e-mail's are absolute, for a mail client).
 */
import { NOTIFICATION_ROWS_KEPT, type NotificationRow } from '@immoloupe/shared/notifications/contracts';
import type { Queryable } from '../../db/client.js';

/** One alert section as a notification keeps it (the alert engine's digest sections have this shape). */
export interface NotificationSection {
  kind: 'search' | 'address';
  name: string;
  subtitle: string;
  url: string;
  rows: readonly { date: string; title: string; detail: string; url?: string }[];
}

/** The app's own path of an absolute link made with `publicUrl`; other links are left as they are. */
export function appPath(url: string, publicUrl: string): string {
  return url.startsWith(publicUrl) ? url.slice(publicUrl.length) || '/' : url;
}

/** Writes a user's notifications of one run; returns how many. */
export async function insertNotifications(
  tx: Queryable,
  userId: string,
  sections: readonly NotificationSection[],
  publicUrl: string,
  digestId: string | null,
): Promise<number> {
  if (sections.length === 0) return 0;
  const rows = sections.map((s) =>
    JSON.stringify(
      s.rows
        .slice(0, NOTIFICATION_ROWS_KEPT)
        .map((r): NotificationRow => ({ date: r.date, title: r.title, detail: r.detail, ...(r.url ? { url: r.url } : {}) })),
    ),
  );
  await tx.query(
    `INSERT INTO notifications (user_id, kind, name, subtitle, url, row_count, rows, digest_id)
     SELECT $1, kind, name, subtitle, url, row_count, rows::jsonb, $8::uuid
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[]) AS s(kind, name, subtitle, url, row_count, rows)`,
    [
      userId,
      sections.map((s) => s.kind),
      sections.map((s) => s.name),
      sections.map((s) => s.subtitle),
      sections.map((s) => appPath(s.url, publicUrl)),
      sections.map((s) => s.rows.length),
      rows,
      digestId,
    ],
  );
  return sections.length;
}
