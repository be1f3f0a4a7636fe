// @vitest-environment node
import type { ParsedListing } from '@immoloupe/shared/listings/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiClientError, createApiClient, MESSAGES } from './api-client';

const KEY = `iml_${'a'.repeat(43)}`;
const LISTING: ParsedListing = { portal: 'pap', price: 250_000, surface: 50, sources: { price: 'dom', surface: 'dom' } };
const ANALYSIS = {
  commune: { insee: '64260', nom: 'Hendaye' },
  types: ['appartement'],
  period: { from: '2021-07-01', to: '2023-06-30' },
  market: { count: 12, median: 5000, q1: 4200, q3: 5600 },
  localisation: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function failure(promise: Promise<unknown>): Promise<ApiClientError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiClientError);
  return err as ApiClientError;
}

describe('API client', () => {
  it('posts the listing to the configured server only, with the key as Bearer and no cookie', async () => {
    const fetch = vi.fn(async () => json(200, ANALYSIS));
    const client = createApiClient({ serverUrl: 'https://immo.exemple.fr/pro/ignored?x=1', key: KEY, fetch });
    // This answer carries no rent, as from a server older than the rents: read as none.
    expect(await client.analyse(LISTING)).toEqual({ ...ANALYSIS, rent: null });
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://immo.exemple.fr/api/extension/analysis');
    expect(init.headers).toMatchObject({ authorization: `Bearer ${KEY}`, 'content-type': 'application/json' });
    expect(init.credentials).toBe('omit');
    expect(init.redirect).toBe('error');
    expect(JSON.parse(String(init.body))).toEqual({ listing: LISTING });
  });

  it('sends nothing without a key', async () => {
    const fetch = vi.fn();
    const err = await failure(createApiClient({ serverUrl: 'https://immoloupe.fr', key: '', fetch }).analyse(LISTING));
    expect(err).toMatchObject({ kind: 'no-key', message: MESSAGES.noKey });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says the server is unreachable when offline', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = await failure(createApiClient({ serverUrl: 'https://immoloupe.fr', key: KEY, fetch }).analyse(LISTING));
    expect(err).toMatchObject({ kind: 'offline', message: MESSAGES.offline });
  });

  it('says the key is revoked on a 401', async () => {
    const fetch = vi.fn(async () => json(401, { message: 'Clé d’accès invalide ou révoquée.' }));
    const err = await failure(createApiClient({ serverUrl: 'https://immoloupe.fr', key: KEY, fetch }).whoami());
    expect(err).toMatchObject({ kind: 'revoked', message: MESSAGES.revoked });
  });

  it('passes on the server’s French message when it refuses, and hides 5xx details', async () => {
    const refused = vi.fn(async () => json(403, { message: 'Un abonnement actif est nécessaire.' }));
    expect(await failure(createApiClient({ serverUrl: 'https://immoloupe.fr', key: KEY, fetch: refused }).analyse(LISTING))).toMatchObject({
      kind: 'refused',
      message: 'Un abonnement actif est nécessaire.',
    });
    const broken = vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await failure(createApiClient({ serverUrl: 'https://immoloupe.fr', key: KEY, fetch: broken }).analyse(LISTING))).toMatchObject({
      kind: 'server',
      message: 'Le serveur Immoloupe a rencontré une erreur (502). Réessayez dans quelques minutes.',
    });
  });

  it('refuses an answer that is not the contract', async () => {
    const fetch = vi.fn(async () => json(200, { commune: 'Hendaye' }));
    const err = await failure(createApiClient({ serverUrl: 'https://immoloupe.fr', key: KEY, fetch }).analyse(LISTING));
    expect(err).toMatchObject({ kind: 'bad-response', message: MESSAGES.badResponse });
  });
});
