/**
 * Auth.js mounted under /api/auth (ARCHITECTURE.md): `/session`, `/csrf`, `/providers`,
 * `/signin/{provider}`, `/callback/{provider}`, `/signout`, with Auth.js's own CSRF token.
 * One provider, e-mail + password (Credentials), JWT session cookie carrying the id of a
 * server-side session record (see sessions.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { CredentialsSignin } from '@auth/core/errors';
import Credentials from '@auth/core/providers/credentials';
import { ExpressAuth, type ExpressAuthConfig } from '@auth/express';
import type { ClientRecord, Role } from '@immoloupe/shared/accounts/contracts';
import { emailSchema } from '@immoloupe/shared/accounts/contracts';
import { accessOf } from '@immoloupe/shared/navigation';
import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { readCookie } from '../http/csrf.js';
import { HttpError } from '../http/errors.js';
import { refuseUnsafeText } from '../http/input-hygiene.js';
import type { Logger } from '../logger.js';
import { type Account, accountByEmail, accountBySession } from './account-store.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SEC, deviceKey, deviceToken, deviceUserId } from './known-device.js';
import { verifyPassword } from './passwords.js';
import { accountKey, ipKey, LIMITS, loginWaitSec, recordAttempt } from './rate-limit.js';
import { createSession, deleteSession, touchSession } from './sessions.js';

/** The page that renders sign-in and its errors; the configured one when it is a sign-in page. */
export function signInPage(config: Config): string | null {
  return accessOf(config.AUTH_LOGIN_PAGE) === 'guest' ? config.AUTH_LOGIN_PAGE : null;
}

/** The sign-in page when AUTH_LOGIN_PAGE is not one: Auth.js must never draw its own English pages. */
const DEFAULT_SIGN_IN_PAGE = '/abo/connexion';

/** What Auth.js handles under /api/auth, by method (`webauthn-options` is not used here). */
const AUTH_ACTIONS: Record<string, ReadonlySet<string>> = {
  GET: new Set(['csrf', 'session', 'providers', 'signin', 'signout', 'callback', 'error', 'verify-request']),
  POST: new Set(['session', 'signin', 'signout', 'callback']),
};
export const UNKNOWN_AUTH_ACTION = 'Cette adresse d’authentification n’existe pas.';

/** Codes put on the error redirect (`?error=CredentialsSignin&code=…`), read by the login page. */
export const SIGNIN_CODES = {
  invalid: 'identifiants',
  limited: 'trop-de-tentatives',
  notVerified: 'adresse-non-confirmee',
  disabled: 'compte-desactive',
} as const;

class SignInRefused extends CredentialsSignin {
  constructor(code: string) {
    super();
    this.code = code;
  }
}

/** What Auth.js's callbacks need of the Express request (Auth.js only sees a web Request). */
interface AuthRequestContext {
  ip: string;
  userAgent: string | null;
  /** The known-device cookie this browser sent, if any. */
  deviceCookie?: string | undefined;
  /** Sets the known-device cookie on the response of a successful sign-in. */
  rememberDevice?: (token: string) => void;
  /** The account read by the `jwt` callback, reused by the `session` callback. */
  account?: Account | null;
}
const requestContext = new AsyncLocalStorage<AuthRequestContext>();

export interface AuthSession {
  user: { email: string; role: Role; client: ClientRecord | null };
  expires: string;
}

export function sessionMaxAgeSec(config: Config): number {
  return config.AUTH_SESSION_MAX_AGE_DAYS * 86_400;
}

const credentialsSchema = z.object({ email: emailSchema, password: z.string().min(1).max(200) });

export function authJsConfig(deps: { config: Config; db: Db; log: Logger; secret: string }): ExpressAuthConfig {
  const { config, db, log } = deps;
  const maxAge = sessionMaxAgeSec(config);
  const page = signInPage(config);
  if (!page) log.warn('AUTH_LOGIN_PAGE is not a sign-in page of the route table: no redirect to it', { loginPage: config.AUTH_LOGIN_PAGE });
  const authPage = page ?? DEFAULT_SIGN_IN_PAGE;

  async function authorize(raw: Partial<Record<string, unknown>>) {
    const ctx = requestContext.getStore();
    const ip = ipKey(ctx?.ip);
    const parsed = credentialsSchema.safeParse(raw);
    if (!parsed.success) throw new SignInRefused(SIGNIN_CODES.invalid);
    const { email, password } = parsed.data;
    const account = await accountByEmail(db, email);
    // A browser that signed in to this account before is slowed only by its own failures: neither
    // others' failures on the account nor its network's count against it (decision 0601).
    const device = account !== null && deviceUserId(deps.secret, ctx?.deviceCookie) === account.id ? deviceKey(ctx?.deviceCookie) : null;
    const waits = device
      ? [await loginWaitSec(db, LIMITS.loginDevice, device)]
      : [await loginWaitSec(db, LIMITS.loginIp, ip), await loginWaitSec(db, LIMITS.loginAccount, accountKey(email, ip))];
    const waitSec = Math.max(...waits);
    if (waitSec > 0) {
      log.warn('sign-in slowed down', { ip, waitSec, knownDevice: device !== null });
      throw new SignInRefused(SIGNIN_CODES.limited);
    }
    // Unknown address or wrong password: same work, same answer.
    const ok = await verifyPassword(account?.passwordHash, password);
    if (!account || !ok) {
      if (device) await recordAttempt(db, LIMITS.loginDevice, device);
      else {
        await recordAttempt(db, LIMITS.loginAccount, accountKey(email, ip));
        await recordAttempt(db, LIMITS.loginIp, ip);
      }
      throw new SignInRefused(SIGNIN_CODES.invalid);
    }
    // Said only to whoever proved the password: it reveals nothing to anyone else.
    if (!account.emailVerified) throw new SignInRefused(SIGNIN_CODES.notVerified);
    if (account.disabled) throw new SignInRefused(SIGNIN_CODES.disabled);
    ctx?.rememberDevice?.(deviceToken(deps.secret, account.id));
    return { id: account.id, email: account.email };
  }

  return {
    basePath: '/api/auth',
    secret: deps.secret,
    // The host is ours (one Express app); redirects are kept on our origin by the callback below.
    trustHost: true,
    session: { strategy: 'jwt', maxAge, updateAge: 24 * 3600 },
    // Every page Auth.js would draw itself (in English) is our French sign-in page instead.
    pages: { signIn: authPage, error: authPage, verifyRequest: authPage, signOut: authPage },
    providers: [
      Credentials({
        id: 'credentials',
        name: 'E-mail et mot de passe',
        credentials: { email: { label: 'Adresse e-mail', type: 'email' }, password: { label: 'Mot de passe', type: 'password' } },
        authorize,
      }),
    ],
    callbacks: {
      async jwt({ token, user, trigger }) {
        const ctx = requestContext.getStore();
        if (trigger === 'signIn' && user?.id) {
          const sid = await createSession(db, user.id, maxAge, ctx?.userAgent ?? null);
          if (ctx) ctx.account = undefined;
          return { sub: user.id, email: user.email, sid };
        }
        const sid = typeof token.sid === 'string' ? token.sid : null;
        const account = sid ? await accountBySession(db, sid) : null;
        if (!account || !sid) return null;
        await touchSession(db, sid, maxAge);
        if (ctx) ctx.account = account;
        return { sub: account.id, email: account.email, sid };
      },
      async session({ session, token }) {
        const ctx = requestContext.getStore();
        const account = ctx?.account ?? (typeof token.sid === 'string' ? await accountBySession(db, token.sid) : null);
        const body: AuthSession = {
          user: {
            email: account?.email ?? String(token.email ?? ''),
            role: account?.role ?? 'subscriber',
            client: account?.client ?? null,
          },
          expires: new Date(session.expires as unknown as string | Date).toISOString(),
        };
        // Auth.js types the session as its own default shape; ours carries the client record instead.
        return body as unknown as typeof session;
      },
      redirect({ url, baseUrl }) {
        if (url.startsWith('/') && !url.startsWith('//')) return `${baseUrl}${url}`;
        try {
          if (new URL(url).origin === baseUrl) return url;
        } catch {
          // not a URL: fall through to the pro home
        }
        return `${baseUrl}/pro`;
      },
    },
    events: {
      async signOut(message) {
        const token = 'token' in message ? message.token : null;
        if (typeof token?.sid === 'string') await deleteSession(db, token.sid);
      },
    },
    logger: {
      error(error) {
        // A refused sign-in is an expected outcome, not a server error.
        const e = error as { type?: string; code?: string };
        if (e.type === 'CredentialsSignin') {
          log.info('sign-in refused', { code: e.code });
          return;
        }
        // A stale page or a forged form: the visitor is sent back to sign in, nothing broke here.
        if (e.type === 'MissingCSRF' || e.type === 'UnknownAction') {
          log.warn('auth request refused', { type: e.type, reason: (error as Error).message, ip: requestContext.getStore()?.ip });
          return;
        }
        log.error('auth error', { err: error });
      },
      warn(code) {
        log.warn('auth warning', { code });
      },
      debug(message, metadata) {
        log.debug('auth debug', { message, metadata });
      },
    },
  };
}

/**
 * The Express handlers: the body is parsed first (so that Auth.js's own parsers find it done
 * and call back synchronously, inside the request context below), then Auth.js, built once the
 * secret is known (it may be read from the database), runs with the request's IP address and
 * user agent at hand for the callbacks.
 */
export function authHandlers(deps: { config: Config; db: Db; log: Logger; secret: () => Promise<string> }): RequestHandler[] {
  let handler: Promise<RequestHandler> | undefined;
  const run: RequestHandler = async (req, res, next) => {
    // Auth.js answers anything else with an English « Bad request. » (and an error with its stack).
    const action = req.path.split('/')[1] ?? '';
    if (!AUTH_ACTIONS[req.method]?.has(action)) return next(new HttpError(404, UNKNOWN_AUTH_ACTION));
    try {
      handler ??= deps.secret().then((secret) => ExpressAuth(authJsConfig({ ...deps, secret })));
      const h = await handler;
      const ctx: AuthRequestContext = {
        ip: req.ip ?? req.socket.remoteAddress ?? 'inconnue',
        userAgent: req.get('user-agent') ?? null,
        deviceCookie: readCookie(req, DEVICE_COOKIE),
        // res.cookie appends: Auth.js's own cookies, appended after, are kept too.
        rememberDevice: (token) =>
          res.cookie(DEVICE_COOKIE, token, {
            httpOnly: true,
            sameSite: 'lax',
            secure: req.secure,
            path: '/',
            maxAge: DEVICE_COOKIE_MAX_AGE_SEC * 1000,
          }),
      };
      await requestContext.run(ctx, () => h(req, res, next));
    } catch (err) {
      handler = undefined;
      next(err);
    }
  };
  return [express.json({ limit: '100kb' }), express.urlencoded({ extended: true, limit: '100kb' }), refuseUnsafeText, run];
}
