/**
 * The listing analysis against the Carte des loyers, over HTTP on the real samples: the Lyon 8e
 * SeLoger rental (70 m², 4 rooms, 1 345 € a month) read from its page, compared with the 3-rooms-
 * and-more flats' reference of 69388 as the file gives it, never with DVF sales; the same flat as a
 * sale gets its gross yield at the asking price; a commune with no reference says so and how to
 * import it. The extension's panel gets the same comparison from its own analysis.
 */
import { readFileSync } from 'node:fs';
import { NBSP } from '@immoloupe/shared/format';
import type { ListingAnalysis } from '@immoloupe/shared/listings/store.logic';
import { describe, expect, it } from 'vitest';
import { SAMPLES, SAMPLES_DIR } from '../../importers/test-samples.js';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import { extensionRoutes } from '../extension/routes.js';
import type { RouterServer } from '../market/test-support.js';
import { listingRoutes } from './routes.js';

const LOYERS = Object.values(SAMPLES.loyersLyon).map((f) => `loyers/${f.split('/loyers/')[1]}`);
const T3_FILE = SAMPLES.loyersLyon['appartement-t3-plus'];

let alice: RouterServer;
setUpTwoSubscribers(
  (db) => listingRoutes({ db }).use(extensionRoutes({ db })),
  { samples: LOYERS, timeout: 120_000 },
  (set) => {
    alice = set.api;
  },
);

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The extension's capture of the ad's `<body>`, as a person pastes the page source. */
function selogerLyonSource(): string {
  let html = JSON.parse(
    readFileSync(`${SAMPLES_DIR}listings/seloger/seloger_ad-page-body_location_lyon-69008_2025-10.json`, 'utf8'),
  ) as string;
  if (html.startsWith('"<')) html = html.slice(1);
  return html;
}

/** Lyon 8e's line of a Carte des loyers file, its decimals with a comma read as numbers. */
function lyon8(file: string) {
  const [header, ...lines] = readFileSync(file, 'utf8').split(/\r?\n/);
  const names = (header ?? '').split(';');
  const fields = (lines.find((l) => l.split(';')[1] === '69388') ?? '').split(';');
  const n = (name: string) => Number((fields[names.indexOf(name)] ?? '').replace(',', '.'));
  return { rentM2: n('loypredm2'), lowM2: n('lwr.IPm2'), highM2: n('upr.IPm2') };
}

async function analyse(fields: unknown): Promise<ListingAnalysis> {
  const res = await alice.fetch('/api/listings/analysis', json(fields));
  expect(res.status).toBe(200);
  return (await res.json()) as ListingAnalysis;
}

async function parsedLyonRental(): Promise<Record<string, unknown>> {
  const parsed = await alice.fetch('/api/listings/parse', json({ html: selogerLyonSource() }));
  expect(parsed.status).toBe(200);
  return (await parsed.json()) as Record<string, unknown>;
}

async function lyonRental(): Promise<Record<string, unknown>> {
  const { sources: _sources, ...fields } = await parsedLyonRental();
  return fields;
}

describe('listing analysis against the rent references', () => {
  it('compares the Lyon 8e SeLoger rental with the 3+ rooms flats’ reference of the file, not with DVF', async () => {
    const fields = await lyonRental();
    expect(fields).toMatchObject({ transaction: 'location', propertyType: 'appartement', price: 1345, surface: 70, rooms: 4 });
    const a = await analyse(fields);
    expect(a.commune?.insee).toBe('69388');
    expect(a.market).toEqual([]);
    expect(a.estimate).toBeNull();
    const file = lyon8(T3_FILE);
    expect(a.rent?.reference?.dwelling).toBe('appartement-t3-plus');
    expect(a.rent?.reference?.rentM2).toBeCloseTo(file.rentM2, 4);
    expect(a.rent?.reference?.lowM2).toBeCloseTo(file.lowM2, 4);
    expect(a.rent?.reference?.highM2).toBeCloseTo(file.highM2, 4);
    const gap = 1345 / 70 / file.rentM2 - 1;
    expect(a.rent?.comparison?.askingM2).toBe(19.21);
    expect(a.rent?.comparison?.gap).toBeCloseTo(gap, 4);
    expect(a.rent?.comparison?.sentence).toBe(`${Math.round(gap * 100)}${NBSP}% au-dessus du loyer de référence de la commune`);
    // 19,21 €/m² is above the file's upper bound for these flats.
    expect(a.rent?.comparison?.withinInterval).toBe(1345 / 70 <= file.highM2);
    expect(a.rent?.monthly).toBeNull();
    expect(a.notes.filter((n) => n.startsWith('Aucun loyer de référence'))).toEqual([]);
    // The extension's panel: the same reference and comparison, and still no DVF median.
    const panel = await alice.fetch('/api/extension/analysis', json({ listing: await parsedLyonRental() }));
    expect(panel.status).toBe(200);
    const p = (await panel.json()) as { market: unknown; rent: typeof a.rent };
    expect(p.market).toBeNull();
    expect(p.rent).toEqual(a.rent);
  });

  it('gives a sale its gross yield at the asking price, with the interval of the reference', async () => {
    const fields = { ...(await lyonRental()), transaction: 'vente', price: 300_000 };
    const a = await analyse(fields);
    const file = lyon8(T3_FILE);
    const monthly = Math.round(70 * file.rentM2);
    expect(a.rent?.monthly).toEqual({ rent: monthly, low: Math.round(70 * file.lowM2), high: Math.round(70 * file.highM2) });
    expect(a.rent?.grossYield?.gross).toBeCloseTo((12 * monthly) / 300_000, 6);
    expect(a.rent?.grossYield?.low).toBeCloseTo((12 * Math.round(70 * file.lowM2)) / 300_000, 6);
    expect(a.rent?.grossYield?.high).toBeCloseTo((12 * Math.round(70 * file.highM2)) / 300_000, 6);
    expect(a.rent?.comparison).toBeNull();
  });

  it('says when the commune has no rent reference, and who imports it', async () => {
    const a = await analyse({ ...(await lyonRental()), postcode: '93140', city: 'Bondy', lat: undefined, lon: undefined });
    expect(a.commune?.insee).toBe('93010');
    expect(a.rent).toEqual({ reference: null, comparison: null, monthly: null, grossYield: null });
    expect(a.notes).toContain(
      `Aucun loyer de référence des appartements (Carte des loyers) importé pour Bondy${NBSP}: pas de comparaison de loyer ni de rendement. ` +
        `L’équipe Immoloupe importe la Carte des loyers du département 93 à la demande${NBSP}: demandez l’import par la page Contact.`,
    );
    // A transaction not stated: nothing compared, not even with the rents.
    expect((await analyse({ ...(await lyonRental()), transaction: undefined })).rent).toBeNull();
  });
});
