/** The value opinion API over HTTP on the Hendaye sample: comparables, edits, estimate, saving, photo, agency. */

import { roundEstimate } from '@immoloupe/shared/format';
import { estimateValue } from '@immoloupe/shared/market/comparables.logic';
import { confidenceOf, MIN_MEASURED_SALES } from '@immoloupe/shared/market/confidence.logic';
import type { EstimateResponse, SavedOpinion } from '@immoloupe/shared/market/estimate-contracts';
import { adjustedValue, estimateResponseSchema, savedOpinionSchema } from '@immoloupe/shared/market/estimate-contracts';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import { type RouterServer, SAMPLE } from '../market/test-support.js';
import { MAX_TESTED, measure, measuredError } from './accuracy.js';
import { estimateRoutes, imageTypeOf } from './routes.js';

let db: Db;
let api: RouterServer;
let other: RouterServer;
setUpTwoSubscribers(
  (db) => estimateRoutes({ db }),
  { samples: [SAMPLE.hendayeDvf] },
  (set) => {
    ({ db, api, other } = set);
  },
);

/** A 50 m², 3-room flat rue Haute in Hendaye, valued as of mid-2023. */
const flat = {
  label: '3 Rue Haute 64700 Hendaye',
  lon: -1.772511,
  lat: 43.358784,
  insee: '64260',
  type: 'appartement',
  surface: 50,
  rooms: 3,
};
const ASOF = '2023-06-30';

async function send<T>(method: string, path: string, body: unknown, status = 200, server = api): Promise<T> {
  const res = await server.fetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return (text ? JSON.parse(text) : null) as T;
}

describe('POST /api/estimates', () => {
  it('without a date, searches up to the newest sale imported for the commune, not today', async () => {
    const r = await send<EstimateResponse>('POST', '/api/estimates', { subject: flat });
    const [newest] = await db.query<{ d: string }>(`SELECT max(date_mutation)::text AS d FROM dvf_mutations WHERE code_commune = '64260'`);
    expect(r.asOf).toBe(newest?.d);
    expect(r.asOf < new Date().toISOString().slice(0, 10)).toBe(true);
    expect(r.comparables.length).toBeGreaterThanOrEqual(5);
  });

  it('finds comparables step by step and estimates median €/m² × surface', async () => {
    const r = estimateResponseSchema.parse(await send<EstimateResponse>('POST', '/api/estimates', { subject: flat, asOf: ASOF }));
    expect(r.steps[0]).toMatchObject({ radiusM: 500, months: 24 });
    expect(r.steps.at(-1)?.found).toBeGreaterThanOrEqual(5);
    expect(r.used).toMatchObject({ from: '2021-07-01', to: ASOF });
    expect(r.comparables.length).toBeGreaterThanOrEqual(5);
    expect(r.comparables.length).toBeLessThanOrEqual(8);
    for (const c of r.comparables) {
      expect(c.type).toBe('appartement');
      expect(c.surface).toBeGreaterThanOrEqual(40);
      expect(c.surface).toBeLessThanOrEqual(60);
      expect(Math.abs((c.rooms ?? 0) - 3)).toBeLessThanOrEqual(1);
      expect(c.date >= '2021-07-01' && c.date <= ASOF).toBe(true);
      expect(c.distanceM).toBeLessThanOrEqual(r.used.radiusM ?? Number.POSITIVE_INFINITY);
      expect(c.address).not.toBe('');
    }
    // The estimate is the shared computation on the comparables shown (€/m² from price / surface).
    const expected = estimateValue(
      50,
      r.comparables.map((c) => ({ pricePerM2: c.price / c.surface })),
    );
    expect(r.estimate).toEqual(expected);
    expect(r.estimate?.low).toBeLessThanOrEqual(r.estimate?.value ?? 0);
    expect(r.candidates.every((c) => !r.comparables.some((k) => k.id === c.id))).toBe(true);
  });

  it('recomputes at once when the agent removes or adds a comparable', async () => {
    const first = await send<EstimateResponse>('POST', '/api/estimates', { subject: flat, asOf: ASOF });
    const removed = first.comparables.reduce((a, b) => (a.pricePerM2 > b.pricePerM2 ? a : b));
    const without = await send<EstimateResponse>('POST', '/api/estimates', { subject: flat, asOf: ASOF, excluded: [removed.id] });
    expect(without.comparables.map((c) => c.id)).not.toContain(removed.id);
    expect(without.estimate?.count).toBe((first.estimate?.count ?? 0) - 1);
    expect(without.estimate?.value).not.toBe(first.estimate?.value);
    expect(without.candidates.map((c) => c.id)).toContain(removed.id);

    const extra = first.candidates[0];
    const withExtra = await send<EstimateResponse>('POST', '/api/estimates', { subject: flat, asOf: ASOF, added: [extra?.id] });
    expect(withExtra.comparables.find((c) => c.id === extra?.id)?.added).toBe(true);
    expect(withExtra.estimate?.count).toBe((first.estimate?.count ?? 0) + 1);
  });

  it('gives no estimate under 3 comparables, after every widening step', async () => {
    const r = await send<EstimateResponse>('POST', '/api/estimates', {
      subject: { ...flat, label: 'Bourg 33230 Abzac', lon: -0.13, lat: 45.01, insee: '33001' },
      asOf: ASOF,
    });
    expect(r.steps).toHaveLength(6);
    expect(r.estimate).toBeNull();
    const few = await send<EstimateResponse>('POST', '/api/estimates', { subject: flat, asOf: ASOF, excluded: [] });
    const ids = few.comparables.map((c) => c.id);
    const two = await send<EstimateResponse>('POST', '/api/estimates', { subject: flat, asOf: ASOF, excluded: ids.slice(2) });
    expect(two.comparables).toHaveLength(2);
    expect(two.estimate).toBeNull();
  });

  it('explains a bad subject in French', async () => {
    const body = await send<{ issues: { path: string; message: string }[] }>(
      'POST',
      '/api/estimates',
      { subject: { ...flat, surface: undefined } },
      400,
    );
    expect(body.issues).toContainEqual({ path: 'subject.surface', message: 'Surface habitable requise.' });
    const place = await send<{ issues: { message: string }[] }>('POST', '/api/estimates', { subject: { ...flat, lon: undefined } }, 400);
    expect(place.issues[0]?.message).toBe('Choisissez l’adresse dans la liste pour la situer.');
  });
});

describe('saved value opinions', () => {
  it('saves, lists, updates with an adjustment, and deletes — for their owner only', async () => {
    const first = await send<EstimateResponse>('POST', '/api/estimates', { subject: flat, asOf: ASOF });
    const removed = first.comparables[0]?.id as string;
    const saved = savedOpinionSchema.parse(
      await send<SavedOpinion>(
        'POST',
        '/api/estimates/saved',
        { subject: { ...flat, placedByBan: true }, asOf: ASOF, excluded: [removed], adjustmentPct: 5, comment: 'Vue mer.' },
        201,
      ),
    );
    expect(saved.result.excluded).toEqual([removed]);
    // Where the point comes from is kept with the opinion; an opinion saved before it was reads as not the BAN's.
    expect(saved.result.subject.placedByBan).toBe(true);
    await db.query(
      `UPDATE value_opinions SET result = result #- '{subject,placedByBan}', subject = subject - 'placedByBan' WHERE id = $1`,
      [saved.id],
    );
    const older = savedOpinionSchema.parse(await (await api.fetch(`/api/estimates/saved/${saved.id}`)).json());
    expect(older.result.subject.placedByBan).toBe(false);
    const value = saved.result.estimate?.value as number;
    expect(saved.finalValue).toBe(Math.round(value * 1.05));
    expect(saved.comment).toBe('Vue mer.');

    const list = await (await api.fetch('/api/estimates/saved')).json();
    expect(list).toEqual([expect.objectContaining({ id: saved.id, label: flat.label, finalValue: saved.finalValue })]);
    expect(await (await other.fetch('/api/estimates/saved')).json()).toEqual([]);
    expect((await other.fetch(`/api/estimates/saved/${saved.id}`)).status).toBe(404);

    const updated = await send<SavedOpinion>('PUT', `/api/estimates/saved/${saved.id}`, {
      subject: flat,
      excluded: [],
      adjustmentPct: -10,
      comment: '',
    });
    expect(updated.result.asOf).toBe(ASOF);
    expect(updated.finalValue).toBe(Math.round((updated.result.estimate?.value as number) * 0.9));

    const got = await (await api.fetch(`/api/estimates/saved/${saved.id}`)).json();
    expect(got).toEqual(updated);
    expect((await api.fetch(`/api/estimates/saved/${saved.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api.fetch(`/api/estimates/saved/${saved.id}`)).status).toBe(404);
    expect((await api.fetch('/api/estimates/saved/pas-un-uuid')).status).toBe(404);
  });

  it('keeps a photo (JPEG, PNG or WebP only, checked by content)', async () => {
    const saved = await send<SavedOpinion>('POST', '/api/estimates/saved', { subject: flat, asOf: ASOF }, 201);
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e5274e1f0000000049454e44ae426082',
      'hex',
    );
    expect(imageTypeOf(png)).toBe('image/png');
    const put = await api.fetch(`/api/estimates/saved/${saved.id}/photo`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: png,
    });
    expect(put.status).toBe(204);
    const photo = await api.fetch(`/api/estimates/saved/${saved.id}/photo`);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await photo.arrayBuffer()).equals(png)).toBe(true);
    const fake = await api.fetch(`/api/estimates/saved/${saved.id}/photo`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: 'pas une image',
    });
    expect(fake.status).toBe(415);
    expect(await fake.json()).toEqual({ message: 'Image refusée\u00a0: JPEG, PNG ou WebP uniquement.' });
    const again = await send<SavedOpinion>('GET', `/api/estimates/saved/${saved.id}`, undefined);
    expect(again.hasPhoto).toBe(true);
  });
});

describe('agency branding', () => {
  it('stores the agency name, contact and logo printed on reports', async () => {
    const blank = { name: '', contact: '', agentName: '', city: '', hasLogo: false };
    expect(await send('GET', '/api/agency', undefined)).toEqual(blank);
    const put = await send('PUT', '/api/agency', {
      name: 'Agence du Port',
      contact: '1 quai de la Floride\n05 59 00 00 00',
      agentName: 'Maïté Etchebarne',
      city: 'Hendaye',
    });
    expect(put).toEqual({
      name: 'Agence du Port',
      contact: '1 quai de la Floride\n05 59 00 00 00',
      agentName: 'Maïté Etchebarne',
      city: 'Hendaye',
      hasLogo: false,
    });
    // The letters' form sends the name and contact only: the signatory and the town stay.
    const renamed = await send('PUT', '/api/agency', { name: 'Agence du Port', contact: '2 quai de la Floride' });
    expect(renamed).toMatchObject({ contact: '2 quai de la Floride', agentName: 'Maïté Etchebarne', city: 'Hendaye' });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
    expect((await api.fetch('/api/agency/logo', { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: jpeg })).status).toBe(
      204,
    );
    expect(await send('GET', '/api/agency', undefined)).toMatchObject({ hasLogo: true });
    expect(await send('GET', '/api/agency', undefined, 200, other)).toEqual(blank);
    const tooLong = await send<{ issues: { message: string }[] }>('PUT', '/api/agency', { name: 'x'.repeat(121) }, 400);
    expect(tooLong.issues[0]?.message).toBe('Nom de 120 caractères au plus.');
  });
});

describe('asking price and agency fees', () => {
  it('computes the margin net of the fees: the « honoraires inclus » switch lowers it by the fee amount', async () => {
    const asking = 260_000;
    const ask = (fees: unknown, extra: Record<string, unknown> = {}) =>
      send<EstimateResponse>('POST', '/api/estimates', { subject: flat, asOf: ASOF, pricing: { askingPrice: asking, fees }, ...extra });
    const net = await ask({ basis: 'net-vendeur', ratePct: null });
    const fai = await ask({ basis: 'honoraires-inclus', ratePct: 5 });
    // Against the value retained as shown: rounded to the thousand.
    const value = roundEstimate(net.estimate?.value as number);
    expect(net.margin).toEqual({
      askingPrice: asking,
      fees: { basis: 'net-vendeur', ratePct: null },
      netPrice: asking,
      feesAmount: 0,
      value,
      margin: asking - value,
    });
    // 260 000 € at 5 % of the net seller price: 247 619 € net, 12 381 € of fees.
    expect(fai.margin).toMatchObject({ netPrice: 247_619, feesAmount: 12_381, value });
    expect((net.margin?.margin ?? 0) - (fai.margin?.margin ?? 0)).toBe(12_381);
    // Fees included without a rate: compared as asked, and said so.
    expect((await ask({ basis: 'honoraires-inclus', ratePct: null })).margin).toMatchObject({ margin: asking - value, feesAmount: null });
    // Against the value retained: +10 % raises the value, the margin drops by as much.
    const adjusted = await ask({ basis: 'honoraires-inclus', ratePct: 5 }, { adjustmentPct: 10 });
    const retained = roundEstimate(adjustedValue(net.estimate?.value as number, 10));
    expect(adjusted.margin?.value).toBe(retained);
    expect(adjusted.margin?.margin).toBe(247_619 - retained);
    // Without an asking price: no margin.
    expect((await send<EstimateResponse>('POST', '/api/estimates', { subject: flat, asOf: ASOF })).margin).toBeNull();
    const bad = await send<{ issues: { message: string }[] }>(
      'POST',
      '/api/estimates',
      { subject: flat, pricing: { askingPrice: asking, fees: { basis: 'honoraires-inclus', ratePct: 30 } } },
      400,
    );
    expect(bad.issues[0]?.message).toBe('Taux d’honoraires\u00a0: 20\u00a0% au plus.');
  });

  it('keeps the choice and the margin in the saved opinion the PDF prints, for its owner only', async () => {
    const body = {
      subject: flat,
      asOf: ASOF,
      adjustmentPct: -5,
      pricing: { askingPrice: 250_000, fees: { basis: 'honoraires-inclus', ratePct: 4 } },
    };
    const saved = await send<SavedOpinion>('POST', '/api/estimates/saved', body, 201);
    // 250 000 € at 4 %: 240 385 € net, against the value retained (estimate − 5 %).
    const retained = roundEstimate(saved.finalValue ?? 0);
    expect(saved.result.margin).toMatchObject({ netPrice: 240_385, feesAmount: 9_615, value: retained });
    expect(saved.result.margin?.margin).toBe(240_385 - retained);
    const read = await send<SavedOpinion>('GET', `/api/estimates/saved/${saved.id}`, undefined);
    expect(read.result.margin).toEqual(saved.result.margin);
    const switched = await send<SavedOpinion>('PUT', `/api/estimates/saved/${saved.id}`, {
      ...body,
      pricing: { askingPrice: 250_000, fees: { basis: 'net-vendeur', ratePct: null } },
    });
    expect((switched.result.margin?.margin ?? 0) - (saved.result.margin?.margin ?? 0)).toBe(9_615);
    await send('GET', `/api/estimates/saved/${saved.id}`, undefined, 404, other);
    await send('DELETE', `/api/estimates/saved/${saved.id}`, undefined, 204);
  });
});

describe('confidence figure', () => {
  it('measures the method on the commune’s own sales with the benchmark’s holdout, and keeps it until the next DVF import', async () => {
    const r = await send<EstimateResponse>('POST', '/api/estimates', { subject: flat, asOf: ASOF });
    const measured = r.confidence?.measured;
    // Hendaye: 2023 estimated from 2019–2022, as the benchmark's test split.
    expect(measured).toMatchObject({ scope: 'commune', code: '64260', place: 'Hendaye', testYear: '2023' });
    expect(measured?.n).toBeGreaterThanOrEqual(MIN_MEASURED_SALES);
    expect(measured?.n).toBeLessThanOrEqual(MAX_TESTED);
    const direct = await measure(db, 'commune', '64260');
    expect(measured?.mdape).toBeCloseTo(direct.mdape ?? Number.NaN, 10);
    expect(measured?.mdape).toBeGreaterThan(0.05);
    expect(measured?.mdape).toBeLessThan(0.3);
    expect(r.confidence).toEqual(confidenceOf(measured ?? null, r.estimate));
    expect(r.confidence?.comparables).toBe(r.comparables.length);
    // Read from the cache: a figure written there is the one given, until a DVF import runs.
    await db.query(`UPDATE estimate_accuracy SET mdape = 0.25 WHERE scope = 'commune' AND code = '64260'`);
    const cached = await send<EstimateResponse>('POST', '/api/estimates', { subject: flat, asOf: ASOF });
    expect(cached.confidence?.measured?.mdape).toBe(0.25);
    expect(cached.confidence?.level).toBe('faible');
    await db.query(
      `INSERT INTO import_runs (source, file_name, status, started_by, finished_at) VALUES ('dvf', 'autre.csv', 'succeeded', 'test', now())`,
    );
    const fresh = await send<EstimateResponse>('POST', '/api/estimates', { subject: flat, asOf: ASOF });
    expect(fresh.confidence?.measured?.mdape).toBeCloseTo(direct.mdape ?? Number.NaN, 10);
  });

  it('uses the département when the commune has too few sales, and says when neither has', async () => {
    const names = { commune: 'Commune sans vente', departement: 'Pyrénées-Atlantiques' };
    // A commune of the Pyrénées-Atlantiques without any sale: Hendaye's are the département's.
    const dept = await measuredError(db, { insee: '64999', departement: '64' }, names);
    const hendaye = await measure(db, 'commune', '64260');
    expect(dept).toMatchObject({ scope: 'departement', code: '64', place: 'Pyrénées-Atlantiques', testYear: '2023', n: hendaye.n });
    expect(dept?.mdape).toBeCloseTo(hendaye.mdape ?? Number.NaN, 10);
    // Abzac's one year of sales has nothing earlier to estimate from, nor has the Gironde here.
    expect(await measure(db, 'commune', '33001')).toMatchObject({ n: 0 });
    expect(await measuredError(db, { insee: '33001', departement: '33' }, { commune: 'Abzac', departement: 'Gironde' })).toBeNull();
    const abzac = { ...flat, label: 'Bourg 33230 Abzac', lon: -0.13, lat: 45.01, insee: '33001' };
    expect((await send<EstimateResponse>('POST', '/api/estimates', { subject: abzac, asOf: ASOF })).confidence).toBeNull();
  });
});
