/**
 * The browser's client of our JSON API: sends the CSRF token on state-changing calls, validates
 * responses with the feature's zod schema, and turns error bodies into one `ApiError` whose
 * message is French and ready to show.
 */
import { apiErrorSchema } from '@immoloupe/shared/api-error';
import type { z } from 'zod';

export const CSRF_COOKIE = 'immoloupe.csrf';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly issues: { path: string; message: string }[] = [],
    /** The request's id in the server's logs. */
    public readonly requestId: string | null = null,
  ) {
    super(message);
  }
}

/**
 * The message shown for an error answer: a server failure (5xx) says nothing the user can act on,
 * so it carries the request's reference for them to quote to the support.
 */
export function errorMessage(status: number, message: string, requestId: string | null): string {
  return status >= 500 && requestId ? `${message} (référence\u00a0: ${requestId})` : message;
}

export function csrfToken(): string {
  if (typeof document === 'undefined') return '';
  const m = document.cookie.split('; ').find((c) => c.startsWith(`${CSRF_COOKIE}=`));
  return m ? decodeURIComponent(m.slice(CSRF_COOKIE.length + 1)) : '';
}

export async function apiFetch<S extends z.ZodType>(path: string, schema: S, init: RequestInit = {}): Promise<z.infer<S>> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  if (method !== 'GET' && method !== 'HEAD') headers.set('x-csrf-token', csrfToken());
  if (init.body && typeof init.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
  let res: Response;
  try {
    res = await fetch(path, { ...init, method, headers, credentials: 'same-origin' });
  } catch (err) {
    // A request the page gave up (TanStack Query aborts it) is not the server's failure.
    if (init.signal?.aborted) throw err;
    throw new ApiError(0, 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.');
  }
  const body: unknown = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) {
    const parsed = apiErrorSchema.safeParse(body);
    const requestId = (parsed.success ? parsed.data.requestId : undefined) ?? res.headers.get('x-request-id');
    throw new ApiError(
      res.status,
      errorMessage(res.status, parsed.success ? parsed.data.message : `Erreur ${res.status}`, requestId),
      parsed.success ? (parsed.data.issues ?? []) : [],
      requestId,
    );
  }
  return schema.parse(body);
}
