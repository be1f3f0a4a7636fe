/** Prospecting lists over HTTP with two subscribers: lists, targets, CSV, letters PDF; neither sees the other's. */
import { addTargetResponseSchema, listsResponseSchema, targetsResponseSchema } from '@immoloupe/shared/prospecting/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createTestDb } from '../../test/db.js';
import { writeAgency } from '../estimates/queries.js';
import { ensureUsers, LAPSED, OTHER_SUBSCRIBER, type RouterServer, SUBSCRIBER, serveRouter } from '../market/test-support.js';
import { chromiumPath } from '../reports/pdf.js';
import { lettersHtml } from './letters.js';
import { prospectingRoutes } from './routes.js';

let db: Db;
let api: RouterServer;
let other: RouterServer;
let lapsed: RouterServer;
beforeAll(async () => {
  db = await createTestDb();
  await ensureUsers(db, [SUBSCRIBER, OTHER_SUBSCRIBER, LAPSED]);
  api = await serveRouter(prospectingRoutes({ db }), SUBSCRIBER);
  other = await serveRouter(prospectingRoutes({ db }), OTHER_SUBSCRIBER);
  lapsed = await serveRouter(prospectingRoutes({ db }), LAPSED);
});
afterAll(async () => {
  await Promise.all([api?.close(), other?.close(), lapsed?.close()]);
  await db?.close();
});

async function send(server: RouterServer, method: string, path: string, body?: unknown) {
  const res = await server.fetch(path, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

const dpe = { kind: 'dpe', ref: '2393E0000001A', label: 'DPE 2393E0000001A (classe G)', address: '12 Rue Jules Guesde, 93140 Bondy' };
const copro = { kind: 'copro', ref: 'AA1234567', label: 'Résidence Les Lilas', address: '3 Avenue Carnot, 93140 Bondy' };
const parcel = { kind: 'parcel', ref: '93010000AS0167', label: 'Parcelle AS 167', address: 'Bondy', ownerName: 'SCI DU MOULIN' };

describe('prospecting lists', () => {
  let listId = '';
  let targetId = '';

  it('is for subscribers', async () => {
    expect((await send(lapsed, 'GET', '/api/prospecting/lists')).status).toBe(403);
  });

  it('adds targets to a new list, then to the same list, once each', async () => {
    const first = await send(api, 'POST', '/api/prospecting/targets', { ...dpe, newListName: 'Passoires Bondy' });
    expect(first.status).toBe(201);
    const r = addTargetResponseSchema.parse(first.body);
    listId = r.list.id;
    targetId = r.target.id;
    expect(r.target).toMatchObject({ status: 'a_contacter', nextAction: null, notes: '', ownerName: null });
    expect((await send(api, 'POST', '/api/prospecting/targets', { ...copro, listId })).status).toBe(201);
    expect((await send(api, 'POST', '/api/prospecting/targets', { ...parcel, listId })).status).toBe(201);
    const again = await send(api, 'POST', '/api/prospecting/targets', { ...dpe, listId });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, target: { id: targetId } });
    // A new list of an existing name reuses it.
    expect((await send(api, 'POST', '/api/prospecting/targets', { ...dpe, newListName: 'Passoires Bondy' })).body).toMatchObject({
      created: false,
    });
    const lists = listsResponseSchema.parse((await send(api, 'GET', '/api/prospecting/lists')).body);
    expect(lists.lists).toEqual([expect.objectContaining({ name: 'Passoires Bondy', targets: 3 })]);
  });

  it('changes status, next action and notes; filters and sorts', async () => {
    const r = await send(api, 'PATCH', `/api/prospecting/targets/${targetId}`, {
      status: 'rendez_vous',
      nextAction: '2026-12-01',
      notes: 'Rappeler le syndic',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'rendez_vous', nextAction: '2026-12-01', notes: 'Rappeler le syndic' });
    const filtered = targetsResponseSchema.parse(
      (await send(api, 'GET', `/api/prospecting/lists/${listId}/targets?status=rendez_vous`)).body,
    );
    expect(filtered.targets.map((t) => t.ref)).toEqual([dpe.ref]);
    const byLabel = targetsResponseSchema.parse((await send(api, 'GET', `/api/prospecting/lists/${listId}/targets?sort=label`)).body);
    expect(byLabel.targets.map((t) => t.label)).toEqual([dpe.label, parcel.label, copro.label].sort());
    const byKind = targetsResponseSchema.parse((await send(api, 'GET', `/api/prospecting/lists/${listId}/targets?kind=copro`)).body);
    expect(byKind.targets.map((t) => t.ref)).toEqual([copro.ref]);
  });

  it('refuses bad input in French and changes nothing', async () => {
    for (const [path, body, message] of [
      [`/api/prospecting/targets/${targetId}`, { status: 'vendu' }, 'Statut inconnu.'],
      [`/api/prospecting/targets/${targetId}`, { nextAction: '01/12/2026' }, 'Date de prochaine action invalide (AAAA-MM-JJ attendu).'],
      [`/api/prospecting/lists/${listId}`, { letterBody: 'Bonjour {nom}' }, 'Champ de fusion inconnu dans la lettre\u00a0: {nom}.'],
    ] as const) {
      const r = await send(api, 'PATCH', path, body);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain(message);
    }
    const bad = await send(api, 'POST', '/api/prospecting/targets', { ...dpe, kind: 'voiture', listId });
    expect(bad.status).toBe(400);
    const t = targetsResponseSchema.parse((await send(api, 'GET', `/api/prospecting/lists/${listId}/targets`)).body);
    expect(t.targets.find((x) => x.id === targetId)).toMatchObject({ status: 'rendez_vous', nextAction: '2026-12-01' });
    expect(t.list.letterBody).toContain('{destinataire}');
    expect(t.list.syndicLetterBody).toContain('assemblée générale');
    expect(t.targets).toHaveLength(3);
  });

  it('keeps the syndics’ letter apart, checks its merge fields, and keeps it to its user', async () => {
    const body = 'Madame, Monsieur,\n\nLa copropriété {adresse}.\n\n{agence}';
    const bad = await send(api, 'PATCH', `/api/prospecting/lists/${listId}`, { syndicLetterBody: 'Bonjour {syndic}' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Champ de fusion inconnu dans la lettre aux syndics\u00a0: {syndic}.');
    expect((await send(other, 'PATCH', `/api/prospecting/lists/${listId}`, { syndicLetterBody: body })).status).toBe(404);
    const ok = await send(api, 'PATCH', `/api/prospecting/lists/${listId}`, { syndicLetterBody: body });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ syndicLetterBody: body, letterBody: expect.stringContaining('{destinataire}') });
    // Back to the default for the letters test below.
    await db.query('UPDATE prospecting_lists SET syndic_letter_body = NULL WHERE id = $1', [listId]);
  });

  it('keeps each user’s lists private', async () => {
    expect(listsResponseSchema.parse((await send(other, 'GET', '/api/prospecting/lists')).body).lists).toEqual([]);
    expect((await send(other, 'GET', `/api/prospecting/lists/${listId}/targets`)).status).toBe(404);
    expect((await send(other, 'PATCH', `/api/prospecting/targets/${targetId}`, { status: 'perdu' })).status).toBe(404);
    expect((await send(other, 'DELETE', `/api/prospecting/targets/${targetId}`)).status).toBe(404);
    expect((await send(other, 'PATCH', `/api/prospecting/lists/${listId}`, { name: 'À moi' })).status).toBe(404);
    expect((await send(other, 'POST', '/api/prospecting/targets', { ...dpe, listId })).status).toBe(404);
    expect((await send(other, 'DELETE', `/api/prospecting/lists/${listId}`)).status).toBe(404);
    // The other user's own list of the same name is theirs alone.
    expect((await send(other, 'POST', '/api/prospecting/lists', { name: 'Passoires Bondy' })).status).toBe(201);
    const mine = targetsResponseSchema.parse((await send(api, 'GET', `/api/prospecting/lists/${listId}/targets`)).body);
    expect(mine.list.name).toBe('Passoires Bondy');
    expect(mine.targets.find((x) => x.id === targetId)?.status).toBe('rendez_vous');
  });

  it('exports the list as a French CSV', async () => {
    const res = await api.fetch(`/api/prospecting/lists/${listId}/targets.csv?sort=label`);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    // fetch's text() drops the byte-order mark: decode it ourselves to see it.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith('\ufeffType;Référence;Libellé;Adresse;Personne morale;Statut;Prochaine action;Notes;Ajoutée le\r\n')).toBe(true);
    expect(text).toContain(
      'DPE;2393E0000001A;DPE 2393E0000001A (classe G);12 Rue Jules Guesde, 93140 Bondy;;Rendez-vous;01/12/2026;Rappeler le syndic;',
    );
    expect(text.trim().split('\r\n')).toHaveLength(4);
  });

  it('prints one letter per target with the agency and a fitting salutation', async () => {
    const t = targetsResponseSchema.parse((await send(api, 'GET', `/api/prospecting/lists/${listId}/targets?sort=label`)).body);
    const html = lettersHtml(
      t.targets,
      { owner: t.list.letterBody, syndic: t.list.syndicLetterBody },
      { name: 'Agence <du> Nord', contact: '1 Rue A\n75018 Paris', logo: null },
      new Date('2026-11-21T10:00:00Z'),
    );
    expect(html.match(/class="letter"/g)).toHaveLength(3);
    expect(html).toContain('Agence &lt;du&gt; Nord');
    // The syndic gets the syndic's letter, the owners theirs.
    expect(html).not.toContain('Au syndic de la copropriété Résidence Les Lilas,');
    const letters = html.split('class="letter"').slice(1);
    const syndic = letters.filter((l) => l.includes('Syndic de la copropriété Résidence Les Lilas'));
    expect(syndic).toHaveLength(1);
    expect(syndic[0]).toContain('dont vous assurez la gestion');
    expect(syndic[0]).not.toContain('Votre bien situé');
    expect(letters.filter((l) => l.includes('Votre bien situé'))).toHaveLength(2);
    expect(html).toContain('À l’attention de SCI DU MOULIN,');
    expect(html).toContain('Madame, Monsieur le Propriétaire,');
    expect(html).toContain('Le 21/11/2026');
    expect(html).toContain('12 Rue Jules Guesde, 93140 Bondy');
    // Printed with nothing fetched: only its inline style and data: images are allowed.
    expect(html).toContain(`content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"`);

    const noAgency = await send(api, 'GET', `/api/prospecting/lists/${listId}/letters.pdf`);
    expect(noAgency.status).toBe(400);
    expect(noAgency.body.message).toContain('nom de votre agence');
  });

  it.skipIf(chromiumPath() === null)('downloads the letters as a PDF, one page per target', { timeout: 60_000 }, async () => {
    await writeAgency(db, SUBSCRIBER.id, { name: 'Agence du Nord', contact: '1 Rue A' });
    const res = await api.fetch(`/api/prospecting/lists/${listId}/letters.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(3);
  });

  it('deletes targets and lists', async () => {
    expect((await send(api, 'DELETE', `/api/prospecting/targets/${targetId}`)).status).toBe(204);
    expect((await send(api, 'DELETE', `/api/prospecting/lists/${listId}`)).status).toBe(204);
    expect(listsResponseSchema.parse((await send(api, 'GET', '/api/prospecting/lists')).body).lists).toEqual([]);
    expect(listsResponseSchema.parse((await send(other, 'GET', '/api/prospecting/lists')).body).lists).toHaveLength(1);
  });
});
