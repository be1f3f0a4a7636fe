/** Prospecting lists over HTTP with two subscribers: lists, targets, CSV, letters PDF; neither sees the other's. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addTargetResponseSchema, listsResponseSchema, targetsResponseSchema } from '@immoloupe/shared/prospecting/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createTestDb } from '../../test/db.js';
import { writeAgency } from '../estimates/queries.js';
import { ensureUsers, LAPSED, OTHER_SUBSCRIBER, type RouterServer, SUBSCRIBER, serveRouter } from '../market/test-support.js';
import { chromiumPath } from '../reports/pdf.js';
import { lettersHtml } from './letters.js';
import { prospectingRoutes } from './routes.js';

/** The PDF's lines as pdftotext lays them out, trimmed; null without pdftotext. */
function pdfLines(pdf: Buffer): string[] | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'lettres-'));
  const file = path.join(dir, 'lettres.pdf');
  writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
      .split('\n')
      .map((l) => l.trim().replace(/\s{2,}.*$/, ''));
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let db: Db;
let api: RouterServer;
let other: RouterServer;
let lapsed: RouterServer;
beforeAll(async () => {
  db = await createTestDb();
  await ensureUsers(db, [SUBSCRIBER, OTHER_SUBSCRIBER, LAPSED]);
  // The RNIC's « SDC COTE JARDIN » and a DPE of Flers whose flat the diagnostician typed apart.
  await db.query(
    `INSERT INTO copros (numero_immatriculation, type_syndic, raison_sociale_syndic, commune_syndic, nom_usage, adresse_reference,
                         numero_et_voie, code_postal, commune, import_run_id)
     VALUES ('AA1825017', 'professionnel', 'ATM SARL', 'BONDY', 'SDC COTE JARDIN', '17 r louis auguste blanqui 93140 BONDY',
             '17 r louis auguste blanqui', '93140', 'BONDY', 0)`,
  );
  await db.query(
    `INSERT INTO dpe (numero_dpe, modele, date_etablissement, adresse_ban, numero_voie_ban, nom_rue_ban, code_postal_ban, nom_commune_ban,
                      complement_adresse_logement, numero_etage_appartement, import_run_id)
     VALUES ('2461E1419727J', 'existant', '2024-04-17', '69 Rue du Mont Saint Michel 61100 Flers', '69', 'Rue du Mont Saint Michel',
             '61100', 'Flers', 'APP 1/69', 0, 0)`,
  );
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
    // Added at 00:30 in Paris on 27/11: that is its day, though UTC still says the 26th.
    await db.query(`UPDATE prospecting_targets SET created_at = '2026-11-26T23:30:00Z' WHERE id = $1`, [targetId]);
    const res = await api.fetch(`/api/prospecting/lists/${listId}/targets.csv?sort=label`);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    // fetch's text() drops the byte-order mark: decode it ourselves to see it.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith('\ufeffType;Référence;Libellé;Adresse;Personne morale;Statut;Prochaine action;Notes;Ajoutée le\r\n')).toBe(true);
    expect(text).toContain(
      'DPE;2393E0000001A;DPE 2393E0000001A (classe G);12 Rue Jules Guesde, 93140 Bondy;;Rendez-vous;01/12/2026;Rappeler le syndic;27/11/2026\r\n',
    );
    expect(text.trim().split('\r\n')).toHaveLength(4);
    // Named after the list, not its internal id.
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="prospection-passoires-bondy.csv"');
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
    // A business letter's date, in words, from the agency's town.
    expect(html).toContain('<p class="date">Paris, le 21 novembre 2026</p>');
    expect(html).not.toContain('21/11/2026');
    // A DPE no longer imported: its address split from the one the target kept.
    expect(html).toContain('<div>12 Rue Jules Guesde</div><div>93140 BONDY</div>');
    expect(html).toContain('situé 12 Rue Jules Guesde 93140 Bondy a retenu');
    // Printed with nothing fetched: only its inline style and data: images are allowed.
    expect(html).toContain(`content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"`);

    const noAgency = await send(api, 'GET', `/api/prospecting/lists/${listId}/letters.pdf`);
    expect(noAgency.status).toBe(400);
    expect(noAgency.body.message).toContain('nom de votre agence');
  });

  it('addresses each letter as La Poste reads it, and a syndic by the name the RNIC gives', async () => {
    const flers = {
      kind: 'dpe',
      ref: '2461E1419727J',
      label: 'DPE F — 69 Rue du Mont Saint Michel 61100 Flers, APP 1/69, rez-de-chaussée',
      address: '69 Rue du Mont Saint Michel 61100 Flers, APP 1/69, rez-de-chaussée',
    };
    const cote = { kind: 'copro', ref: 'AA1825017', label: 'SDC COTE JARDIN', address: '17 r louis auguste blanqui 93140 BONDY' };
    const mine = addTargetResponseSchema.parse(
      (await send(api, 'POST', '/api/prospecting/targets', { ...flers, newListName: 'Flers' })).body,
    );
    await send(api, 'POST', '/api/prospecting/targets', { ...cote, listId: mine.list.id });
    // The other user's own target of the same co-ownership reads the same register, in their own list only.
    const theirs = addTargetResponseSchema.parse(
      (await send(other, 'POST', '/api/prospecting/targets', { ...cote, newListName: 'Syndics' })).body,
    );
    expect(theirs.target).toMatchObject({ syndicName: 'ATM SARL', listId: theirs.list.id });
    expect((await send(other, 'GET', `/api/prospecting/lists/${mine.list.id}/targets`)).status).toBe(404);

    const t = targetsResponseSchema.parse((await send(api, 'GET', `/api/prospecting/lists/${mine.list.id}/targets`)).body);
    expect(t.targets.map((x) => x.ref)).toEqual([flers.ref, cote.ref]);
    expect(t.targets[0]?.postal).toEqual({
      street: '69 Rue du Mont Saint Michel',
      postcode: '61100',
      town: 'Flers',
      complement: 'APP 1/69, rez-de-chaussée',
    });
    const html = lettersHtml(
      t.targets,
      { owner: t.list.letterBody, syndic: t.list.syndicLetterBody },
      { name: 'Agence du Canal', contact: '12 rue Jules Guesde\n93140 BONDY', logo: null },
      new Date('2026-11-27T10:00:00Z'),
    );
    const [dpeLetter, syndicLetter] = html.split('class="letter"').slice(1);
    // One item a line, the complement above the street, postcode and TOWN alone on the last.
    expect(dpeLetter).toContain(
      '<div class="recipient"><div>Madame, Monsieur le Propriétaire</div><div>App. 1/69, rez-de-chaussée</div><div>69 Rue du Mont Saint Michel</div><div>61100 FLERS</div></div>',
    );
    // The complement is not title-cased in the body.
    expect(dpeLetter).toContain('Votre bien situé 69 Rue du Mont Saint Michel 61100 Flers, App. 1/69, rez-de-chaussée a retenu');
    expect(syndicLetter).toContain(
      '<div class="recipient"><div>ATM SARL</div><div>Syndic de la copropriété Cote Jardin</div><div>17 Rue Louis Auguste Blanqui</div><div>93140 BONDY</div></div>',
    );
    expect(syndicLetter).not.toContain('SDC');
    expect(html).toContain('Bondy, le 27 novembre 2026');
    expect((await send(api, 'DELETE', `/api/prospecting/lists/${mine.list.id}`)).status).toBe(204);
    expect((await send(other, 'DELETE', `/api/prospecting/lists/${theirs.list.id}`)).status).toBe(204);
  });

  it.skipIf(chromiumPath() === null)('downloads the letters as a PDF, one page per target', { timeout: 60_000 }, async () => {
    await writeAgency(db, SUBSCRIBER.id, { name: 'Agence du Nord', contact: '1 Rue A' });
    const res = await api.fetch(`/api/prospecting/lists/${listId}/letters.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(3);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="lettres-prospection-passoires-bondy.pdf"');
    // As printed: each item of the recipient block on a line of its own, none wrapped.
    const printed = pdfLines(Buffer.from(pdf, 'latin1'));
    if (printed) {
      expect(printed).toContain('Syndic de la copropriété Résidence Les Lilas');
      expect(printed).toContain('93140 BONDY');
      expect(printed).toContain('12 Rue Jules Guesde');
    }
  });

  it('deletes targets and lists', async () => {
    expect((await send(api, 'DELETE', `/api/prospecting/targets/${targetId}`)).status).toBe(204);
    expect((await send(api, 'DELETE', `/api/prospecting/lists/${listId}`)).status).toBe(204);
    expect(listsResponseSchema.parse((await send(api, 'GET', '/api/prospecting/lists')).body).lists).toEqual([]);
    expect(listsResponseSchema.parse((await send(other, 'GET', '/api/prospecting/lists')).body).lists).toHaveLength(1);
  });
});
