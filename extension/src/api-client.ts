/**
 * The extension's only way to the network: requests to the configured Immoloupe server, signed
 * with the access key (`Authorization: Bearer`), never with cookies, and every failure turned into
 * a French message the panel shows as it is.
 */
import { type ListingAnalysis, listingAnalysisSchema, savedSchema, whoamiSchema } from '@immoloupe/shared/extension/contracts';
import type { ParsedListing } from '@immoloupe/shared/listings/contracts';
import type { z } from 'zod';

export type ApiFailure = 'no-key' | 'offline' | 'revoked' | 'refused' | 'server' | 'bad-response';

export class ApiClientError extends Error {
  constructor(
    public readonly kind: ApiFailure,
    message: string,
  ) {
    super(message);
  }
}

export const MESSAGES = {
  noKey: 'Aucune clé d’accès\u00a0: ouvrez les réglages de l’extension et collez la clé créée sur Immoloupe (page « Clés d’accès »).',
  offline: 'Serveur Immoloupe injoignable\u00a0: vérifiez votre connexion à Internet et l’adresse du serveur dans les réglages.',
  revoked: 'Votre clé d’accès est invalide ou a été révoquée. Créez-en une nouvelle sur Immoloupe et collez-la dans les réglages.',
  badResponse: 'Réponse inattendue du serveur Immoloupe\u00a0: mettez à jour l’extension ou réessayez plus tard.',
  server: (status: number) => `Le serveur Immoloupe a rencontré une erreur (${status}). Réessayez dans quelques minutes.`,
} as const;

export interface ApiClientOptions {
  serverUrl: string;
  key: string;
  fetch?: typeof fetch;
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const origin = new URL(options.serverUrl).origin;

  async function request<S extends z.ZodType>(path: `/api/${string}`, schema: S, init: { method?: string; body?: unknown } = {}) {
    if (!options.key) throw new ApiClientError('no-key', MESSAGES.noKey);
    // The URL is built from the server's origin and a fixed path: the key cannot leave for another host.
    const url = `${origin}${path}`;
    let res: Response;
    try {
      res = await doFetch(url, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${options.key}`,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        credentials: 'omit',
        redirect: 'error',
      });
    } catch {
      throw new ApiClientError('offline', MESSAGES.offline);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      body = undefined;
    }
    if (res.status === 401) throw new ApiClientError('revoked', MESSAGES.revoked);
    if (res.status >= 500) throw new ApiClientError('server', MESSAGES.server(res.status));
    if (!res.ok) {
      const message = (body as { message?: unknown } | undefined)?.message;
      throw new ApiClientError('refused', typeof message === 'string' ? message : MESSAGES.server(res.status));
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ApiClientError('bad-response', MESSAGES.badResponse);
    return parsed.data as z.infer<S>;
  }

  return {
    analyse: (listing: ParsedListing): Promise<ListingAnalysis> =>
      request('/api/extension/analysis', listingAnalysisSchema, { method: 'POST', body: { listing } }),
    whoami: (): Promise<{ email: string }> => request('/api/extension/whoami', whoamiSchema),
    /** Saves the listing in « Mes annonces »: `merged` when it joined one already saved, and what became of its price. */
    save: (listing: ParsedListing): Promise<z.infer<typeof savedSchema>> =>
      request('/api/extension/listings', savedSchema, { method: 'POST', body: { listing } }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
