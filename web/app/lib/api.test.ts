// @vitest-environment node
/** The API client's errors: the French message, the invalid fields, and the request's reference. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiFetch } from './api';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }),
  );
}

async function failure(): Promise<ApiError> {
  const err = await apiFetch('/api/x', z.object({})).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('apiFetch errors', () => {
  it('shows a server failure with its reference, which the user can quote', async () => {
    answer(500, { message: 'Erreur interne du serveur. Réessayez plus tard.', requestId: 'b1946ac9-2d5f-4a1e-9a4b-0c6f1d2e3f40' });
    const err = await failure();
    expect(err.status).toBe(500);
    expect(err.requestId).toBe('b1946ac9-2d5f-4a1e-9a4b-0c6f1d2e3f40');
    expect(err.message).toBe('Erreur interne du serveur. Réessayez plus tard. (référence\u00a0: b1946ac9-2d5f-4a1e-9a4b-0c6f1d2e3f40)');
  });

  it('keeps a client error’s message as it is, with its fields, and still knows its id', async () => {
    answer(400, { message: 'Requête invalide.', issues: [{ path: 'insee', message: 'Code INSEE invalide' }], requestId: 'id-400-abcdef' });
    const err = await failure();
    expect(err.message).toBe('Requête invalide.');
    expect(err.issues).toEqual([{ path: 'insee', message: 'Code INSEE invalide' }]);
    expect(err.requestId).toBe('id-400-abcdef');
  });

  it('reads the reference from the X-Request-Id header when the body is not ours', async () => {
    answer(502, 'Bad gateway', { 'x-request-id': 'proxy-502-abcdef' });
    const err = await failure();
    expect(err.message).toBe('Erreur 502 (référence\u00a0: proxy-502-abcdef)');
  });
});
