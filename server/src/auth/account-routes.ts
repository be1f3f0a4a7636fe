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
import { type AccountDataPart, AUTH_ACCOUNT_DATA, eraseAccount, exportAccountData } from './account-data.js';
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
  /** What each feature keeps of a user (server/src/account-data.ts): exported and erased with the account. */
  accountData: readonly AccountDataPart[];
}

const SESSION_COOKIES = ['authjs.session-token', '__Secure-authjs.session-token'];

const sessionOnly: RequestHandler = (req, _res, next) => {
  if (req.user?.via !== 'session')
    return next(new HttpError(403, 'Action possible seulement depuis votre compte, connecté dans le navigateur.'));
  next();
};

const TOO_MANY = 'Trop de demandes depuis votre connexion. Réessayez dans une heure.';

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
    // « Télécharger mes données »: the account's own rows, then each feature's. Left out by the parts: secrets
    // (password, token and key hashes), the alerts' watermarks and sent rows (derived), rows about the service
    // rather than the user (another user's audit entries, newsletters' bodies).
    const parts = [...AUTH_ACCOUNT_DATA, ...deps.accountData];
    const data = { exportedAt: new Date().toISOString(), ...(await exportAccountData(db, parts, userId)) };
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
    await eraseAccount(db, [...AUTH_ACCOUNT_DATA, ...deps.accountData], userId);
    log.info('account deleted', { user: userId });
    for (const name of SESSION_COOKIES) res.clearCookie(name, { path: '/' });
    res.json({ message: 'Votre compte et ses données ont été supprimés.' });
  });

  return router;
}
