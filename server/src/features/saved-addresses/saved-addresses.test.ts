/**
 * Saved addresses through the real app (sessions, CSRF): save, list, tag filter, rename, notes,
 * tags, « Surveiller », CSV, delete; two users never read, change, watch nor delete each other's;
 * the per-user limit; the account export carries notes, tags and watch; deleting the account
 * deletes them.
 */
import {
  MAX_SAVED_ADDRESSES,
  type SavedAddress,
  savedAddressListSchema,
  savedAddressSchema,
} from '@immoloupe/shared/saved-addresses/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount, TestBrowser } from '../../auth/testing/browser.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { csvRows, formulaCells, HYPERLINK, SUM } from '../../test/csv-formulas.js';

const PASSWORD = 'Un-mot-de-passe-solide-2026';
const CARNOT = { label: '139 Avenue Carnot 93140 Bondy', lon: 2.479688, lat: 48.895901, insee: '93010', idParcelle: '93010000AS0167' };
const GARE = { label: 'Place de la Gare 93140 Bondy', lon: 2.4825, lat: 48.8935, insee: '93010' };

let app: TestApp;
let alice: TestBrowser;
let bob: TestBrowser;
let aliceId: string;

beforeAll(async () => {
  app = await startTestApp();
  aliceId = await createAccount(app.db, 'adresses-a@exemple.fr', PASSWORD, { subscription: 'active' });
  await createAccount(app.db, 'adresses-b@exemple.fr', PASSWORD, { subscription: 'active' });
  alice = new TestBrowser(app.url);
  bob = new TestBrowser(app.url);
  expect(await alice.signIn('adresses-a@exemple.fr', PASSWORD)).toMatchObject({ ok: true });
  expect(await bob.signIn('adresses-b@exemple.fr', PASSWORD)).toMatchObject({ ok: true });
});
afterAll(async () => {
  await app?.close();
});

async function save(b: TestBrowser, body: unknown): Promise<SavedAddress> {
  const res = await b.api('/api/addresses/saved', { method: 'POST', body });
  expect(res.status, await res.clone().text()).toBe(201);
  return savedAddressSchema.parse(await res.json());
}
async function list(b: TestBrowser, query = '') {
  const res = await b.api(`/api/addresses/saved${query}`);
  expect(res.status).toBe(200);
  return savedAddressListSchema.parse(await res.json());
}
const patch = (b: TestBrowser, id: string, body: unknown) => b.api(`/api/addresses/saved/${id}`, { method: 'PATCH', body });

describe('/api/addresses/saved', () => {
  let carnot: SavedAddress;

  it('saves an address once per user, unwatched, and keeps its notes when saved again', async () => {
    carnot = await save(alice, CARNOT);
    expect(carnot).toMatchObject({ ...CARNOT, address: CARNOT.label, notes: '', tags: [], watch: 'off', watchRadiusM: 200 });
    expect((await patch(alice, carnot.id, { notes: 'Vendeur à relancer' })).status).toBe(200);
    const again = await save(alice, { ...CARNOT, idParcelle: null, insee: null });
    expect(again).toMatchObject({ id: carnot.id, notes: 'Vendeur à relancer', idParcelle: CARNOT.idParcelle, insee: '93010' });
    expect((await list(alice)).items.map((a) => a.id)).toEqual([carnot.id]);
    expect((await list(bob)).items).toEqual([]);
  });

  it('remembers whether the BAN placed the point, as its last save says, and refuses anything but yes or no', async () => {
    const hugo = { label: '2 Rue Victor Hugo 93140 Bondy', lon: 2.4801, lat: 48.9012, insee: '93010' };
    const picked = await save(alice, { ...hugo, placedByBan: true });
    expect(picked.placedByBan).toBe(true);
    // Saved again from a click on the map (reverse geocoded to the same address): the point is the click's.
    expect((await save(alice, { ...hugo, lon: 2.4803 })).placedByBan).toBe(false);
    const bad = await alice.api('/api/addresses/saved', { method: 'POST', body: { ...hugo, placedByBan: 'oui' } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Origine du point attendue (vrai ou faux).');
    expect((await list(alice)).items.find((a) => a.id === picked.id)).toMatchObject({ placedByBan: false, lon: 2.4803 });
    expect((await alice.api(`/api/addresses/saved/${picked.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('renames, notes, tags (once each, whatever the case) and watches, in French when wrong', async () => {
    const res = await patch(alice, carnot.id, {
      label: '139 av. Carnot (maison)',
      tags: ['Vendeur', 'vendeur', ' Bondy '],
      watch: 'weekly',
      watchRadiusM: 500,
    });
    expect(res.status).toBe(200);
    expect(savedAddressSchema.parse(await res.json())).toMatchObject({
      label: '139 av. Carnot (maison)',
      address: CARNOT.label,
      tags: ['Vendeur', 'Bondy'],
      watch: 'weekly',
      watchRadiusM: 500,
    });
    const [row] = await app.db.query<{ watch: string; watch_radius_m: number }>(
      'SELECT watch, watch_radius_m FROM saved_addresses WHERE id = $1',
      [carnot.id],
    );
    expect(row).toEqual({ watch: 'weekly', watch_radius_m: 500 });

    for (const [body, message] of [
      [{ watchRadiusM: 2500 }, 'Rayon de 2\u202f000\u00a0m au plus.'],
      [{ watch: 'hourly' }, 'Fréquence de surveillance inconnue.'],
      [{ tags: ['a;b'] }, 'Une étiquette ne contient ni virgule ni point-virgule.'],
      [{ label: ' x ' }, 'Adresse requise (3 caractères au moins).'],
      [{}, 'Rien à modifier.'],
    ] as const) {
      const bad = await patch(alice, carnot.id, body);
      expect(bad.status).toBe(400);
      const json = (await bad.json()) as { message: string; issues?: { message: string }[] };
      expect([json.message, ...(json.issues ?? []).map((i) => i.message)]).toContain(message);
    }
    const gare = await save(alice, GARE);
    const dup = await patch(alice, gare.id, { label: '139 av. Carnot (maison)' });
    expect(dup.status).toBe(409);
    expect((await dup.json()).message).toBe('Une autre de vos adresses porte déjà ce nom.');
  });

  it('filters by tag and exports the list as a French CSV', async () => {
    const all = await list(alice);
    expect(all.items).toHaveLength(2);
    expect(all.tags).toEqual(['Bondy', 'Vendeur']);
    expect((await list(alice, '?tag=vendeur')).items.map((a) => a.label)).toEqual(['139 av. Carnot (maison)']);

    const csv = await alice.api('/api/addresses/saved.csv?tag=Bondy');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="mes-adresses-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe(
      'Nom;Adresse;Notes;Étiquettes;Surveillance;Rayon surveillé (m);Code INSEE;Parcelle;Longitude;Latitude;Enregistrée le',
    );
    expect(lines[1]).toMatch(
      /^139 av\. Carnot \(maison\);139 Avenue Carnot 93140 Bondy;Vendeur à relancer;Vendeur, Bondy;Hebdomadaire;500;93010;93010000AS0167;2,479688;48,895901;\d{2}\/\d{2}\/\d{4}$/,
    );
    expect(lines.slice(2)).toEqual(['']);
    const bobCsv = new TextDecoder().decode(await (await bob.api('/api/addresses/saved.csv')).arrayBuffer());
    expect(bobCsv.split('\r\n').filter(Boolean)).toHaveLength(1);
  });

  it('keeps the address apart from the name: a rename shows both, a re-save finds the renamed entry', async () => {
    const vaillant = await save(alice, { label: '18 Rue Edouard Vaillant 93140 Bondy', lon: 2.4862, lat: 48.9021, insee: '93010' });
    const renamed = await patch(alice, vaillant.id, {
      label: 'Immeuble Vaillant – M. et Mme Martin',
      notes: 'Succession en cours',
      tags: ['Succession'],
    });
    expect(savedAddressSchema.parse(await renamed.json())).toMatchObject({
      label: 'Immeuble Vaillant – M. et Mme Martin',
      address: '18 Rue Edouard Vaillant 93140 Bondy',
    });
    // Saved again from the parcel sheet: the same entry, its name and notes kept.
    const again = await save(alice, {
      label: '18 Rue Edouard Vaillant 93140 Bondy',
      lon: 2.4863,
      lat: 48.9022,
      idParcelle: '93010000AS0170',
    });
    expect(again).toMatchObject({ id: vaillant.id, label: 'Immeuble Vaillant – M. et Mme Martin', notes: 'Succession en cours' });
    expect(again.idParcelle).toBe('93010000AS0170');

    const csv = new TextDecoder().decode(await (await alice.api('/api/addresses/saved.csv?tag=Succession')).arrayBuffer());
    const [header, line] = csv.split('\r\n');
    expect(header?.split(';').slice(0, 2)).toEqual(['Nom', 'Adresse']);
    expect(line?.split(';').slice(0, 2)).toEqual(['Immeuble Vaillant – M. et Mme Martin', '18 Rue Edouard Vaillant 93140 Bondy']);
    const exported = (await (await alice.api('/api/account/export')).json()) as { savedAddresses: { label: string; address: string }[] };
    expect(exported.savedAddresses.find((a) => a.label === 'Immeuble Vaillant – M. et Mme Martin')?.address).toBe(
      '18 Rue Edouard Vaillant 93140 Bondy',
    );
    // Bob saving the same address gets his own entry, under the address.
    const bobs = await save(bob, { label: '18 Rue Edouard Vaillant 93140 Bondy', lon: 2.4862, lat: 48.9021 });
    expect(bobs).toMatchObject({ label: '18 Rue Edouard Vaillant 93140 Bondy', notes: '' });
    expect(bobs.id).not.toBe(vaillant.id);
    expect((await bob.api(`/api/addresses/saved/${vaillant.id}`)).status).toBe(404);
    expect((await alice.api(`/api/addresses/saved/${bobs.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await bob.api(`/api/addresses/saved/${bobs.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await alice.api(`/api/addresses/saved/${vaillant.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('refuses to save an address under a name another entry already has, in French', async () => {
    const gare = (await list(alice)).items.find((a) => a.address === GARE.label) as SavedAddress;
    expect((await patch(alice, gare.id, { label: 'Rue Jules Guesde 93140 Bondy' })).status).toBe(200);
    const res = await alice.api('/api/addresses/saved', { method: 'POST', body: { ...GARE, label: 'Rue Jules Guesde 93140 Bondy' } });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe('Une autre de vos adresses porte ce nom\u00a0: renommez-la pour enregistrer celle-ci.');
    expect((await patch(alice, gare.id, { label: GARE.label })).status).toBe(200);
  });

  it('writes the radius of an unwatched address and the Paris day in the CSV', async () => {
    // 00:06 in Paris on 27/11/2026 is 23:06 UTC on the 26th.
    const [row] = await app.db.query<{ id: string }>(
      `INSERT INTO saved_addresses (user_id, label, address, lon, lat, created_at, watch_radius_m)
       VALUES ($1, 'Minuit', '1 Rue de Minuit 93140 Bondy', 2.48, 48.9, '2026-11-26T23:06:00Z', 200) RETURNING id`,
      [aliceId],
    );
    await patch(alice, row?.id as string, { tags: ['Minuit'] });
    const csv = new TextDecoder().decode(await (await alice.api('/api/addresses/saved.csv?tag=Minuit')).arrayBuffer());
    const cells = csv.split('\r\n')[1]?.split(';') ?? [];
    expect(cells[4]).toBe('Non surveillée');
    expect(cells[5]).toBe('200');
    expect(cells.at(-1)).toBe('27/11/2026');
    expect((await alice.api(`/api/addresses/saved/${row?.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('writes a name or a note that looks like a formula as text in the CSV', async () => {
    const trap = await save(bob, { label: HYPERLINK, lon: 2.48, lat: 48.9, insee: '93010' });
    expect((await patch(bob, trap.id, { notes: SUM, tags: ['Formules'] })).status).toBe(200);
    const csv = new TextDecoder().decode(await (await bob.api('/api/addresses/saved.csv?tag=Formules')).arrayBuffer());
    expect(formulaCells(csv)).toEqual([]);
    const [, line] = csvRows(csv);
    expect(line?.[0]).toBe(`'${HYPERLINK}`);
    expect(line).toContain(`'${SUM}`);
    expect(line).toContain('2,48');
    // Bob's list is as the later tests expect it.
    expect((await bob.api(`/api/addresses/saved/${trap.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
  });

  it('names the CSV file after the Paris day', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T23:06:00Z') });
    try {
      const res = await alice.api('/api/addresses/saved.csv');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="mes-adresses-2026-11-27.csv"');
    } finally {
      vi.useRealTimers();
    }
  });

  it('never lets another user read, change, watch nor delete an address', async () => {
    const path = `/api/addresses/saved/${carnot.id}`;
    expect((await bob.api(path)).status).toBe(404);
    for (const body of [{ label: 'Volée' }, { notes: 'x' }, { tags: ['x'] }, { watch: 'off' }, { watchRadiusM: 0 }]) {
      const res = await patch(bob, carnot.id, body);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe('Adresse introuvable.');
    }
    expect((await bob.api(path, { method: 'DELETE' })).status).toBe(404);
    const mine = savedAddressSchema.parse(await (await alice.api(path)).json());
    expect(mine).toMatchObject({ label: '139 av. Carnot (maison)', watch: 'weekly', watchRadiusM: 500, tags: ['Vendeur', 'Bondy'] });
    // Saving the same label is Bob's own address, not a way into Alice's.
    const bobs = await save(bob, { ...CARNOT, label: '139 av. Carnot (maison)' });
    expect(bobs.id).not.toBe(carnot.id);
    expect(bobs.notes).toBe('');
  });

  it('refuses changes without the CSRF token and signed-out reads', async () => {
    const res = await alice.api(`/api/addresses/saved/${carnot.id}`, { method: 'DELETE', headers: { 'x-csrf-token': 'faux' } });
    expect(res.status).toBe(403);
    expect((await fetch(`${app.url}/api/addresses/saved`)).status).toBe(401);
    expect((await fetch(`${app.url}/api/addresses/saved.csv`)).status).toBe(401);
  });

  it('stops at the per-user limit, with a French message, and still re-saves a known address', async () => {
    await app.db.query(
      `INSERT INTO saved_addresses (user_id, label, lon, lat)
       SELECT $1, 'Adresse n° ' || i, 2.48, 48.9 FROM generate_series(1, $2::int) AS i`,
      [aliceId, MAX_SAVED_ADDRESSES - 2],
    );
    expect((await list(alice)).items).toHaveLength(MAX_SAVED_ADDRESSES);
    const over = await alice.api('/api/addresses/saved', { method: 'POST', body: { ...GARE, label: 'Une adresse de trop' } });
    expect(over.status).toBe(409);
    expect((await over.json()).message).toBe(
      'Vous avez atteint la limite de 500 adresses enregistrées\u00a0: supprimez-en une pour en ajouter.',
    );
    await save(alice, GARE);
    expect((await list(alice)).items).toHaveLength(MAX_SAVED_ADDRESSES);

    // One place left, three saves at the same time: exactly one gets it.
    await app.db.query(`DELETE FROM saved_addresses WHERE user_id = $1 AND label = 'Adresse n° 1'`, [aliceId]);
    const racing = await Promise.all(
      [1, 2, 3].map((i) => alice.api('/api/addresses/saved', { method: 'POST', body: { ...GARE, label: `Adresse concurrente ${i}` } })),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await list(alice)).items).toHaveLength(MAX_SAVED_ADDRESSES);
  });

  it('deletes, then the account export carries notes, tags and watch, and account deletion removes the rest', async () => {
    const gare = (await list(alice)).items.find((a) => a.label === GARE.label) as SavedAddress;
    expect((await alice.api(`/api/addresses/saved/${gare.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await alice.api(`/api/addresses/saved/${gare.id}`, { method: 'DELETE' })).status).toBe(404);

    const exported = (await (await alice.api('/api/account/export')).json()) as { savedAddresses: Record<string, unknown>[] };
    expect(exported.savedAddresses).toHaveLength(MAX_SAVED_ADDRESSES - 1);
    expect(exported.savedAddresses.find((a) => a.label === '139 av. Carnot (maison)')).toMatchObject({
      notes: 'Vendeur à relancer',
      tags: ['Vendeur', 'Bondy'],
      watch: 'weekly',
      watchRadiusM: 500,
      idParcelle: CARNOT.idParcelle,
    });

    const del = await alice.api('/api/account', { method: 'DELETE', body: { password: PASSWORD } });
    expect(del.status, await del.clone().text()).toBeLessThan(300);
    const [left] = await app.db.query<{ mine: number; theirs: number }>(
      `SELECT count(*) FILTER (WHERE user_id = $1)::int AS mine, count(*) FILTER (WHERE user_id <> $1)::int AS theirs FROM saved_addresses`,
      [aliceId],
    );
    expect(left).toEqual({ mine: 0, theirs: 1 });
    expect((await list(bob)).items).toHaveLength(1);
  });
});
