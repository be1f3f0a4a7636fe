/**
 * Alerts wired once per app: the engine's dependencies, the scheduled runs on the job queue, the
 * administration (`/api/admin/alerts`, run now), the status the pages read (`/api/alerts/status`)
 * and the one-click unsubscribe (`/brevo/alertes/desinscription`, no layout, no sign-in).
 */
import {
  ALERTS_NOT_CONFIGURED,
  type AlertAdmin,
  type AlertRunReport,
  type AlertStatus,
  alertRunRequestSchema,
} from '@immoloupe/shared/alerts/contracts';
import express, { type Request, Router } from 'express';
import { requireAdmin, requireSubscriber } from '../../auth/guards.js';
import { resolveAuthSecret } from '../../auth/secret.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { refuseUnsafeText } from '../../http/input-hygiene.js';
import { escapeHtml, plainPage } from '../../http/plain-page.js';
import { verifyToken } from '../../http/signed-token.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Logger } from '../../logger.js';
import { type AlertDeps, type AlertFrequency, runAlerts, UNSUBSCRIBE_PURPOSE, type UnsubscribeKey } from './engine.js';
import { smtpSender } from './smtp.js';

export function alertDeps(deps: { config: Config; db: Db; log: Logger }): AlertDeps {
  const { config, db } = deps;
  let secretPromise: Promise<string> | undefined;
  return {
    db,
    log: deps.log,
    publicUrl: config.publicUrl,
    secret: () => {
      secretPromise ??= resolveAuthSecret(db, config.AUTH_SECRET).catch((err) => {
        secretPromise = undefined;
        throw err;
      });
      return secretPromise;
    },
    send: smtpSender(config.SMTP_URL, config.MAIL_FROM),
  };
}

export const ALERT_JOBS: Record<AlertFrequency, string> = { daily: 'alerts.daily', weekly: 'alerts.weekly' };

/** The daily and weekly runs on the queue: one job per cron slot whatever the number of processes. */
export async function registerAlertJobs(jobs: JobQueue, deps: AlertDeps, crons: Record<AlertFrequency, string>): Promise<void> {
  for (const frequency of ['daily', 'weekly'] as const) {
    await jobs.register(
      ALERT_JOBS[frequency],
      async () => {
        const { timings: _timings, ...report } = await runAlerts(deps, [frequency]);
        return report;
      },
      { retryLimit: 3, retryDelaySeconds: 300, policy: 'singleton', expireInSeconds: 3600 },
    );
    await jobs.schedule(ALERT_JOBS[frequency], crons[frequency]);
  }
}

const KEY = /^[sad]:[0-9a-f-]{36}$/i;

/** Turns off the alerts a key names; returns how many were on. */
async function unsubscribe(db: Db, key: UnsubscribeKey): Promise<number> {
  const id = key.slice(2);
  const off = async (kind: string, itemId: string) =>
    kind === 's'
      ? db.query(`UPDATE saved_searches SET alert = 'off', updated_at = now() WHERE id = $1 AND alert <> 'off' RETURNING id`, [itemId])
      : db.query(`UPDATE saved_addresses SET watch = 'off', updated_at = now() WHERE id = $1 AND watch <> 'off' RETURNING id`, [itemId]);
  if (key.startsWith('d:')) {
    const [d] = await db.query<{ items: { kind: 'search' | 'address'; id: string }[] }>('SELECT items FROM alert_digests WHERE id = $1', [
      id,
    ]);
    let n = 0;
    for (const item of d?.items ?? []) n += (await off(item.kind === 'search' ? 's' : 'a', item.id)).length;
    return n;
  }
  return (await off(key[0] as string, id)).length;
}

export function alertRoutes(deps: AlertDeps): { api: Router; pages: Router } {
  const { db, log } = deps;
  const status = (): AlertStatus => ({ mailConfigured: deps.send !== null, message: deps.send ? null : ALERTS_NOT_CONFIGURED });

  const api = Router();
  api.get('/alerts/status', requireSubscriber, (_req, res) => {
    res.json(status());
  });
  api.get('/admin/alerts', requireAdmin, async (_req, res) => {
    res.set('cache-control', 'private, no-store');
    const [n] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_states');
    const rows = await db.query<{
      id: string;
      recipient: string;
      frequency: 'daily' | 'weekly';
      subject: string;
      row_count: number;
      status: AlertAdmin['digests'][number]['status'];
      attempts: number;
      error: string | null;
      created_at: Date;
      sent_at: Date | null;
    }>(`SELECT id, recipient, frequency, subject, row_count, status, attempts, error, created_at, sent_at
          FROM alert_digests ORDER BY created_at DESC, id LIMIT 50`);
    const body: AlertAdmin = {
      ...status(),
      activeAlerts: n?.n ?? 0,
      digests: rows.map((r) => ({
        id: r.id,
        recipient: r.recipient,
        frequency: r.frequency,
        subject: r.subject,
        rowCount: r.row_count,
        status: r.status,
        attempts: r.attempts,
        error: r.error,
        createdAt: r.created_at.toISOString(),
        sentAt: r.sent_at?.toISOString() ?? null,
      })),
    };
    res.json(body);
  });
  // Runs the alerts now (the administration's button, the browser journey): what the cron runs.
  api.post('/admin/alerts/run', requireAdmin, async (req, res) => {
    const { frequency } = alertRunRequestSchema.parse(req.body ?? {});
    // Without SMTP the run still delivers, into the in-app notifications (decision 1370).
    const { timings: _timings, ...report } = await runAlerts(deps, frequency === 'all' ? ['daily', 'weekly'] : [frequency]);
    res.json(report satisfies AlertRunReport);
  });

  const pages = Router();
  pages.use(express.urlencoded({ extended: false, limit: '16kb' }));
  pages.use(refuseUnsafeText);
  async function checked(req: Request): Promise<UnsubscribeKey | null> {
    const source = { ...(req.query as Record<string, unknown>), ...(typeof req.body === 'object' && req.body ? req.body : {}) };
    const k = typeof source.k === 'string' ? source.k : '';
    const t = typeof source.t === 'string' ? source.t : '';
    if (!KEY.test(k) || !t) return null;
    return verifyToken(await deps.secret(), UNSUBSCRIBE_PURPOSE, k, t) ? (k as UnsubscribeKey) : null;
  }
  const invalid = plainPage(
    'Lien de désabonnement invalide',
    '<p>Ce lien est incomplet ou a été modifié. Vous pouvez aussi arrêter une alerte depuis <a href="/pro/mesrecherches">Mes recherches</a> ou <a href="/pro/mesadresses">Mes adresses</a>.</p>',
  );
  pages.get('/desinscription', async (req, res) => {
    res.set('Cache-Control', 'no-store').set('X-Robots-Tag', 'noindex');
    const key = await checked(req);
    if (!key) {
      res.status(400).type('html').send(invalid);
      return;
    }
    // A GET changes nothing (mail scanners open links): the button, or the mail client's one-click POST, does.
    const what = key.startsWith('d:') ? 'les alertes de cet e-mail' : 'cette alerte';
    res.type('html').send(
      plainPage(
        'Se désabonner',
        `<p>Vous ne recevrez plus ${what}. Vos recherches et adresses restent enregistrées.</p>
<form method="post" action="/brevo/alertes/desinscription"><input type="hidden" name="k" value="${escapeHtml(key)}"><input type="hidden" name="t" value="${escapeHtml(String(req.query.t))}">
<button type="submit">Se désabonner</button></form>`,
      ),
    );
  });
  // RFC 8058: mail clients POST here without cookies, hence no CSRF token; the signature is the check.
  pages.post('/desinscription', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const key = await checked(req);
    if (!key) {
      res.status(400).type('html').send(invalid);
      return;
    }
    const n = await unsubscribe(db, key);
    log.info('alert unsubscribe', { key, turnedOff: n });
    res
      .type('html')
      .send(
        plainPage(
          'Vous êtes désabonné',
          '<p>Cette alerte ne vous sera plus envoyée. Pour la remettre, choisissez une fréquence dans <a href="/pro/mesrecherches">Mes recherches</a> ou <a href="/pro/mesadresses">Mes adresses</a>.</p>',
        ),
      );
  });
  return { api, pages };
}
