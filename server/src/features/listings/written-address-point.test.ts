/**
 * POST /api/listings/analysis at the address the listing writes (decision 1460), on the real Bondy
 * samples (BAN, cadastre, DVF 2022): found in the BAN of the listing's commune, it is the analysis
 * point, ahead of a portal's rounded point, and the page is told so; an address of another commune
 * or one the BAN lacks changes nothing, and the agent's own pick in the BAN stays first.
 */
import { writtenAddressPointNote } from '@immoloupe/shared/listings/store.logic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createTestDb } from '../../test/db.js';
import { type RouterServer, SAMPLE, SUBSCRIBER, serveRouter } from '../market/test-support.js';
import { listingRoutes } from './routes.js';

let db: Db;
let api: RouterServer;

beforeAll(async () => {
  db = await createTestDb({ samples: [SAMPLE.bondyCadastre, SAMPLE.bondyDvf, SAMPLE.bondyBan, SAMPLE.bondyCopro] });
  api = await serveRouter(listingRoutes({ db }), SUBSCRIBER);
});

afterAll(async () => {
  await api?.close();
  await db?.close();
});

type Analysis = {
  point: { lat: number; lon: number; source: string; address?: string | null } | null;
  market: { label: string; count: number; median: number | null }[];
  notes: string[];
  candidates: { address: string; lat: number | null; reasons: string[] }[];
};

async function analyse(fields: Record<string, unknown>): Promise<Analysis> {
  const res = await api.fetch('/api/listings/analysis', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Analysis;
}

/** A Bondy flat whose title writes its address, without a point. */
const LISTING = {
  portal: 'autre',
  transaction: 'vente',
  propertyType: 'appartement',
  title: 'Appartement 3 pièces 62 m² au 139 avenue Carnot',
  price: 235000,
  surface: 62,
  rooms: 3,
  postcode: '93140',
  city: 'Bondy',
};
/** 139 Avenue Carnot as the Bondy BAN sample places it. */
const CARNOT = { lat: 48.895901, lon: 2.479688, label: '139 Avenue Carnot 93140 Bondy' };
const AROUND = '500 m autour';

describe('the address written in the listing, as the analysis address', () => {
  it('places the analysis at the BAN’s point of the written address, says so, and compares within 500 m', async () => {
    const a = await analyse(LISTING);
    expect(a.point).toEqual({ lat: CARNOT.lat, lon: CARNOT.lon, source: 'adresse', address: CARNOT.label });
    expect(a.notes).toContain(writtenAddressPointNote(CARNOT.label));
    expect(a.notes.join(' ')).toContain('Analyse à l’adresse écrite dans l’annonce\u00a0: 139 Avenue Carnot 93140 Bondy');
    expect(a.notes.some((n) => n.startsWith('Annonce non localisée'))).toBe(false);
    expect(a.market.map((m) => m.label)).toEqual(['Bondy', AROUND]);
    expect(a.market[1]?.count).toBeGreaterThan(0);
    expect(a.candidates[0]).toMatchObject({ address: CARNOT.label, lat: CARNOT.lat });
  });

  it('prefers the written address to the point a portal rounds', async () => {
    const a = await analyse({ ...LISTING, lat: 48.9, lon: 2.49 });
    expect(a.point).toMatchObject({ lat: CARNOT.lat, lon: CARNOT.lon, source: 'adresse' });
  });

  it('keeps the address the agent picked in the BAN', async () => {
    const picked = { lat: 48.9023, lon: 2.4828, placedByBan: true };
    const a = await analyse({ ...LISTING, ...picked });
    expect(a.point).toEqual({ lat: picked.lat, lon: picked.lon, source: 'annonce' });
    expect(a.notes.some((n) => n.includes('adresse écrite dans l’annonce'))).toBe(false);
  });

  it('changes nothing when the written address is not in the BAN of the commune', async () => {
    // A Lyon street, absent from Bondy: the portal's point, or none.
    const elsewhere = { ...LISTING, title: 'Appartement 3 pièces au 12 rue Jules Valensaut' };
    expect((await analyse({ ...elsewhere, lat: 48.9, lon: 2.49 })).point).toEqual({ lat: 48.9, lon: 2.49, source: 'annonce' });
    const unplaced = await analyse(elsewhere);
    expect(unplaced.point).toBeNull();
    expect(unplaced.market.map((m) => m.label)).toEqual(['Bondy']);
    expect(unplaced.notes.some((n) => n.startsWith('Annonce non localisée'))).toBe(true);
  });

  it('changes nothing when the written address is another commune’s', async () => {
    // 139 Avenue Carnot is Bondy's; a Hendaye listing that writes it is not placed there.
    const hendaye = { ...LISTING, postcode: '64700', city: 'Hendaye' };
    expect((await analyse(hendaye)).point).toBeNull();
    expect((await analyse({ ...hendaye, lat: 43.36, lon: -1.77 })).point).toEqual({ lat: 43.36, lon: -1.77, source: 'annonce' });
  });
});
