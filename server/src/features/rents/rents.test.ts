/**
 * Rent references through HTTP: `/api/rents` gives the Lyon 8e values of the Carte des loyers files
 * (read back from the files here), refuses a bad commune code in French and a visitor without a
 * subscription; the address analysis of a Lyon 8e address carries the commune's references.
 */
import { readFileSync } from 'node:fs';
import type { RentReference, RentsResponse } from '@immoloupe/shared/rents/contracts';
import { describe, expect, it } from 'vitest';
import { SAMPLES } from '../../importers/test-samples.js';
import { setUpTwoSubscribers, type TwoSubscribers } from '../../test/two-subscribers.js';
import { addressRoutes } from '../market/address-routes.js';
import { LAPSED } from '../market/test-support.js';
import { rentRoutes } from './routes.js';

const LOYERS = Object.values(SAMPLES.loyersLyon).map((f) => `loyers/${f.split('/loyers/')[1]}`);

let set: TwoSubscribers;
setUpTwoSubscribers(
  (db) => rentRoutes({ db }).use(addressRoutes({ db })),
  { users: [LAPSED], samples: [...LOYERS, 'dpe/dpe03existant_extrait-1000_france.csv'], timeout: 120_000 },
  (s) => {
    set = s;
  },
);

/** The file's line of a commune, as numbers where the file writes decimals with a comma. */
function fromFile(file: string, insee: string) {
  const [header, ...lines] = readFileSync(file, 'utf8').split(/\r?\n/);
  const names = (header ?? '').split(';');
  const fields = (lines.find((l) => l.split(';')[1] === insee) ?? '').split(';');
  const v = (name: string) => fields[names.indexOf(name)] ?? '';
  const n = (name: string) => Number(v(name).replace(',', '.'));
  return { commune: v('LIBGEO'), rentM2: n('loypredm2'), lowM2: n('lwr.IPm2'), highM2: n('upr.IPm2'), observations: n('nbobs_com') };
}

function expectFromFile(ref: RentReference | undefined, file: string) {
  const expected = fromFile(file, '69388');
  expect(ref).toMatchObject({ insee: '69388', commune: expected.commune, edition: null, observationsCommune: expected.observations });
  expect(ref?.rentM2).toBeCloseTo(expected.rentM2, 4);
  expect(ref?.lowM2).toBeCloseTo(expected.lowM2, 4);
  expect(ref?.highM2).toBeCloseTo(expected.highM2, 4);
}

describe('GET /api/rents', () => {
  it('gives the Lyon 8e references of each dwelling type, as in the files', async () => {
    const res = await set.api.fetch('/api/rents?insee=69388');
    expect(res.status).toBe(200);
    const body = (await res.json()) as RentsResponse;
    expect(body.references.map((r) => r.dwelling)).toEqual(['appartement', 'appartement-t1-t2', 'appartement-t3-plus', 'maison']);
    for (const ref of body.references) expectFromFile(ref, SAMPLES.loyersLyon[ref.dwelling]);
    const houses = (await (await set.api.fetch('/api/rents?insee=69388&type=maison')).json()) as RentsResponse;
    expect(houses.references.map((r) => [r.dwelling, r.predictionLevel])).toEqual([['maison', 'commune']]);
    const none = (await (await set.api.fetch('/api/rents?insee=93010')).json()) as RentsResponse;
    expect(none.references).toEqual([]);
  });

  it('refuses a bad commune code in French, and a visitor without a subscription', async () => {
    const bad = await set.api.fetch('/api/rents?insee=6938');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('Code INSEE invalide (5 caractères, ex. 69388).');
    const missing = await set.api.fetch('/api/rents');
    expect(JSON.stringify(await missing.json())).toContain('Le paramètre insee (code INSEE de la commune) est obligatoire.');
    const signedOut = await set.serve(undefined);
    expect((await signedOut.fetch('/api/rents?insee=69388')).status).toBe(401);
    const lapsed = await set.serve(LAPSED);
    expect((await lapsed.fetch('/api/rents?insee=69388')).status).toBe(403);
  });
});

describe('address analysis in Lyon 8e', () => {
  it('names the arrondissement and carries its rent references', async () => {
    const [dpe] = await set.db.query<{ lat: number; lon: number }>(
      `SELECT latitude AS lat, longitude AS lon FROM dpe WHERE code_insee_ban = '69388' AND latitude IS NOT NULL ORDER BY numero_dpe LIMIT 1`,
    );
    expect(dpe).toBeDefined();
    const res = await set.api.fetch(`/api/market/address?lat=${dpe?.lat}&lon=${dpe?.lon}`);
    expect(res.status).toBe(200);
    const analysis = (await res.json()) as { commune: { insee: string } | null; rents: RentReference[] };
    expect(analysis.commune?.insee).toBe('69388');
    expectFromFile(
      analysis.rents.find((r) => r.dwelling === 'appartement'),
      SAMPLES.loyersLyon.appartement,
    );
  });
});
