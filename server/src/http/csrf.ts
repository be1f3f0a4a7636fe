/**
 * CSRF protection of the JSON API by double submit: a random token in a cookie readable by our
 * own scripts, sent back in the `x-csrf-token` header (or a `csrfToken` form field) on every
 * state-changing request. Another site can make the browser send the cookie, but cannot read it
 * to copy it into the header.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { HttpError } from './errors.js';

export const CSRF_COOKIE = 'immoloupe.csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

/** Issues the token cookie when the browser has none (on every response, pages included). */
export const issueCsrfCookie: RequestHandler = (req, res, next) => {
  if (!readCookie(req, CSRF_COOKIE)) setCsrfCookie(req, res, randomBytes(24).toString('base64url'));
  next();
};

function setCsrfCookie(req: Request, res: Response, token: string): void {
  res.cookie(CSRF_COOKIE, token, { httpOnly: false, sameSite: 'lax', secure: req.secure, path: '/' });
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Rejects a state-changing request whose token is missing or wrong, before any handler runs.
 * Requests authenticated by an access key (`Authorization: Bearer`) carry no cookie and are not
 * exposed to CSRF: they are exempt.
 */
export const requireCsrf: RequestHandler = (req, _res, next) => {
  if (SAFE.has(req.method)) return next();
  if (req.headers.authorization?.startsWith('Bearer ') && !req.headers.cookie) return next();
  const cookie = readCookie(req, CSRF_COOKIE);
  const sent = (req.headers[CSRF_HEADER] as string | undefined) ?? (req.body as { csrfToken?: unknown } | undefined)?.csrfToken;
  if (!cookie || typeof sent !== 'string' || !same(cookie, sent)) {
    return next(new HttpError(403, 'Jeton de sécurité (CSRF) manquant ou invalide. Rechargez la page et réessayez.'));
  }
  next();
};
