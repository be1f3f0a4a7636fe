/**
 * `/brevo/*` (no layout, SEED-SPEC §1): the webhook Brevo calls on an unsubscribe, a hard bounce
 * or a spam complaint, and the one-click unsubscribe page of a newsletter.
 *
 * The webhook is authenticated by a shared secret (query `token` or `Authorization: Bearer`),
 * compared in constant time, and idempotent: each event is applied once (`brevo_events`).
 * The unsubscribe link is signed (see unsubscribe-token.ts); its POST is also the RFC 8058
 * one-click target mail clients call without cookies, hence no CSRF token there.
 */
import { createHash } from 'node:crypto';
import express, { type Request, Router } from 'express';
import type { Db } from '../../db/client.js';
import { refuseUnsafeText } from '../../http/input-hygiene.js';
import { escapeHtml, plainPage } from '../../http/plain-page.js';
import type { Logger } from '../../logger.js';
import { setMarketingConsent } from './queries.js';
import { sameSecret, verifyUnsubscribeToken } from './unsubscribe-token.js';

/** Brevo's transactional and marketing event names, mapped to what they change here. */
const EVENTS: Record<string, 'unsubscribe' | 'bounce' | 'spam'> = {
  unsubscribed: 'unsubscribe',
  unsubscribe: 'unsubscribe',
  hard_bounce: 'bounce',
  hardBounce: 'bounce',
  hard_bounced: 'bounce',
  invalid_email: 'bounce',
  spam: 'spam',
  complaint: 'spam',
};

interface BrevoEvent {
  event?: unknown;
  email?: unknown;
  'message-id'?: unknown;
  ts_event?: unknown;
  date_event?: unknown;
  ts?: unknown;
  camp_id?: unknown;
  id?: unknown;
}

function eventKey(e: BrevoEvent): string {
  const parts = [e.event, e.email, e['message-id'], e.camp_id, e.ts_event ?? e.date_event ?? e.ts, e.id].map((v) => String(v ?? ''));
  return createHash('sha256').update(parts.join('|')).digest('hex');
}

function bearerOrToken(req: Request): string {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  return typeof req.query.token === 'string' ? req.query.token : '';
}

const page = plainPage;

export function brevoRoutes(deps: { db: Db; log: Logger; webhookSecret: string | undefined; secret: () => Promise<string> }): Router {
  const { db, log } = deps;
  const router = Router();
  router.use(express.json({ limit: '1mb' }));
  router.use(express.urlencoded({ extended: false, limit: '16kb' }));
  router.use(refuseUnsafeText);

  router.post('/webhook', async (req, res) => {
    if (!deps.webhookSecret) {
      res.status(503).json({ message: 'Webhook Brevo non configuré (BREVO_WEBHOOK_SECRET).' });
      return;
    }
    if (!sameSecret(bearerOrToken(req), deps.webhookSecret)) {
      log.warn('brevo webhook refused: bad secret', { ip: req.ip });
      res.status(401).json({ message: 'Secret du webhook invalide.' });
      return;
    }
    const events: BrevoEvent[] = Array.isArray(req.body) ? req.body : [req.body ?? {}];
    let applied = 0;
    let replayed = 0;
    let ignored = 0;
    for (const e of events) {
      const kind = typeof e.event === 'string' ? EVENTS[e.event] : undefined;
      const email = typeof e.email === 'string' ? e.email.trim().toLowerCase() : '';
      if (!kind || !email) {
        ignored++;
        continue;
      }
      const done = await db.transaction(async (tx) => {
        const fresh = await tx.query(
          'INSERT INTO brevo_events (key, event, email) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING RETURNING key',
          [eventKey(e), String(e.event), email],
        );
        if (fresh.length === 0) return false;
        if (kind === 'unsubscribe' || kind === 'spam') {
          await tx.query('UPDATE users SET marketing_consent = false, marketing_consent_at = now() WHERE lower(email) = $1', [email]);
        }
        if (kind === 'bounce' || kind === 'spam') {
          await tx.query(
            `UPDATE users SET email_undeliverable_at = coalesce(email_undeliverable_at, now()), email_undeliverable_reason = $2 WHERE lower(email) = $1`,
            [email, kind === 'bounce' ? 'Rejet définitif (hard bounce)' : 'Signalé comme spam'],
          );
        }
        return true;
      });
      if (done) applied++;
      else replayed++;
    }
    log.info('brevo webhook', { applied, replayed, ignored });
    res.status(200).json({ applied, replayed, ignored });
  });

  async function checked(req: Request): Promise<string | null> {
    const source = { ...(req.query as Record<string, unknown>), ...(typeof req.body === 'object' && req.body ? req.body : {}) };
    const u = typeof source.u === 'string' ? source.u : '';
    const t = typeof source.t === 'string' ? source.t : '';
    if (!/^[0-9a-f-]{36}$/i.test(u) || !t) return null;
    return verifyUnsubscribeToken(await deps.secret(), u, t) ? u : null;
  }

  const invalid = page(
    'Lien de désinscription invalide',
    '<p>Ce lien est incomplet ou a été modifié. Vous pouvez aussi retirer votre accord depuis la page <a href="/abo/moncompte">Mon compte</a>.</p>',
  );

  router.get('/desinscription', async (req, res) => {
    res.set('Cache-Control', 'no-store').set('X-Robots-Tag', 'noindex');
    const userId = await checked(req);
    if (!userId) {
      res.status(400).type('html').send(invalid);
      return;
    }
    // A GET changes nothing: mail scanners open links; the button (or the mail client's one-click POST) does.
    const u = escapeHtml(String(req.query.u));
    const t = escapeHtml(String(req.query.t));
    res.type('html').send(
      page(
        'Se désinscrire de la lettre d’Immoloupe',
        `<p>Vous ne recevrez plus la lettre d’information. Votre compte et votre abonnement ne changent pas.</p>
<form method="post" action="/brevo/desinscription"><input type="hidden" name="u" value="${u}"><input type="hidden" name="t" value="${t}">
<button type="submit">Confirmer la désinscription</button></form>`,
      ),
    );
  });

  router.post('/desinscription', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const userId = await checked(req);
    if (!userId) {
      res.status(400).type('html').send(invalid);
      return;
    }
    await setMarketingConsent(db, userId, false);
    log.info('newsletter unsubscribe', { user: userId });
    res
      .type('html')
      .send(
        page(
          'Vous êtes désinscrit',
          '<p>Vous ne recevrez plus la lettre d’information d’Immoloupe. Pour la recevoir à nouveau, cochez la case dans <a href="/abo/moncompte">Mon compte</a>.</p>',
        ),
      );
  });

  return router;
}
