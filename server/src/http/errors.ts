/**
 * One error shape for the JSON API (`{ message, issues?, requestId }`, French messages) and one
 * error handler: 4xx errors say what is wrong, 5xx errors hide their details and are logged. The
 * request id (also in `X-Request-Id`) is what a user quotes to find the request's log lines.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { ClientGone, QueryTimeout } from '../db/request-scope.js';
import type { Logger } from '../logger.js';
import { redactUrl, requestIdOf } from './request-log.js';

export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly issues?: { path: string; message: string }[],
    /** Headers of the answer (`Retry-After` of a full queue…). */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The answer to a body over the route's limit (body-parser's `entity.too.large`). */
export const TOO_LARGE = 'Requête trop volumineuse.';

export const notFoundApi: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, `Ressource introuvable\u00a0: ${req.method} ${req.originalUrl.split('?')[0]}`));
};

export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const requestId = requestIdOf(req);
    const url = redactUrl(req.originalUrl);
    if (err instanceof ZodError) {
      res.status(400).json({
        message: 'Requête invalide.',
        issues: err.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        requestId,
      });
      return;
    }
    if (err instanceof ClientGone) {
      // Its statement was cancelled because nobody was left to read the answer.
      log.info('request abandoned by its client', { method: req.method, url: req.originalUrl });
      if (!res.headersSent) res.status(499).end();
      return;
    }
    if (err instanceof QueryTimeout) {
      log.warn('query timed out', { method: req.method, url: req.originalUrl });
      if (!res.headersSent) res.status(503).json({ message: err.message });
      return;
    }
    // body-parser and friends mark client errors with a status.
    const status = err instanceof HttpError ? err.status : Number(err?.status ?? err?.statusCode ?? 500);
    if (err instanceof HttpError && err.headers && !res.headersSent) res.set(err.headers);
    // An HttpError's message is written for the user, even at 5xx (a service not configured: 503).
    if (err instanceof HttpError && status >= 500) {
      log.warn('request refused', { status, message: err.message, method: req.method, url, requestId });
      if (!res.headersSent) res.status(status).json({ message: err.message, requestId });
      return;
    }
    if (status >= 500 || !Number.isInteger(status)) {
      log.error('request failed', { err, method: req.method, url, requestId });
      if (!res.headersSent) res.status(500).json({ message: 'Erreur interne du serveur. Réessayez plus tard.', requestId });
      return;
    }
    const body: { message: string; issues?: unknown; requestId?: string } = {
      message: err instanceof HttpError ? err.message : status === 413 ? TOO_LARGE : 'Requête invalide.',
    };
    if (err instanceof HttpError && err.issues) body.issues = err.issues;
    if (requestId) body.requestId = requestId;
    res.status(status).json(body);
  };
}
