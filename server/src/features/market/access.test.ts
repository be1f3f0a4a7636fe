/**
 * The market tools through the whole app: a signed-in subscriber (session cookie, CSRF header on
 * POST) and an access key (`Authorization: Bearer`) are served; a lapsed or signed-out user is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, TestBrowser } from '../../auth/testing/browser.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { SAMPLE } from './test-support.js';

const PASSWORD = 'Maison-bleue-2026';
const STATS = '/api/market/stats?insee=93010&from=2022-01-01&to=2022-12-31&types=maison,appartement&natures=vente';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [SAMPLE.bondyCadastre, SAMPLE.bondyDvf] });
});
afterAll(async () => app?.close());

async function signedIn(email: string, subscription: 'active' | 'none') {
  await createAccount(app.db, email, PASSWORD, subscription === 'active' ? { subscription: 'active' } : {});
  const b = new TestBrowser(app.url);
  expect((await b.signIn(email, PASSWORD)).ok).toBe(true);
  return b;
}

describe('market API access', () => {
  it('serves a subscriber by session and by access key', async () => {
    const b = await signedIn('agent-marche@exemple.fr', 'active');
    const bySession = await b.api(STATS);
    expect(bySession.status).toBe(200);
    const stats = await bySession.json();
    expect(stats.count).toBeGreaterThan(100);
    expect(Object.keys(stats)).toEqual(expect.arrayContaining(['count', 'median', 'mean', 'q1', 'q3', 'bounds', 'monthly']));

    const { secret } = await (await b.api('/api/keys', { method: 'POST', body: { name: 'Tableur' } })).json();
    const byKey = await fetch(`${app.url}${STATS}`, { headers: { authorization: `Bearer ${secret}` } });
    expect(byKey.status).toBe(200);
    expect((await byKey.json()).count).toBe(stats.count);
    const list = await fetch(`${app.url}/api/transactions?parcelle=93010000AS0167`, { headers: { authorization: `Bearer ${secret}` } });
    expect(list.status).toBe(200);

    const estimate = await b.api('/api/estimates', {
      method: 'POST',
      body: {
        subject: {
          label: '139 Avenue Carnot 93140 Bondy',
          lon: 2.47995,
          lat: 48.89584,
          insee: '93010',
          type: 'appartement',
          surface: 54,
          rooms: 3,
        },
        asOf: '2022-12-31',
      },
    });
    expect(estimate.status).toBe(200);
    expect((await estimate.json()).comparables.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a signed-out visitor and a user without subscription', async () => {
    const anonymous = await fetch(`${app.url}${STATS}`);
    expect(anonymous.status).toBe(401);
    const lapsed = await signedIn('sans-abo@exemple.fr', 'none');
    const res = await lapsed.api(STATS);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Un abonnement actif est nécessaire.', requestId: expect.any(String) });
  });
});
