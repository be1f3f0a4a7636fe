/**
 * The Paris 18e owners sample (cadastre 2025 + DGFiP personnes morales), issue 39.
 *
 * Postal addresses (point 7): the BAN of Paris is not imported, so each parcel's address comes from
 * the owners file (`N° voirie`, `Nature voie`, `Nom voie`), in the search's « Adresse » column, on
 * the sheet, and in a letter to the owning company.
 *
 * Private persons never shown (point 8). The Paris 18e owners sample names 24 people
 * (« MR ADRIEN SEKALI », « MADAME GROSSET »…), volunteer syndics and managers mostly. After the
 * import, every output that carries owners — the parcel sheet (API), the parcel search and its
 * owners column, prospecting targets, their CSV and their letters — is scanned for each of them,
 * and none is found; the rows keep their role and read « personne physique — nom non affiché ».
 * The migration's SQL rule (rows imported before it) agrees with the importer's on every row.
 */
import { readFileSync } from 'node:fs';
import { streetKey } from '@immoloupe/shared/address-display';
import { NATURAL_PERSON_NOTICE, readsAsNaturalPerson } from '@immoloupe/shared/owners/natural-person.logic';
import { parcelSheetSchema } from '@immoloupe/shared/parcels/sheet-contracts';
import { addTargetsResponseSchema, targetsResponseSchema } from '@immoloupe/shared/prospecting/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { SAMPLES } from '../../importers/test-samples.js';
import { createTestDb } from '../../test/db.js';
import { ensureUsers, importSamples, type RouterServer, SUBSCRIBER, samplePath, serveRouter } from '../market/test-support.js';
import { lettersHtml } from '../prospecting/letters.js';
import { prospectingRoutes } from '../prospecting/routes.js';
import { parcelRoutes } from './routes.js';

interface Row {
  id: string;
  section: string;
  numero: string;
  droit: string;
  form: string;
  name: string;
}

/** The sample's rows, read apart from the importer: parcel id as its provenance documents it. */
const ROWS: Row[] = readFileSync(SAMPLES.personnesMoralesParis18, 'utf8')
  .split('\n')
  .slice(1)
  .filter((l) => l.trim() !== '')
  .map((l) => {
    const f = l.split(';');
    const section = (f[5] ?? '').trim().padStart(2, '0');
    return {
      id: `75118${(f[4] ?? '').padStart(3, '0')}${section}${f[6]}`,
      section,
      numero: String(Number(f[6])),
      droit: (f[17] ?? '').slice(0, 1),
      form: f[21] ?? '',
      name: f[23] ?? '',
    };
  });
/** The 24 rows the issue counts: a civility first. */
const PEOPLE = ROWS.filter((r) => /^(MR|MME|MADAME|MONSIEUR|MLLE) /.test(r.name));
/**
 * What must not appear: the whole name, and the name without its civility when it is more than one
 * word (« ADRIEN SEKALI », « Adrien Sekali »): « ARISTIDE » alone is also a SCI and a street.
 */
const NEEDLES = [...new Set(PEOPLE.flatMap((r) => [r.name, r.name.replace(/^\S+\s+/, '')]))].filter((n) => n.includes(' '));

function leaks(text: string): string[] {
  const folded = text.toUpperCase();
  return NEEDLES.filter((n) => folded.includes(n));
}

let db: Db;
let parcels: RouterServer;
let prospecting: RouterServer;
beforeAll(async () => {
  db = await createTestDb();
  await ensureUsers(db, [SUBSCRIBER]);
  for (const f of [SAMPLES.cadastreParis18_2025, SAMPLES.personnesMoralesParis18]) await importSamples(db, [f.replace(samplePath(''), '')]);
  parcels = await serveRouter(parcelRoutes({ db }), SUBSCRIBER);
  prospecting = await serveRouter(prospectingRoutes({ db }), SUBSCRIBER);
}, 180_000);
afterAll(async () => {
  await Promise.all([parcels?.close(), prospecting?.close()]);
  await db?.close();
});

describe('natural persons of the Paris 18e owners sample', () => {
  it('are the 24 rows the issue counts, « MR ADRIEN SEKALI » among them', () => {
    expect(PEOPLE).toHaveLength(24);
    expect(NEEDLES).toContain('MR ADRIEN SEKALI');
    expect(NEEDLES).toContain('ADRIEN SEKALI');
    for (const r of PEOPLE) expect(readsAsNaturalPerson(r.name, r.form)).toBe(true);
  });

  it('are stored neither by name nor by SIREN', async () => {
    const rows = await db.query<{ denomination: string | null; siren: string | null; natural_person: boolean }>(
      `SELECT denomination, siren, natural_person FROM parcel_owners`,
    );
    expect(leaks(JSON.stringify(rows))).toEqual([]);
    const hidden = ROWS.filter((r) => readsAsNaturalPerson(r.name, r.form));
    // Rows repeated per tax subdivision are kept once: at least one row a person, none named.
    expect(rows.filter((r) => r.natural_person).length).toBeGreaterThanOrEqual(new Set(hidden.map((r) => `${r.id}${r.droit}`)).size);
    expect(rows.filter((r) => r.natural_person && (r.denomination !== null || r.siren !== null))).toEqual([]);
  });

  it('show their role on the parcel sheet, never their name', async () => {
    for (const r of PEOPLE) {
      const res = await parcels.fetch(`/api/parcels/${r.id}`);
      const text = await res.text();
      expect(res.status, r.id).toBe(200);
      expect(leaks(text), r.id).toEqual([]);
      const sheet = parcelSheetSchema.parse(JSON.parse(text));
      const role = r.droit === 'S' ? 'Syndic bénévole' : r.droit === 'G' ? 'Gérant' : 'Propriétaire';
      expect(sheet.owners, r.id).toContainEqual(
        expect.objectContaining({ name: NATURAL_PERSON_NOTICE, naturalPerson: true, right: role, siren: null }),
      );
    }
    // A company on the same sheets keeps its name: « ENEDIS » on CF 104.
    const enedis = parcelSheetSchema.parse(await (await parcels.fetch('/api/parcels/75118000CF0104')).json());
    expect(enedis.owners).toContainEqual(expect.objectContaining({ name: 'ENEDIS', naturalPerson: false, siren: '444608442' }));
  });

  it('are neither listed nor searchable in the parcel search', async () => {
    for (const r of PEOPLE) {
      const res = await parcels.fetch(`/api/parcels?commune=75118&section=${r.section}&numero=${r.numero}`);
      const text = await res.text();
      expect(res.status).toBe(200);
      expect(leaks(text), r.id).toEqual([]);
      const body = JSON.parse(text) as { owners: Record<string, string[]> };
      expect(
        body.owners[r.id]?.some((n) => n.endsWith(NATURAL_PERSON_NOTICE)),
        r.id,
      ).toBe(true);
    }
    for (const term of ['SEKALI', 'GROSSET', 'MR ', 'MADAME']) {
      const res = await parcels.fetch(`/api/parcels?commune=75118&owner=${encodeURIComponent(term)}&limit=500`);
      const text = await res.text();
      expect(leaks(text), term).toEqual([]);
    }
    // « SCI SEKALI-GUYNEMER » (AY 20) is a company: found; the syndic bénévole of AY 37 is not.
    const byName = (await (await parcels.fetch('/api/parcels?commune=75118&owner=SEKALI')).json()) as { parcels: { id: string }[] };
    expect(byName.parcels.map((p) => p.id)).toEqual(['75118000AY0020']);
  });

  it('never reach a prospecting target, its CSV or its letter, even when a client sends the name', async () => {
    const sekali = PEOPLE.find((r) => r.name === 'MR ADRIEN SEKALI') as Row;
    const targets = PEOPLE.map((r, i) => ({
      kind: 'parcel' as const,
      ref: r.id,
      label: `Parcelle ${r.section} ${r.numero}`,
      address: 'Paris 18e Arrondissement',
      // What the sheet gives, and what an old page or another client might still send.
      ownerName: i % 2 === 0 ? `${r.droit === 'S' ? 'Syndic bénévole' : 'Gérant'}, ${NATURAL_PERSON_NOTICE}` : r.name,
    }));
    const res = await prospecting.fetch('/api/prospecting/targets/bulk', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ newListName: 'Paris 18e', targets }),
    });
    expect(res.status).toBe(201);
    const { list } = addTargetsResponseSchema.parse(await res.json());
    const single = await prospecting.fetch('/api/prospecting/targets', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        listId: list.id,
        kind: 'address',
        ref: 'x',
        label: 'Adresse',
        address: '1 Rue Ordener',
        ownerName: sekali.name,
      }),
    });
    expect(single.status).toBe(201);
    const json = await (await prospecting.fetch(`/api/prospecting/lists/${list.id}/targets`)).text();
    expect(leaks(json)).toEqual([]);
    const listed = targetsResponseSchema.parse(JSON.parse(json));
    expect(listed.targets).toHaveLength(25);
    expect(listed.targets.every((t) => t.ownerName === null)).toBe(true);
    const csv = await (await prospecting.fetch(`/api/prospecting/lists/${list.id}/targets.csv`)).text();
    expect(csv).toContain('Parcelle');
    expect(leaks(csv)).toEqual([]);
    const html = lettersHtml(
      listed.targets,
      {
        owner: { subject: listed.list.letterSubject, body: listed.list.letterBody },
        syndic: { subject: listed.list.syndicLetterSubject, body: listed.list.syndicLetterBody },
      },
      { name: 'Agence du Nord', contact: '1 Rue A\n75018 Paris', logo: null },
      new Date('2026-12-02T10:00:00Z'),
    );
    expect(html.match(/class="letter"/g)).toHaveLength(25);
    expect(leaks(html)).toEqual([]);
    const stored = await db.query<{ owner_name: string | null }>(`SELECT owner_name FROM prospecting_targets`);
    expect(stored.every((t) => t.owner_name === null)).toBe(true);
  });

  it('are found by the migration’s SQL rule exactly as by the importer’s', async () => {
    const names = [...new Map(ROWS.map((r) => [`${r.form}|${r.name}`, r])).values()];
    const extra = [
      ['M N B', '6540'],
      ['MESSIEURS BOULARD ET COMPAGNIE', '5710'],
      ['S A R L INTEREY', '9900'],
      ['Mme Élodie Durand', null],
      ['INDIVISION ZERROUK', '2110'],
      ['', '9900'],
    ] as const;
    const cases = [...names.map((r) => [r.name, r.form] as const), ...extra];
    const rows = await db.query<{ i: number; hidden: boolean }>(
      `SELECT i::int, owner_reads_as_natural_person(n, f) AS hidden FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS u(n, f, i) ORDER BY i`,
      [cases.map((c) => c[0]), cases.map((c) => c[1])],
    );
    const sql = rows.map((r) => r.hidden);
    expect(sql).toEqual(cases.map(([n, f]) => readsAsNaturalPerson(n, f)));
    expect(sql.filter(Boolean).length).toBeGreaterThan(24);
  });
});

/** The sample's address of each parcel, recounted apart: the first row with a street, a number first. */
function sampleAddresses(): Map<string, string> {
  const byParcel = new Map<string, { numero: string; nature: string; nom: string }[]>();
  for (const l of readFileSync(SAMPLES.personnesMoralesParis18, 'utf8').split('\n').slice(1)) {
    const f = l.split(';');
    if (!f[12]?.trim()) continue;
    const id = `75118${(f[4] ?? '').padStart(3, '0')}${(f[5] ?? '').trim().padStart(2, '0')}${f[6]}`;
    const list = byParcel.get(id) ?? [];
    const bis = ({ B: 'bis', T: 'ter', Q: 'quater' } as Record<string, string>)[f[8] ?? ''];
    list.push({ numero: `${Number(f[7] ?? '0')}${bis ? ` ${bis}` : ''}`, nature: f[11] ?? '', nom: f[12] ?? '' });
    byParcel.set(id, list);
  }
  const out = new Map<string, string>();
  for (const [id, list] of byParcel) {
    const a = list.find((x) => !x.numero.startsWith('0')) ?? (list[0] as (typeof list)[number]);
    out.set(id, `${a.numero.startsWith('0') ? '' : `${a.numero} `}${a.nature} ${a.nom}`);
  }
  return out;
}

describe('postal addresses of the Paris 18e parcels', () => {
  it('fill the search’s « Adresse » column from the owners file', async () => {
    const expected = sampleAddresses();
    const body = (await (await parcels.fetch('/api/parcels?commune=75118&limit=500')).json()) as {
      parcels: { id: string }[];
      addresses: Record<string, string>;
    };
    expect(body.parcels).toHaveLength(500);
    const withOwnerStreet = body.parcels.filter((p) => expected.has(p.id));
    expect(withOwnerStreet.length).toBeGreaterThan(100);
    for (const p of withOwnerStreet) {
      const label = body.addresses[p.id] ?? '';
      expect(label, p.id).toMatch(/, 75018 Paris$/);
      // The same number and street, the road type spelt out (« VLA » → « Villa »).
      expect(streetKey(label.replace(/, 75018 Paris$/, '')), p.id).toBe(streetKey(expected.get(p.id) as string));
    }
    // A parcel the owners file does not name has no address: none is made up.
    for (const p of body.parcels.filter((x) => !expected.has(x.id))) expect(body.addresses[p.id], p.id).toBeUndefined();
  });

  it('give the sheet its address, and a letter to the owning company a postal block', async () => {
    const sheet = parcelSheetSchema.parse(await (await parcels.fetch('/api/parcels/75118000CF0104')).json());
    expect(sheet.addresses).toEqual([]);
    expect(sheet.ownersFileAddress).toBe('29 Rue Doudeauville, 75018 Paris');
    // A page loaded before this change sent the cadastral description: the server puts the address in.
    const res = await prospecting.fetch('/api/prospecting/targets', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        newListName: 'Enedis',
        kind: 'parcel',
        ref: '75118000CF0104',
        label: 'Parcelle CF 104',
        address: 'Paris 18e Arrondissement, section CF n° 104',
        ownerName: 'ENEDIS',
      }),
    });
    expect(res.status).toBe(201);
    const { list } = (await res.json()) as { list: { id: string } };
    const listed = targetsResponseSchema.parse(await (await prospecting.fetch(`/api/prospecting/lists/${list.id}/targets`)).json());
    expect(listed.targets[0]?.address).toBe('29 Rue Doudeauville, 75018 Paris');
    const html = lettersHtml(
      listed.targets,
      {
        owner: { subject: listed.list.letterSubject, body: listed.list.letterBody },
        syndic: { subject: listed.list.syndicLetterSubject, body: listed.list.syndicLetterBody },
      },
      { name: 'Agence du Nord', contact: '1 Rue A\n75018 Paris', logo: null },
      new Date('2026-12-02T10:00:00Z'),
    );
    expect(html).toContain('<div>29 Rue Doudeauville</div><div>75018 PARIS</div>');
  });
});

describe('the owner filter by legal form in words', () => {
  it('finds the parcels of every SCI, as a recount of the sample gives, and still reads a code', async () => {
    const sci = [...new Set(ROWS.filter((r) => /^654[0-4]$/.test(r.form)).map((r) => r.id))];
    const [current] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM parcels WHERE id = ANY($1::text[]) AND is_current`, [
      sci,
    ]);
    const byWords = (await (await parcels.fetch('/api/parcels?commune=75118&legalForm=sci&limit=1')).json()) as { total: number };
    expect(current?.n).toBeGreaterThan(100);
    expect(byWords.total).toBe(current?.n);
    const hlm = [...new Set(ROWS.filter((r) => ['5546', '5646'].includes(r.form)).map((r) => r.id))];
    const [hlmCurrent] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM parcels WHERE id = ANY($1::text[]) AND is_current`, [
      hlm,
    ]);
    const saHlm = (await (await parcels.fetch('/api/parcels?commune=75118&legalForm=sa-hlm&limit=1')).json()) as { total: number };
    expect(saHlm.total).toBe(hlmCurrent?.n);
    expect(saHlm.total).toBeGreaterThan(0);
    const code = (await (await parcels.fetch('/api/parcels?commune=75118&legalForm=6540&limit=1')).json()) as { total: number };
    expect(code.total).toBeLessThanOrEqual(byWords.total);
    const bad = await parcels.fetch('/api/parcels?commune=75118&legalForm=societe');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Forme juridique inconnue (choisissez-la dans la liste, ex. SCI).');
  });
});
