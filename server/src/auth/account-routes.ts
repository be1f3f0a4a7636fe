/**
 * `/api/account/*`: sign-up and e-mail confirmation, forgotten and changed password, the
 * account page's data, download of one's data, account deletion. Every answer that could tell
 * whether an address has an account is the same for both cases (no user enumeration).
 */
import {
  activateRequestSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  forgotPasswordRequestSchema,
  type LinkSentResponse,
  resendActivationRequestSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
} from '@immoloupe/shared/accounts/contracts';
import express, { type Request, type RequestHandler, type Response } from 'express';
import type Stripe from 'stripe';
import { callStripe } from '../billing/stripe-client.js';
import { endSubscription } from '../billing/subscriptions.js';
import { startTrial } from '../billing/trial.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { HttpError } from '../http/errors.js';
import type { Logger } from '../logger.js';
import { accountByEmail, accountById, createUser } from './account-store.js';
import { requireUser } from './guards.js';
import { consumeLinkToken, createLinkToken } from './link-tokens.js';
import { activationMail, existingAccountMail, type Mailer, type MailMessage, resetMail } from './mail.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { clearAccountFailures, ipKey, isLimited, LIMITS, recordAttempt } from './rate-limit.js';
import { deleteOtherSessions } from './sessions.js';

interface Deps {
  config: Config;
  db: Db;
  log: Logger;
  mailer: Mailer;
  stripe: Stripe | null;
}

const SESSION_COOKIES = ['authjs.session-token', '__Secure-authjs.session-token'];

const sessionOnly: RequestHandler = (req, _res, next) => {
  if (req.user?.via !== 'session')
    return next(new HttpError(403, 'Action possible seulement depuis votre compte, connecté dans le navigateur.'));
  next();
};

const TOO_MANY = 'Trop de demandes depuis votre connexion. Réessayez dans une heure.';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const dataUrl = (bytes: Uint8Array | null, type: string | null) =>
  bytes && type ? `data:${type};base64,${Buffer.from(bytes).toString('base64')}` : null;

/**
 * « Télécharger mes données »: every table that holds rows of this user (each `user_id` column of
 * the migrations), filtered by it. Left out: secrets (password and token hashes, key hashes), the
 * alert machinery's watermarks and sent-row lists (derived, no user content), and rows about the
 * service itself rather than the user (another user's audit entries, newsletters' bodies).
 */
async function accountExport(db: Db, userId: string, account: NonNullable<Awaited<ReturnType<typeof accountById>>>) {
  const q = <T extends Record<string, unknown>>(sql: string) => db.query<T>(sql, [userId]);
  const [user] = await q<{
    email_verified_at: Date | null;
    password_changed_at: Date;
    marketing_consent: boolean;
    marketing_consent_at: Date | null;
    email_undeliverable_at: Date | null;
    email_undeliverable_reason: string | null;
    disabled_at: Date | null;
  }>(
    `SELECT email_verified_at, password_changed_at, marketing_consent, marketing_consent_at, email_undeliverable_at,
            email_undeliverable_reason, disabled_at FROM users WHERE id = $1`,
  );
  const sessions = await q<{ created_at: Date; last_seen_at: Date; expires_at: Date; user_agent: string | null }>(
    'SELECT created_at, last_seen_at, expires_at, user_agent FROM user_sessions WHERE user_id = $1 ORDER BY created_at',
  );
  const keys = await q<{ name: string; prefix: string; created_at: Date; last_used_at: Date | null; revoked_at: Date | null }>(
    'SELECT name, prefix, created_at, last_used_at, revoked_at FROM access_keys WHERE user_id = $1 ORDER BY created_at',
  );
  const tokens = await q<{ purpose: string; created_at: Date; expires_at: Date; used_at: Date | null }>(
    'SELECT purpose, created_at, expires_at, used_at FROM account_tokens WHERE user_id = $1 ORDER BY created_at',
  );
  const [agency] = await q<{ name: string; contact: string; logo: Uint8Array | null; logo_type: string | null; updated_at: Date }>(
    'SELECT name, contact, logo, logo_type, updated_at FROM agency_profiles WHERE user_id = $1',
  );
  const opinions = await q<{
    label: string;
    as_of: string;
    subject: unknown;
    excluded: string[];
    added: string[];
    result: unknown;
    adjustment_pct: number;
    comment: string;
    photo: Uint8Array | null;
    photo_type: string | null;
    created_at: Date;
    updated_at: Date;
  }>(
    `SELECT label, as_of, subject, excluded, added, result, adjustment_pct, comment, photo, photo_type, created_at, updated_at
       FROM value_opinions WHERE user_id = $1 ORDER BY created_at`,
  );
  const lists = await q<{
    id: string;
    name: string;
    letter_body: string | null;
    syndic_letter_body: string | null;
    letter_subject: string | null;
    syndic_letter_subject: string | null;
    created_at: Date;
  }>(
    `SELECT id, name, letter_body, syndic_letter_body, letter_subject, syndic_letter_subject, created_at
       FROM prospecting_lists WHERE user_id = $1 ORDER BY created_at, name`,
  );
  const targets = await q<{
    list_id: string;
    kind: string;
    ref: string;
    label: string;
    address: string;
    owner_name: string | null;
    status: string;
    next_action: string | null;
    notes: string;
    created_at: Date;
    updated_at: Date;
  }>(
    `SELECT t.list_id, t.kind, t.ref, t.label, t.address, t.owner_name, t.status, t.next_action, t.notes, t.created_at, t.updated_at
       FROM prospecting_targets t JOIN prospecting_lists l ON l.id = t.list_id WHERE l.user_id = $1 ORDER BY t.created_at, t.ref`,
  );
  const [territory] = await q<{
    geometry: unknown;
    communes: string[];
    updated_at: Date;
    last_visit_at: Date | null;
    seen_dvf_date: string | null;
    seen_dpe_date: string | null;
  }>('SELECT geometry, communes, updated_at, last_visit_at, seen_dvf_date, seen_dpe_date FROM user_territories WHERE user_id = $1');
  const listings = await q<Record<string, unknown> & { id: string; first_seen_at: Date; last_seen_at: Date }>(
    `SELECT id, status, notes, transaction, property_type, title, price, surface, rooms, bedrooms, land_area, floor, dpe_class,
            dpe_value, ges_class, ges_value, street_address, postcode, city, district, insee, description, photo_url, seller, lat, lon,
            placed_by_ban, published_at, first_seen_at, last_seen_at
       FROM listings WHERE user_id = $1 ORDER BY first_seen_at, id`,
  );
  const sources = await q<{
    listing_id: string;
    portal: string;
    portal_id: string | null;
    url: string | null;
    first_seen_at: Date;
    last_seen_at: Date;
  }>(
    `SELECT s.listing_id, s.portal, s.portal_id, s.url, s.first_seen_at, s.last_seen_at
       FROM listing_sources s JOIN listings l ON l.id = s.listing_id WHERE l.user_id = $1 ORDER BY s.first_seen_at`,
  );
  const prices = await q<{ listing_id: string; price: number; portal: string; seen_at: Date }>(
    `SELECT p.listing_id, p.price, p.portal, p.seen_at
       FROM listing_prices p JOIN listings l ON l.id = p.listing_id WHERE l.user_id = $1 ORDER BY p.seen_at`,
  );
  const [feedVisit] = await q<{ last_visit_at: Date }>('SELECT last_visit_at FROM listing_feed_visits WHERE user_id = $1');
  const newsletters = await q<{ subject: string; status: string; sent_at: Date | null; error: string | null }>(
    `SELECT n.subject, r.status, r.sent_at, r.error FROM newsletter_recipients r JOIN newsletters n ON n.id = r.newsletter_id
      WHERE r.user_id = $1 ORDER BY n.created_at`,
  );

  return {
    exportedAt: new Date().toISOString(),
    account: {
      email: account.email,
      role: account.role,
      createdAt: account.createdAt.toISOString(),
      emailVerifiedAt: iso(user?.email_verified_at),
      passwordChangedAt: iso(user?.password_changed_at),
      marketingConsent: user?.marketing_consent ?? false,
      marketingConsentAt: iso(user?.marketing_consent_at),
      emailUndeliverableAt: iso(user?.email_undeliverable_at),
      emailUndeliverableReason: user?.email_undeliverable_reason ?? null,
      disabledAt: iso(user?.disabled_at),
    },
    client: account.client ? { ...account.client, stripeCustomerId: account.stripeCustomerId } : null,
    accessKeys: keys.map((k) => ({
      name: k.name,
      prefix: k.prefix,
      createdAt: iso(k.created_at),
      lastUsedAt: iso(k.last_used_at),
      revokedAt: iso(k.revoked_at),
    })),
    // The e-mailed links (activation, new password): when, not the link itself.
    emailLinks: tokens.map((t) => ({
      purpose: t.purpose,
      createdAt: iso(t.created_at),
      expiresAt: iso(t.expires_at),
      usedAt: iso(t.used_at),
    })),
    sessions: sessions.map((s) => ({
      createdAt: iso(s.created_at),
      lastSeenAt: iso(s.last_seen_at),
      expiresAt: iso(s.expires_at),
      userAgent: s.user_agent,
    })),
    savedSearches: await db.query(
      `SELECT tool, name, query, alert, last_count AS "lastCount", last_count_at AS "lastCountAt", created_at AS "createdAt",
              updated_at AS "updatedAt"
         FROM saved_searches WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    ),
    savedAddresses: await db.query(
      `SELECT label, coalesce(address, label) AS address, lon, lat, insee, id_parcelle AS "idParcelle", notes, tags, watch,
              watch_radius_m AS "watchRadiusM", created_at AS "createdAt", updated_at AS "updatedAt"
         FROM saved_addresses WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    ),
    savedListings: listings.map(({ id, first_seen_at, last_seen_at, ...l }) => ({
      ...l,
      firstSeenAt: iso(first_seen_at),
      lastSeenAt: iso(last_seen_at),
      sources: sources
        .filter((s) => s.listing_id === id)
        .map((s) => ({
          portal: s.portal,
          portalId: s.portal_id,
          url: s.url,
          firstSeenAt: iso(s.first_seen_at),
          lastSeenAt: iso(s.last_seen_at),
        })),
      priceHistory: prices.filter((p) => p.listing_id === id).map((p) => ({ price: p.price, portal: p.portal, seenAt: iso(p.seen_at) })),
    })),
    listingFeedLastVisitAt: iso(feedVisit?.last_visit_at),
    prospectingLists: lists.map((l) => ({
      name: l.name,
      letterBody: l.letter_body,
      syndicLetterBody: l.syndic_letter_body,
      letterSubject: l.letter_subject,
      syndicLetterSubject: l.syndic_letter_subject,
      createdAt: iso(l.created_at),
      targets: targets
        .filter((t) => t.list_id === l.id)
        .map((t) => ({
          kind: t.kind,
          ref: t.ref,
          label: t.label,
          address: t.address,
          ownerName: t.owner_name,
          status: t.status,
          nextAction: t.next_action,
          notes: t.notes,
          createdAt: iso(t.created_at),
          updatedAt: iso(t.updated_at),
        })),
    })),
    valueOpinions: opinions.map((o) => ({
      label: o.label,
      asOf: o.as_of,
      subject: o.subject,
      excluded: o.excluded,
      added: o.added,
      result: o.result,
      adjustmentPct: o.adjustment_pct,
      comment: o.comment,
      photo: dataUrl(o.photo, o.photo_type),
      createdAt: iso(o.created_at),
      updatedAt: iso(o.updated_at),
    })),
    reportLetterhead: agency
      ? { name: agency.name, contact: agency.contact, logo: dataUrl(agency.logo, agency.logo_type), updatedAt: iso(agency.updated_at) }
      : null,
    myZone: territory
      ? {
          geometry: territory.geometry,
          communes: territory.communes,
          updatedAt: iso(territory.updated_at),
          lastVisitAt: iso(territory.last_visit_at),
          seenDvfDate: territory.seen_dvf_date,
          seenDpeDate: territory.seen_dpe_date,
        }
      : null,
    // The alert e-mails built for the user (their content is the user's data too).
    alertDigests: await db.query(
      `SELECT frequency, recipient, subject, text, row_count AS "rowCount", status, created_at AS "createdAt", sent_at AS "sentAt"
         FROM alert_digests WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    ),
    // The in-app notifications of the alerts, read or not.
    notifications: await db.query(
      `SELECT kind, name, subtitle, url, row_count AS "rowCount", rows, created_at AS "createdAt", read_at AS "readAt"
         FROM notifications WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    ),
    newsletters: newsletters.map((n) => ({ subject: n.subject, status: n.status, sentAt: iso(n.sent_at), error: n.error })),
  };
}

export function accountRoutes(deps: Deps): express.Router {
  const { config, db, log, mailer, stripe } = deps;
  const router = express.Router();
  const link = (path: string) => `${config.publicUrl}${path}`;

  /** Sends without making the answer wait (its duration would tell a known address). */
  function sendLater(message: MailMessage): void {
    mailer.send(message).catch((err) => log.error('e-mail not sent', { err, subject: message.subject }));
  }

  /**
   * The answer to a request that e-mails a link. Without a mail transport (a machine set up for
   * trying the app) nothing is sent: `logged` says so instead of claiming a sent e-mail.
   */
  function linkSent(sent: string, logged: string): LinkSentResponse {
    return mailer.kind === 'log'
      ? {
          message: `${logged} Aucun service d’e-mail n’est configuré sur ce serveur\u00a0: le lien a été écrit dans le journal du serveur, où l’administrateur le trouve.`,
          mailDelivery: 'log',
        }
      : { message: sent, mailDelivery: 'sent' };
  }

  async function limitMail(req: Request, email: string): Promise<void> {
    const ip = ipKey(req.ip);
    if ((await isLimited(db, LIMITS.mailIp, ip)) || (await isLimited(db, LIMITS.mailAccount, email))) throw new HttpError(429, TOO_MANY);
    await recordAttempt(db, LIMITS.mailIp, ip);
    await recordAttempt(db, LIMITS.mailAccount, email);
  }

  async function sendActivation(userId: string, email: string): Promise<void> {
    const token = await createLinkToken(db, userId, 'activate');
    sendLater(activationMail(email, link(`/abo/activate?token=${token}`)));
  }

  /** An address that has an account: a new link if it is not confirmed yet, else how to sign in. */
  async function sendToExisting(email: string, why: 'signup' | 'resend'): Promise<void> {
    const existing = await accountByEmail(db, email);
    if (!existing) return;
    if (!existing.emailVerified) await sendActivation(existing.id, existing.email);
    else sendLater(existingAccountMail(existing.email, link('/abo/connexion'), link('/abo/connexion?oubli=1'), why));
  }

  router.post('/account/signup', async (req, res) => {
    const { email, password, marketingConsent } = signupRequestSchema.parse(req.body);
    await limitMail(req, email);
    // Hashed in every case, so that a known address answers in the same time.
    const passwordHash = await hashPassword(password);
    // The consent is recorded for a new account only: it cannot be set on someone else's address.
    // The free trial opens with the account, in the same transaction (decision 1371).
    const userId = await db.transaction(async (tx) => {
      const id = await createUser(tx, { email, passwordHash, marketingConsent });
      if (id) await startTrial(tx, id, config.TRIAL_DAYS, { id, email, ip: req.ip ?? null });
      return id;
    });
    if (userId) await sendActivation(userId, email);
    else await sendToExisting(email, 'signup');
    res
      .status(202)
      .json(
        linkSent(
          `Un e-mail de confirmation a été envoyé à ${email}\u00a0: ouvrez le lien qu’il contient pour activer votre compte.`,
          `Demande enregistrée pour ${email}\u00a0: le compte s’active par son lien de confirmation.`,
        ),
      );
  });

  router.post('/account/activate', async (req, res) => {
    const { token } = activateRequestSchema.parse(req.body);
    const userId = await consumeLinkToken(db, token, 'activate');
    if (!userId)
      throw new HttpError(
        400,
        'Ce lien d’activation n’est plus valable (déjà utilisé, remplacé par un plus récent ou expiré). Si votre adresse est déjà confirmée, connectez-vous\u00a0; sinon, demandez un nouveau lien ci-dessous.',
      );
    await db.query('UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()) WHERE id = $1', [userId]);
    res.json({ message: 'Votre adresse e-mail est confirmée. Vous pouvez vous connecter.' });
  });

  router.post('/account/activate/resend', async (req, res) => {
    const { email } = resendActivationRequestSchema.parse(req.body);
    await limitMail(req, email);
    await sendToExisting(email, 'resend');
    res
      .status(202)
      .json(
        linkSent(
          `Si un compte en attente de confirmation existe pour ${email}, un nouveau lien de confirmation vient de lui être envoyé. Le lien précédent ne sert plus.`,
          `Si un compte en attente de confirmation existe pour ${email}, un nouveau lien de confirmation a été créé. Le lien précédent ne sert plus.`,
        ),
      );
  });

  router.post('/account/password/forgot', async (req, res) => {
    const { email } = forgotPasswordRequestSchema.parse(req.body);
    await limitMail(req, email);
    const account = await accountByEmail(db, email);
    if (account) {
      const token = await createLinkToken(db, account.id, 'reset');
      sendLater(resetMail(account.email, link(`/abo/connexion?reinitialisation=${token}`)));
    }
    res
      .status(202)
      .json(
        linkSent(
          `Si un compte existe pour ${email}, un lien pour choisir un nouveau mot de passe vient de lui être envoyé.`,
          `Si un compte existe pour ${email}, un lien pour choisir un nouveau mot de passe a été créé.`,
        ),
      );
  });

  router.post('/account/password/reset', async (req, res) => {
    const { token, password } = resetPasswordRequestSchema.parse(req.body);
    const passwordHash = await hashPassword(password);
    const userId = await consumeLinkToken(db, token, 'reset');
    if (!userId)
      throw new HttpError(400, 'Ce lien de réinitialisation n’est plus valable (déjà utilisé ou expiré). Demandez-en un nouveau.');
    // Receiving the link proves the address too.
    await db.query(
      'UPDATE users SET password_hash = $2, password_changed_at = now(), email_verified_at = COALESCE(email_verified_at, now()) WHERE id = $1',
      [userId, passwordHash],
    );
    await deleteOtherSessions(db, userId, null);
    // Whoever guessed at the old password has nothing left to guess at: its owner starts afresh.
    const [owner] = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
    if (owner) await clearAccountFailures(db, owner.email);
    res.json({ message: 'Votre mot de passe est changé. Connectez-vous avec le nouveau.' });
  });

  router.get('/account', requireUser, async (req, res) => {
    const account = await accountById(db, (req.user as { id: string }).id);
    if (!account) throw new HttpError(401, 'Connexion requise.');
    const [consent] = await db.query<{ marketing_consent: boolean }>('SELECT marketing_consent FROM users WHERE id = $1', [account.id]);
    res.set('Cache-Control', 'no-store').json({
      email: account.email,
      role: account.role,
      createdAt: account.createdAt.toISOString(),
      client: account.client,
      paymentConfigured: stripe !== null,
      portalAvailable: stripe !== null && account.stripeCustomerId !== null,
      marketingConsent: consent?.marketing_consent ?? false,
    });
  });

  router.post('/account/password', requireUser, sessionOnly, async (req, res) => {
    const { currentPassword, newPassword } = changePasswordRequestSchema.parse(req.body);
    const user = req.user as { id: string; sessionId?: string };
    const account = await accountById(db, user.id);
    if (!account) throw new HttpError(401, 'Connexion requise.');
    // Only this session's own wrong passwords count: others' sign-in failures on the account
    // must not keep its owner from changing the password (decision 0601).
    const sessionKey = user.sessionId ?? user.id;
    if (await isLimited(db, LIMITS.passwordSession, sessionKey))
      throw new HttpError(429, 'Trop d’essais depuis cette session. Réessayez dans quinze minutes.');
    if (!(await verifyPassword(account.passwordHash, currentPassword))) {
      await recordAttempt(db, LIMITS.passwordSession, sessionKey);
      throw new HttpError(400, 'Le mot de passe actuel est incorrect.', [{ path: 'currentPassword', message: 'Mot de passe incorrect.' }]);
    }
    await db.query('UPDATE users SET password_hash = $2, password_changed_at = now() WHERE id = $1', [
      user.id,
      await hashPassword(newPassword),
    ]);
    const ended = await deleteOtherSessions(db, user.id, user.sessionId ?? null);
    res.json({
      message:
        ended > 0
          ? `Mot de passe changé. ${ended === 1 ? 'Votre autre session a été fermée' : `Vos ${ended} autres sessions ont été fermées`}.`
          : 'Mot de passe changé.',
    });
  });

  router.get('/account/export', requireUser, sessionOnly, async (req, res) => {
    const userId = (req.user as { id: string }).id;
    const account = await accountById(db, userId);
    if (!account) throw new HttpError(401, 'Connexion requise.');
    const data = await accountExport(db, userId, account);
    res
      .set('Cache-Control', 'no-store')
      .set('Content-Disposition', 'attachment; filename="immoloupe-mes-donnees.json"')
      .type('application/json')
      .send(JSON.stringify(data, null, 2));
  });

  router.delete('/account', requireUser, sessionOnly, async (req: Request, res: Response) => {
    const { password } = deleteAccountRequestSchema.parse(req.body);
    const userId = (req.user as { id: string }).id;
    const account = await accountById(db, userId);
    if (!account) throw new HttpError(401, 'Connexion requise.');
    if (!(await verifyPassword(account.passwordHash, password))) {
      throw new HttpError(400, 'Mot de passe incorrect\u00a0: le compte n’a pas été supprimé.', [
        { path: 'password', message: 'Mot de passe incorrect.' },
      ]);
    }
    const paying = account.client?.abo?.source === 'stripe' && account.client.aboactif && account.stripeSubscriptionId;
    if (paying) {
      if (!stripe) {
        throw new HttpError(
          409,
          'Votre abonnement par carte est actif et le paiement en ligne n’est pas joignable d’ici\u00a0: écrivez-nous pour le résilier avant de supprimer le compte.',
        );
      }
      // Stop the billing before the account disappears.
      const subscriptionId = account.stripeSubscriptionId as string;
      await callStripe(log, 'account deletion', () => stripe.subscriptions.cancel(subscriptionId));
      await endSubscription(db, userId, null);
    }
    await db.query('DELETE FROM users WHERE id = $1', [userId]);
    log.info('account deleted', { user: userId });
    for (const name of SESSION_COOKIES) res.clearCookie(name, { path: '/' });
    res.json({ message: 'Votre compte et ses données ont été supprimés.' });
  });

  return router;
}
