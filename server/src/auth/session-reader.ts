/**
 * Sets `req.user` for every later route (API and pages) from the Auth.js session cookie, or
 * from `Authorization: Bearer <access key>` (browser extension, public API). A cookie whose
 * session record is gone (signed out elsewhere, password changed) signs nothing in.
 */
import { getToken } from '@auth/core/jwt';
import type { Request, RequestHandler } from 'express';
import type { Db } from '../db/client.js';
import { accountByAccessKey } from '../features/keys/access-keys.js';
import { HttpError } from '../http/errors.js';
import type { Account } from './account-store.js';
import { accountBySession } from './account-store.js';
import type { RequestUser } from './guards.js';

const SESSION_COOKIE = 'authjs.session-token';

export function toRequestUser(account: Account, via: RequestUser['via'], sessionId?: string): RequestUser {
  return {
    id: account.id,
    email: account.email,
    role: account.role,
    aboactif: account.client?.aboactif ?? false,
    client: account.client,
    via,
    ...(sessionId ? { sessionId } : {}),
  };
}

async function sessionIdOf(req: Request, secret: string): Promise<string | null> {
  const cookie = req.headers.cookie;
  if (!cookie?.includes(SESSION_COOKIE)) return null;
  // Only the cookie is passed: getToken would otherwise read a Bearer access key as a JWT.
  for (const secureCookie of req.secure ? [true, false] : [false]) {
    const token = await getToken({ req: { headers: { cookie } }, secret, secureCookie, logger: silent });
    if (token && typeof token.sid === 'string') return token.sid;
  }
  return null;
}

const silent = { error: () => undefined, warn: () => undefined, debug: () => undefined };

export function sessionReader(deps: { db: Db; secret: () => Promise<string> }): RequestHandler {
  return async (req, _res, next) => {
    try {
      const authorization = req.headers.authorization;
      if (authorization?.startsWith('Bearer ')) {
        const account = await accountByAccessKey(deps.db, authorization.slice(7).trim());
        if (!account) {
          // A wrong key on the API is an error to report, not an anonymous request.
          if (req.path.startsWith('/api/')) return next(new HttpError(401, 'Clé d’accès invalide ou révoquée.'));
          return next();
        }
        const user = toRequestUser(account, 'access-key');
        // A key works only while its owner may use the subscribers' tools, like the pages.
        if (user.role !== 'admin' && !user.aboactif && req.path.startsWith('/api/')) {
          return next(new HttpError(403, 'Un abonnement actif est nécessaire.'));
        }
        req.user = user;
        return next();
      }
      const sid = await sessionIdOf(req, await deps.secret());
      if (sid) {
        const account = await accountBySession(deps.db, sid);
        if (account) req.user = toRequestUser(account, 'session', sid);
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}
