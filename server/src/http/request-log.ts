/**
 * The request log (pino-http): one line per request, written when its answer ends, with the
 * request id, method, route pattern, address without its secrets, status, duration and the user
 * signed in. The id is sent back in `X-Request-Id` and in the API's error bodies, so that a user
 * can quote it and the line be found (decision 1400).
 */
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { pinoHttp } from 'pino-http';
import { type Logger, REDACTED } from '../logger.js';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What an id given by a proxy may look like (UUIDs, nginx's `$request_id`, most tracers' ids). */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * Query parameters that carry a secret: account links (`token`, `reinitialisation`), signed
 * unsubscribe links (`t`), CSRF tokens and anything named like a key or a password.
 */
const SECRET_PARAM = /^(t|k|code|key|sig|signature|auth|reinitialisation|activation)$|token|secret|passw|apikey|api_key|session/i;

/** Whether the address carries a secret parameter (an e-mailed link's token, a signed link). */
export function carriesSecret(url: string): boolean {
  return redactUrl(url) !== url;
}

/** The address as it may be logged: every secret parameter's value replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const i = pair.indexOf('=');
      const name = i < 0 ? pair : pair.slice(0, i);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed escape is logged as it came, once its value is hidden.
      }
      return i >= 0 && SECRET_PARAM.test(decoded) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/**
 * The route pattern that answered (`/api/transactions/:id`), never the address itself, so that the
 * metrics' labels stay few; requests no route took (static files, Auth.js, unknown paths) are
 * named by where they were mounted, or `unmatched`.
 */
export function routeOf(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route?.path !== undefined) {
    const pattern = Array.isArray(route.path) ? route.path.map(String).join('|') : String(route.path);
    return `${req.baseUrl}${pattern}` || '/';
  }
  return req.baseUrl || 'unmatched';
}

/** The request's id (set by `requestLog`). */
export function requestIdOf(req: Request): string | undefined {
  const id = (req as Request & { id?: unknown }).id;
  return typeof id === 'string' ? id : undefined;
}

/**
 * An incoming `X-Request-Id` is kept only when the peer is a proxy the server trusts
 * (TRUST_PROXY) and the id is well-formed: anyone else could choose ids that collide with other
 * users' lines.
 */
function requestId(req: Request): string {
  const incoming = req.get(REQUEST_ID_HEADER);
  const trusts = req.app.get('trust proxy fn') as ((addr: string, hop: number) => boolean) | undefined;
  if (incoming && WELL_FORMED_ID.test(incoming) && trusts?.(req.socket.remoteAddress ?? '', 0)) return incoming;
  return randomUUID();
}

function line(req: Request, res: Response, durationMs: number): Record<string, unknown> {
  return {
    method: req.method,
    route: routeOf(req),
    url: redactUrl(req.originalUrl),
    status: res.statusCode,
    durationMs,
    ...(req.user ? { userId: req.user.id } : {}),
    // The client went away before the whole answer was sent.
    ...(res.writableFinished ? {} : { aborted: true }),
  };
}

/** First middleware of the app: the id, its header, and the line when the answer ends. */
export function requestLog(log: Logger): RequestHandler {
  const http = pinoHttp({
    logger: log.pino,
    genReqId: (req, res) => {
      const id = requestId(req as Request);
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    // Only the lines below: pino-http's own `req` and `res` objects would carry every header,
    // cookies included.
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request',
    customSuccessObject: (req, res, val: { durationMs: number }) => line(req as Request, res as Response, val.durationMs),
    customErrorObject: (req, res, _err, val: { durationMs: number }) => line(req as Request, res as Response, val.durationMs),
  });
  return http as unknown as RequestHandler;
}
