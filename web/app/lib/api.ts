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
  ) {
    super(message);
  }
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
  } catch {
    throw new ApiError(0, 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.');
  }
  const body: unknown = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) {
    const parsed = apiErrorSchema.safeParse(body);
    throw new ApiError(
      res.status,
      parsed.success ? parsed.data.message : `Erreur ${res.status}`,
      parsed.success ? (parsed.data.issues ?? []) : [],
    );
  }
  return schema.parse(body);
}
