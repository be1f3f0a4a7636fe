/**
 * The alert run (decision 1010), in two steps that each survive a crash:
 *
 * 1. collect — per user, ONE transaction: lock the user's alerts of the frequency, fetch each
 *    alert's rows imported after its watermark (and not already sent), write the digest in the
 *    outbox (`alert_digests`) with those rows recorded in `alert_sent_rows`, and advance the
 *    watermarks. A crash before the commit changes nothing; after it, the digest waits in the outbox.
 * 2. send — each pending digest is claimed (`sending`, committed) and then handed to SMTP with a
 *    stable Message-ID, then marked `sent`. An SMTP error puts it back to `pending` (tried again
 *    at the next run, up to MAX_ATTEMPTS); a process that dies between the claim and the record
 *    leaves it `sending`, and the next run marks it `uncertain` instead of sending it again: a row
 *    is never e-mailed twice.
 *
 * « New » is by import run (`import_runs.id`), up to the horizon: the newest run with no import
 * still running before it, so the rows of a run that commits late are not skipped.
 *
 * Step 1 also writes one in-app notification per alert with new rows (decision 1370), in the same
 * transaction: a site without SMTP still delivers, and writes no e-mail to the outbox.
 */
import { randomUUID } from 'node:crypto';
import { SAVED_SEARCH_TOOLS, type SavedSearchToolId, savedSearchUrl } from '@immoloupe/shared/saved-searches/contracts';
import { ZodError } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { signToken } from '../../http/signed-token.js';
import type { Logger } from '../../logger.js';
import { insertNotifications } from '../notifications/index.js';
import { type AlertRow, newRows } from '../saved-searches/index.js';
import { type DigestSection, digestHtml, digestSubject, digestText } from './digest-mail.js';
import { dpeNearAddress, MAX_ROWS_PER_ALERT, salesNearAddress } from './rows.js';

export type AlertFrequency = 'daily' | 'weekly';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
}

/** Hands a message to the mail server; resolves once it was accepted. */
export type SendMail = (mail: OutgoingMail) => Promise<void>;

export interface AlertDeps {
  db: Db;
  log: Logger;
  publicUrl: string;
  /** Signs the unsubscribe links (the server's secret). */
  secret: () => Promise<string>;
  /** null: no SMTP configured; alerts are collected into the in-app notifications only. */
  send: SendMail | null;
  /** A digest claimed longer ago than this without being recorded is `uncertain` (default 600 s). */
  uncertainAfterSeconds?: number;
  /** Test hook: runs after SMTP accepted a digest and before it is recorded (a crash there). */
  afterSend?: (digestId: string) => Promise<void>;
}

export const MAX_ATTEMPTS = 5;
export const UNSUBSCRIBE_PURPOSE = 'alert-unsubscribe';

export interface RunReport {
  alerts: number;
  digests: number;
  rows: number;
  sent: number;
  failed: number;
  /** In-app notifications written (one per alert with new rows). */
  notifications: number;
  /** Per alert, milliseconds to fetch its new rows (the benchmark's p95). */
  timings: number[];
}

/** Unsubscribe key: `s:<saved search id>`, `a:<saved address id>`, or `d:<digest id>` (all of a digest). */
export type UnsubscribeKey = `${'s' | 'a' | 'd'}:${string}`;

export function unsubscribeLink(publicUrl: string, secret: string, key: UnsubscribeKey): string {
  return `${publicUrl}/brevo/alertes/desinscription?k=${encodeURIComponent(key)}&t=${signToken(secret, UNSUBSCRIBE_PURPOSE, key)}`;
}

/** The newest import run whose rows are all visible: below the oldest import still running (live heartbeat). */
export async function importHorizon(db: Queryable): Promise<number> {
  const [h] = await db.query<{ h: string | number }>(
    `SELECT coalesce((SELECT min(id) - 1 FROM import_runs WHERE status = 'running' AND heartbeat_at > now() - interval '10 minutes'),
                     (SELECT max(id) FROM import_runs), 0) AS h`,
  );
  return Number(h?.h ?? 0);
}

interface AlertItem {
  id: string;
  user_id: string;
  email: string;
  /** Bounced before: no e-mail is written for this user, the notifications still are. */
  undeliverable: boolean;
  watermark_run: string | number;
  search_id: string | null;
  tool: SavedSearchToolId | null;
  name: string | null;
  query: string | null;
  address_id: string | null;
  label: string | null;
  /** The saved address as geocoded; `label` is the user's name for it (the same text until renamed). */
  address: string | null;
  lon: number | null;
  lat: number | null;
  id_parcelle: string | null;
  watch_radius_m: number | null;
}

const ITEM_SQL = `SELECT a.id, a.user_id, u.email, u.email_undeliverable_at IS NOT NULL AS undeliverable, a.watermark_run,
       s.id AS search_id, s.tool, s.name, s.query,
       ad.id AS address_id, ad.label, ad.address, ad.lon, ad.lat, ad.id_parcelle, ad.watch_radius_m
  FROM alert_states a
  JOIN users u ON u.id = a.user_id
  LEFT JOIN saved_searches s ON s.id = a.search_id
  LEFT JOIN saved_addresses ad ON ad.id = a.address_id
 WHERE coalesce(s.alert, ad.watch) = $1 AND a.watermark_run < $2
   AND u.disabled_at IS NULL`;

async function rowsOf(tx: Queryable, item: AlertItem, horizon: number, userId: string): Promise<AlertRow[]> {
  const runs = { after: Number(item.watermark_run), upTo: horizon, alertId: item.id };
  if (item.search_id && item.tool && item.tool in SAVED_SEARCH_TOOLS) {
    try {
      return await newRows(tx, item.tool, item.query ?? '', userId, runs, MAX_ROWS_PER_ALERT);
    } catch (err) {
      // A saved query the tool no longer accepts (its schema changed) has nothing new; the other
      // alerts of the run go on. Errors of the database are not caught (the transaction is lost).
      if (err instanceof ZodError || err instanceof HttpError) return [];
      throw err;
    }
  }
  if (item.address_id && item.lon !== null && item.lat !== null) {
    const a = { lon: item.lon, lat: item.lat, idParcelle: item.id_parcelle, radiusM: item.watch_radius_m ?? 0 };
    const sales = await salesNearAddress(tx, a, runs, MAX_ROWS_PER_ALERT);
    const dpe = await dpeNearAddress(tx, a, runs, MAX_ROWS_PER_ALERT);
    return [...sales, ...dpe];
  }
  return [];
}

function sectionOf(item: AlertItem, rows: AlertRow[], publicUrl: string, secret: string): DigestSection {
  if (item.search_id && item.tool) {
    return {
      kind: 'search',
      name: item.name ?? '',
      subtitle: SAVED_SEARCH_TOOLS[item.tool].label,
      url: `${publicUrl}${savedSearchUrl(item.tool, item.query ?? '')}`,
      unsubscribeUrl: unsubscribeLink(publicUrl, secret, `s:${item.search_id}`),
      rows,
    };
  }
  const radius = item.watch_radius_m ?? 0;
  return {
    kind: 'address',
    name: item.label ?? '',
    subtitle: radius > 0 ? `ventes DVF et DPE de la parcelle ou à moins de ${radius}\u00a0m` : 'ventes DVF et DPE de la parcelle',
    // The address analysis reads `adresse`: the address itself, not the name the user gave it.
    url: `${publicUrl}/pro/analyseadresse?${new URLSearchParams({ lat: String(item.lat), lon: String(item.lon), adresse: item.address ?? item.label ?? '' })}`,
    unsubscribeUrl: unsubscribeLink(publicUrl, secret, `a:${item.address_id}`),
    rows,
  };
}

/** Step 1 for one user: one transaction, its notifications and one digest (or none when nothing is new). */
async function collectUser(
  deps: AlertDeps,
  userId: string,
  frequency: AlertFrequency,
  horizon: number,
  secret: string,
  report: RunReport,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // Locked and re-read: a second run at the same time waits, then finds the watermarks advanced.
    const items = await tx.query<AlertItem>(`${ITEM_SQL} AND a.user_id = $3 ORDER BY a.id FOR UPDATE OF a`, [frequency, horizon, userId]);
    if (items.length === 0) return;
    const sections: DigestSection[] = [];
    const sent: { alert: string; rows: AlertRow[] }[] = [];
    for (const item of items) {
      const started = performance.now();
      const rows = await rowsOf(tx, item, horizon, userId);
      report.timings.push(performance.now() - started);
      report.alerts++;
      if (rows.length === 0) continue;
      sections.push(sectionOf(item, rows, deps.publicUrl, secret));
      sent.push({ alert: item.id, rows });
    }
    const ids = items.map((i) => i.id);
    await tx.query(
      `UPDATE alert_states SET watermark_run = $2, last_run_at = now(),
              last_sent_at = CASE WHEN id = ANY($3::uuid[]) THEN now() ELSE last_sent_at END
        WHERE id = ANY($1::uuid[])`,
      [ids, horizon, sent.map((s) => s.alert)],
    );
    if (sections.length === 0) return;
    const rowCount = sent.reduce((n, s) => n + s.rows.length, 0);
    await tx.query(
      `INSERT INTO alert_sent_rows (alert_id, source, row_id)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
      [
        sent.flatMap((s) => s.rows.map(() => s.alert)),
        sent.flatMap((s) => s.rows.map((r) => r.source)),
        sent.flatMap((s) => s.rows.map((r) => r.id)),
      ],
    );
    report.rows += rowCount;
    const mailed = deps.send !== null && !items[0]?.undeliverable;
    const digestId = mailed ? randomUUID() : null;
    if (digestId) await writeDigest(tx, { deps, userId, frequency, secret, items, sent, sections, digestId, rowCount });
    report.notifications += await insertNotifications(tx, userId, sections, deps.publicUrl, digestId);
    if (digestId) report.digests++;
  });
}

/** The e-mail of a user's run into the outbox (sent by step 2). */
async function writeDigest(
  tx: Queryable,
  d: {
    deps: AlertDeps;
    userId: string;
    frequency: AlertFrequency;
    secret: string;
    items: AlertItem[];
    sent: { alert: string; rows: AlertRow[] }[];
    sections: DigestSection[];
    digestId: string;
    rowCount: number;
  },
): Promise<void> {
  const { deps, userId, frequency, secret, items, sent, sections, digestId, rowCount } = d;
  const messageHost = new URL(deps.publicUrl).hostname || 'immoloupe.local';
  const input = { frequency, sections, publicUrl: deps.publicUrl };
  const all = unsubscribeLink(deps.publicUrl, secret, `d:${digestId}`);
  await tx.query(
    `INSERT INTO alert_digests (id, user_id, frequency, recipient, subject, html, text, headers, message_id, row_count, items)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11::jsonb)`,
    [
      digestId,
      userId,
      frequency,
      items[0]?.email,
      digestSubject(input),
      await digestHtml(input),
      digestText(input),
      JSON.stringify({ 'List-Unsubscribe': `<${all}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }),
      `<alert-${digestId}@${messageHost}>`,
      rowCount,
      JSON.stringify(
        items
          .filter((i) => sent.some((s) => s.alert === i.id))
          .map((i) => (i.search_id ? { kind: 'search', id: i.search_id } : { kind: 'address', id: i.address_id })),
      ),
    ],
  );
}

/** Step 1: the digests of every user with alerts of this frequency into the outbox. */
export async function collectDigests(deps: AlertDeps, frequency: AlertFrequency, report: RunReport): Promise<void> {
  const horizon = await importHorizon(deps.db);
  const secret = await deps.secret();
  const users = await deps.db.query<{ user_id: string }>(`SELECT DISTINCT user_id FROM (${ITEM_SQL}) x ORDER BY user_id`, [
    frequency,
    horizon,
  ]);
  for (const { user_id } of users) await collectUser(deps, user_id, frequency, horizon, secret, report);
}

interface DigestRow {
  id: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  message_id: string;
  attempts: number;
}

/** Step 2: every pending digest handed to SMTP, each at most once. */
export async function sendPending(deps: AlertDeps, report: RunReport): Promise<void> {
  if (!deps.send) return;
  const uncertain = await deps.db.query<{ id: string }>(
    `UPDATE alert_digests SET status = 'uncertain', error = 'Processus arrêté pendant l’envoi : non renvoyé pour ne pas l’envoyer deux fois.'
      WHERE status = 'sending' AND claimed_at < now() - make_interval(secs => $1::double precision) RETURNING id`,
    [deps.uncertainAfterSeconds ?? 600],
  );
  if (uncertain.length > 0) deps.log.warn('alert digests left in sending, not sent again', { ids: uncertain.map((u) => u.id) });
  for (;;) {
    const [d] = await deps.db.query<DigestRow>(
      `UPDATE alert_digests SET status = 'sending', claimed_at = now(), attempts = attempts + 1
        WHERE id = (SELECT id FROM alert_digests WHERE status = 'pending' ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, recipient, subject, html, text, headers, message_id, attempts`,
    );
    if (!d) return;
    try {
      await deps.send({ to: d.recipient, subject: d.subject, html: d.html, text: d.text, messageId: d.message_id, headers: d.headers });
    } catch (err) {
      // Refused before acceptance: safe to try again later, up to MAX_ATTEMPTS.
      const message = err instanceof Error ? err.message : String(err);
      await deps.db.query(
        `UPDATE alert_digests SET status = CASE WHEN attempts >= $2 THEN 'failed' ELSE 'pending' END, error = $3 WHERE id = $1`,
        [d.id, MAX_ATTEMPTS, message.slice(0, 500)],
      );
      deps.log.warn('alert digest not sent', { id: d.id, err: message });
      report.failed++;
      // The other digests wait for the next run: the mail server is likely down for them too.
      return;
    }
    await deps.afterSend?.(d.id);
    await deps.db.query(`UPDATE alert_digests SET status = 'sent', sent_at = now(), error = NULL WHERE id = $1`, [d.id]);
    report.sent++;
  }
}

/** One scheduled run: collect (notifications, and digests with SMTP) then send. */
export async function runAlerts(deps: AlertDeps, frequencies: readonly AlertFrequency[]): Promise<RunReport> {
  const report: RunReport = { alerts: 0, digests: 0, rows: 0, sent: 0, failed: 0, notifications: 0, timings: [] };
  for (const f of frequencies) await collectDigests(deps, f, report);
  await sendPending(deps, report);
  deps.log.info('alert run', { ...report, timings: undefined, frequencies });
  return report;
}
