/**
 * Bounded database work per HTTP request (decision 0308). Every query run on behalf of a request
 * carries the request's scope: on PostgreSQL it runs on a connection whose `statement_timeout` is
 * set, and it is cancelled (`pg_cancel_backend`) as soon as the client goes away; on PGlite, which
 * runs one statement at a time in this process and cannot interrupt one, no new statement starts
 * once the request's time is up or its client has gone.
 *
 * Background work (imports, alerts, jobs) runs outside any request scope and is not bounded here.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';

export interface RequestScope {
  /** Aborted when the client goes away before its answer is complete. */
  signal: AbortSignal;
  /** Limit of one statement (PostgreSQL), and of the request's database work (PGlite), in ms. */
  timeoutMs: number;
  /** When the request's database work must have ended (PGlite's guard). */
  deadline: number;
}

const scopes = new AsyncLocalStorage<RequestScope>();

export function currentScope(): RequestScope | undefined {
  return scopes.getStore();
}

/** Runs `fn` in a request scope (the middleware below; tests). */
export function withScope<T>(scope: { signal: AbortSignal; timeoutMs: number }, fn: () => T): T {
  return scopes.run({ ...scope, deadline: Date.now() + scope.timeoutMs }, fn);
}

export const QUERY_TIMEOUT_MESSAGE =
  'La recherche a pris trop de temps et a été interrompue\u00a0: précisez les filtres (zone plus petite, période plus courte) et réessayez.';

/** A statement stopped by its time limit (answered 503 with QUERY_TIMEOUT_MESSAGE). */
export class QueryTimeout extends Error {
  readonly status = 503;
  constructor() {
    super(QUERY_TIMEOUT_MESSAGE);
  }
}

/** A statement cancelled because the client went away (nobody reads the answer). */
export class ClientGone extends Error {
  readonly status = 499;
  constructor() {
    super('Requête abandonnée par le client.');
  }
}

/** Before a statement starts: refused once the client has gone or, on PGlite, its time is up. */
export function checkScope(scope: RequestScope | undefined, engine: 'pglite' | 'postgres'): void {
  if (!scope) return;
  if (scope.signal.aborted) throw new ClientGone();
  if (engine === 'pglite' && Date.now() > scope.deadline) throw new QueryTimeout();
}

/** The middleware: each request's queries in its own scope, aborted when its client leaves. */
export function requestScope(timeoutMs: number): RequestHandler {
  return (req, res, next) => {
    const controller = new AbortController();
    const abort = () => {
      if (!res.writableFinished) controller.abort();
    };
    res.on('close', abort);
    req.on('aborted', abort);
    withScope({ signal: controller.signal, timeoutMs }, next);
  };
}
