/** Prospecting lists over HTTP with two subscribers: lists, targets, CSV, letters PDF; neither sees the other's. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  addTargetResponseSchema,
  addTargetsResponseSchema,
  listsResponseSchema,
  type ProspectingList,
  prospectingListSchema,
  targetsResponseSchema,
} from '@immoloupe/shared/prospecting/contracts';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { csvRows, formulaCells, HYPERLINK, SUM } from '../../test/csv-formulas.js';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import { writeAgency } from '../estimates/queries.js';
import { LAPSED, type RouterServer, SUBSCRIBER } from '../market/test-support.js';
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
setUpTwoSubscribers(
  (db) => prospectingRoutes({ db }),
  { users: [LAPSED] },
  async (set) => {
    ({ db, api, other } = set);
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
    lapsed = await set.serve(LAPSED);
  },
);

async function send(server: RouterServer, method: string, path: string, body?: unknown) {
  const res = await server.fetch(path, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

const lettersOf = (l: ProspectingList) => ({
  owner: { subject: l.letterSubject, body: l.letterBody },
  syndic: { subject: l.syndicLetterSubject, body: l.syndicLetterBody },
});

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

  it('writes a label, an address or a note that looks like a formula as text in the CSV', async () => {
    const added = addTargetResponseSchema.parse(
      (await send(other, 'POST', '/api/prospecting/targets', { ...copro, label: HYPERLINK, address: SUM, newListName: 'Formules' })).body,
    );
    expect((await send(other, 'PATCH', `/api/prospecting/targets/${added.target.id}`, { notes: '@SUM(A1)' })).status).toBe(200);
    const text = await (await other.fetch(`/api/prospecting/lists/${added.list.id}/targets.csv`)).text();
    expect(formulaCells(text)).toEqual([]);
    expect(csvRows(text)[1]?.slice(2, 4)).toEqual([`'${HYPERLINK}`, `'${SUM}`]);
    expect(csvRows(text)[1]?.[7]).toBe("'@SUM(A1)");
    // The other user's lists as the later tests expect them.
    expect((await send(other, 'DELETE', `/api/prospecting/lists/${added.list.id}`)).status).toBeLessThan(300);
  });

  it('prints one letter per target with the agency and a fitting salutation', async () => {
    const t = targetsResponseSchema.parse((await send(api, 'GET', `/api/prospecting/lists/${listId}/targets?sort=label`)).body);
    const html = lettersHtml(
      t.targets,
      lettersOf(t.list),
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
    // The « Objet » line follows the date (NF Z11-001), filled for each reader; the body is not justified.
    expect(html).toContain(
      '<p class="date">Paris, le 21 novembre 2026</p>\n  <p class="subject"><strong>Objet\u00a0:</strong> votre bien situé 12 Rue Jules Guesde 93140 Bondy</p>',
    );
    expect(html).toContain('<strong>Objet\u00a0:</strong> la copropriété Résidence Les Lilas</p>');
    expect(html).toContain('.body p { line-height: 1.5; margin: 0 0 4mm; text-align: left; }');
    expect(html).not.toContain('justify');
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
      lettersOf(t.list),
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

describe('adding a page of results at once', () => {
  const row = (n: number) => ({
    kind: 'copro',
    ref: `AA00000${String(n).padStart(2, '0')}`,
    label: `Copro ${n}`,
    address: `${n} Rue Jules Guesde, 93140 Bondy`,
  });
  const targetsOf = async (server: RouterServer, id: string) =>
    targetsResponseSchema.parse((await send(server, 'GET', `/api/prospecting/lists/${id}/targets`)).body).targets;

  it('adds the rows to a new list in one call, then tells apart those already there', async () => {
    const first = await send(api, 'POST', '/api/prospecting/targets/bulk', {
      newListName: 'Copros Bondy',
      // The same row twice in one call goes in once.
      targets: [row(1), row(2), row(3), row(1)],
    });
    expect(first.status).toBe(201);
    const r = addTargetsResponseSchema.parse(first.body);
    expect(r).toMatchObject({ added: 3, alreadyPresent: 0, list: { name: 'Copros Bondy', targets: 3 } });
    const again = await send(api, 'POST', '/api/prospecting/targets/bulk', {
      listId: r.list.id,
      targets: [row(2), row(3), row(4), { ...row(5), ownerName: ' SCI DU MOULIN ' }],
    });
    expect(again.status).toBe(201);
    expect(addTargetsResponseSchema.parse(again.body)).toMatchObject({ added: 2, alreadyPresent: 2, list: { targets: 5 } });
    const none = await send(api, 'POST', '/api/prospecting/targets/bulk', { listId: r.list.id, targets: [row(4)] });
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ added: 0, alreadyPresent: 1 });
    const saved = await targetsOf(api, r.list.id);
    expect(saved.map((t) => t.ref)).toEqual([1, 2, 3, 4, 5].map((n) => row(n).ref));
    expect(saved.find((t) => t.ref === row(5).ref)).toMatchObject({ ownerName: 'SCI DU MOULIN', status: 'a_contacter' });
    // A new list of a name the user already has is that list.
    const byName = await send(api, 'POST', '/api/prospecting/targets/bulk', { newListName: 'Copros Bondy', targets: [row(6)] });
    expect(byName.body).toMatchObject({ added: 1, list: { id: r.list.id, targets: 6 } });
  });

  it('never adds to another user’s list, and answers as for a list that does not exist', async () => {
    const mine = listsResponseSchema
      .parse((await send(api, 'GET', '/api/prospecting/lists')).body)
      .lists.find((l) => l.name === 'Copros Bondy');
    if (!mine) throw new Error('no list');
    const theirs = await send(other, 'POST', '/api/prospecting/targets/bulk', { listId: mine.id, targets: [row(7), row(8)] });
    const missing = await send(other, 'POST', '/api/prospecting/targets/bulk', {
      listId: '00000000-0000-4000-8000-00000000dead',
      targets: [row(7), row(8)],
    });
    expect(theirs.status).toBe(404);
    expect(theirs).toEqual(missing);
    expect(theirs.body.message).toBe('Cette liste de prospection n’existe pas ou ne vous appartient pas.');
    expect((await targetsOf(api, mine.id)).map((t) => t.ref)).not.toContain(row(7).ref);
    // The other user's list of the same name is their own, and leaves the first user's alone.
    const own = addTargetsResponseSchema.parse(
      (await send(other, 'POST', '/api/prospecting/targets/bulk', { newListName: 'Copros Bondy', targets: [row(1), row(7)] })).body,
    );
    expect(own).toMatchObject({ added: 2, alreadyPresent: 0, list: { targets: 2 } });
    expect(own.list.id).not.toBe(mine.id);
    expect(await targetsOf(api, mine.id)).toHaveLength(6);
    expect((await send(other, 'GET', `/api/prospecting/lists/${mine.id}/targets`)).status).toBe(404);
    expect((await send(lapsed, 'POST', '/api/prospecting/targets/bulk', { listId: mine.id, targets: [row(9)] })).status).toBe(403);
  });

  it('refuses more than 500 rows, none, or a bad one, in French, and adds nothing', async () => {
    const mine = listsResponseSchema
      .parse((await send(api, 'GET', '/api/prospecting/lists')).body)
      .lists.find((l) => l.name === 'Copros Bondy');
    if (!mine) throw new Error('no list');
    const many = Array.from({ length: 501 }, (_, i) => ({ ...row(0), ref: `BB${i}` }));
    for (const [body, message] of [
      [{ listId: mine.id, targets: many }, '500 cibles au plus par ajout.'],
      [{ listId: mine.id, targets: [] }, 'Sélectionnez au moins une cible.'],
      [{ listId: mine.id, targets: [row(10), { ...row(11), kind: 'voiture' }] }, 'Type de cible inconnu'],
      [{ targets: [row(10)] }, 'Choisissez une liste existante ou donnez le nom d’une nouvelle liste.'],
    ] as const) {
      const r = await send(api, 'POST', '/api/prospecting/targets/bulk', body);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain(message);
    }
    expect(await targetsOf(api, mine.id)).toHaveLength(6);
    // 500 is allowed, in one call.
    const five = await send(api, 'POST', '/api/prospecting/targets/bulk', { listId: mine.id, targets: many.slice(0, 500) });
    expect(five.body).toMatchObject({ added: 500, alreadyPresent: 0, list: { targets: 506 } });
    expect((await send(api, 'DELETE', `/api/prospecting/lists/${mine.id}`)).status).toBe(204);
  });
});

describe('the « Objet » line of the letters', () => {
  it('is saved with the list, its merge fields checked, and kept to its user', async () => {
    const created = await send(api, 'POST', '/api/prospecting/lists', { name: 'Objets' });
    const list = prospectingListSchema.parse(created.body);
    expect(list).toMatchObject({ letterSubject: 'votre bien situé {adresse}', syndicLetterSubject: 'la copropriété {copropriete}' });
    const bad = await send(api, 'PATCH', `/api/prospecting/lists/${list.id}`, { letterSubject: 'Votre bien {nom}' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Champ de fusion inconnu dans l’objet de la lettre\u00a0: {nom}.');
    const twoLines = await send(api, 'PATCH', `/api/prospecting/lists/${list.id}`, { syndicLetterSubject: 'Votre\nimmeuble' });
    expect(twoLines.status).toBe(400);
    expect(JSON.stringify(twoLines.body)).toContain('une seule ligne');
    expect((await send(other, 'PATCH', `/api/prospecting/lists/${list.id}`, { letterSubject: 'À moi' })).status).toBe(404);
    const ok = await send(api, 'PATCH', `/api/prospecting/lists/${list.id}`, {
      letterSubject: 'estimation de votre bien, {adresse}',
      syndicLetterSubject: '',
    });
    expect(ok.status).toBe(200);
    const again = listsResponseSchema.parse((await send(api, 'GET', '/api/prospecting/lists')).body).lists.find((l) => l.id === list.id);
    expect(again).toMatchObject({
      letterSubject: 'estimation de votre bien, {adresse}',
      syndicLetterSubject: '',
      letterBody: expect.any(String),
    });
    expect((await send(api, 'DELETE', `/api/prospecting/lists/${list.id}`)).status).toBe(204);
  });

  it.skipIf(chromiumPath() === null)('is printed after the date in the downloaded letters', { timeout: 60_000 }, async () => {
    await writeAgency(db, SUBSCRIBER.id, { name: 'Agence du Nord', contact: '1 Rue A' });
    const r = addTargetsResponseSchema.parse(
      (await send(api, 'POST', '/api/prospecting/targets/bulk', { newListName: 'Lettres avec objet', targets: [dpe, copro] })).body,
    );
    const patched = await send(api, 'PATCH', `/api/prospecting/lists/${r.list.id}`, {
      letterSubject: 'estimation de votre bien, {adresse}',
    });
    expect(patched.status).toBe(200);
    const res = await api.fetch(`/api/prospecting/lists/${r.list.id}/letters.pdf`);
    expect(res.status).toBe(200);
    const printed = pdfLines(Buffer.from(await res.arrayBuffer()))?.map((l) => l.replace(/\u00a0/g, ' '));
    if (!printed) return;
    const subject = printed.indexOf('Objet : estimation de votre bien, 12 Rue Jules Guesde 93140 Bondy');
    const date = printed.findIndex((l) => /^Le \d/.test(l));
    expect(date).toBeGreaterThan(-1);
    expect(subject).toBeGreaterThan(date);
    expect(subject).toBeLessThan(printed.indexOf('Madame, Monsieur le Propriétaire,'));
    // The syndic's letter keeps the default subject.
    expect(printed).toContain('Objet : la copropriété Résidence Les Lilas');
    expect((await send(api, 'DELETE', `/api/prospecting/lists/${r.list.id}`)).status).toBe(204);
  });
});
