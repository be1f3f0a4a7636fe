/**
 * Text that no field of Immoloupe can hold, refused at the boundary (decision 1300): a NUL
 * character (PostgreSQL's text types cannot store U+0000, so the statement failed and the request
 * answered 500) and a lone UTF-16 surrogate (`"\ud800"` in JSON: the driver writes it as U+FFFD, so
 * the stored text silently differs from what was sent). One middleware, run after each body parser,
 * reads the whole request — path, query string, body keys and values — before any route sees it.
 */
import type { RequestHandler } from 'express';
import { HttpError } from './errors.js';

const NUL = '\u0000';
// A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u` flag:
// with it the pattern could not see halves).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSAFE_TEXT_MESSAGE = 'Requête invalide\u00a0: un texte contient un caractère interdit.';
const NUL_MESSAGE = 'Caractère nul (U+0000) refusé';
const SURROGATE_MESSAGE = 'Caractère Unicode incomplet (demi-paire UTF-16) refusé';

/** Why `text` cannot be stored, or null. */
export function unsafeTextReason(text: string): string | null {
  if (text.includes(NUL)) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/** The first unsafe string of a parsed body or query (keys included), with its dotted path. */
export function findUnsafeText(value: unknown, root = ''): { path: string; message: string } | null {
  // Iterative: a 1 MB JSON body can nest deeper than the call stack.
  const pending: { value: unknown; path: string }[] = [{ value, path: root }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (typeof item.value === 'string') {
      const reason = unsafeTextReason(item.value);
      if (reason) return { path: item.path, message: reason };
    } else if (item.value !== null && typeof item.value === 'object') {
      for (const [key, child] of Object.entries(item.value)) {
        const path = item.path ? `${item.path}.${key}` : key;
        const reason = unsafeTextReason(key);
        if (reason) return { path, message: reason };
        pending.push({ value: child, path });
      }
    }
  }
  return null;
}

function decodedPath(rawPath: string): string {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    // A malformed escape is the router's to refuse (400); it holds no NUL either way.
    return rawPath;
  }
}

/**
 * Refuses a request whose path, query string or parsed body holds unsafe text, with a French 400
 * that names the field. Mounted once before every route (path and query) and again after each body
 * parser (`/api`, Auth.js, Brevo's pages), since the body only exists from there.
 */
export const refuseUnsafeText: RequestHandler = (req, _res, next) => {
  const found =
    (unsafeTextReason(decodedPath(req.path)) ? { path: 'adresse', message: NUL_MESSAGE } : null) ??
    findUnsafeText(req.query, '') ??
    // A raw body (webhook signatures, uploaded images) is bytes, not text: only parsed bodies are read.
    (Buffer.isBuffer(req.body) ? null : findUnsafeText(req.body, ''));
  if (found) {
    next(new HttpError(400, UNSAFE_TEXT_MESSAGE, [found]));
    return;
  }
  next();
};
