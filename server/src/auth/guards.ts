/**
 * Authorization, checked on the server for every protected /api route. The accounts feature's
 * session middleware sets `req.user` (from the session cookie or an access key); these guards
 * only read it, so a route declares what it needs in one word.
 */
import type { ClientRecord } from '@immoloupe/shared/accounts/contracts';
import type { RequestHandler } from 'express';
import { HttpError } from '../http/errors.js';

export interface RequestUser {
  id: string;
  email: string;
  role: 'subscriber' | 'admin';
  /** The client's subscription is active. */
  aboactif: boolean;
  /** How the request was authenticated. */
  via: 'session' | 'access-key';
  /** The client record (SEED-SPEC §3): null when the user has none (always set by the session reader). */
  client?: ClientRecord | null;
  /** The server-side session record, when signed in through the session cookie. */
  sessionId?: string;
}

declare global {
  namespace Express {
    interface Request {
      user?: RequestUser;
    }
  }
}

export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new HttpError(401, 'Connexion requise.'));
  next();
};

/** An active subscription, or an administrator (who has the pro area without one). */
export const requireSubscriber: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new HttpError(401, 'Connexion requise.'));
  if (req.user.role !== 'admin' && !req.user.aboactif) return next(new HttpError(403, 'Un abonnement actif est nécessaire.'));
  next();
};

/**
 * An administrator signed in in the browser: an access key, even an administrator's, is for the
 * data API and never opens administration (imports, alerts, contact messages, audit log).
 */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new HttpError(401, 'Connexion requise.'));
  if (req.user.role !== 'admin') return next(new HttpError(403, 'Réservé aux administrateurs.'));
  if (req.user.via !== 'session') return next(new HttpError(403, ADMIN_NEEDS_SESSION));
  next();
};

export const ADMIN_NEEDS_SESSION =
  'L’administration s’ouvre seulement depuis une session de navigateur : une clé d’accès sert à l’API des données.';
