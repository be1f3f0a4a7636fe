/**
 * What the listing reader gets out of every sample page of ../shared/data/listings and of the
 * layout fixtures of shared/src/listings/fixtures: per portal, the pages read out of the pages
 * there (a CSV export counts as one page, its rows as its listings), the listings read, and for each
 * main field the share of read listings that have it. Figures printed only: the assertions are in
 * shared/src/listings/parse.test.ts and layouts.test.ts.
 * Run: `npm run bench:listing-coverage -w bench`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { ParsedListing, ParseInput } from '../shared/src/listings/contracts.ts';
import { parseListing, parseListings } from '../shared/src/listings/parse.ts';

const SAMPLES = path.join(import.meta.dirname, '..', '..', 'shared', 'data', 'listings');
const FIXTURES = path.join(import.meta.dirname, '..', 'shared', 'src', 'listings', 'fixtures');

const FIELDS = ['price', 'surface', 'rooms', 'city', 'postcode', 'dpeClass', 'gesClass', 'transaction'] as const;
const FIELD_LABELS: Record<(typeof FIELDS)[number], string> = {
  price: 'prix',
  surface: 'surface',
  rooms: 'pièces',
  city: 'ville',
  postcode: 'CP',
  dpeClass: 'DPE',
  gesClass: 'GES',
  transaction: 'transaction',
};

/**
 * The extension's captures are JSON strings of a `<body>`, some escaped twice upstream (a leading
 * quote): read as the person pasting the page source would give them.
 */
function inputOf(file: string, portalFolder: string): ParseInput {
  const raw = readFileSync(file, 'utf8');
  if (file.endsWith('.html')) return { html: raw };
  if (file.endsWith('.txt')) return { text: raw };
  const json = JSON.parse(raw) as unknown;
  if (typeof json === 'string') return { html: json.startsWith('"<') ? json.slice(1) : json };
  if (
    typeof json === 'object' &&
    json !== null &&
    'result' in json &&
    typeof json.result === 'string' &&
    !json.result.trim().startsWith('[')
  )
    return { text: json.result, ...(portalFolder === 'seloger' ? { portal: 'seloger' as const } : {}) };
  return { json };
}

/** The listings one page gives: an ad page one, a results page or an export several, none if unread (and why). */
function listingsOf(file: string, portalFolder: string): { listings: ParsedListing[]; reason?: string } {
  if (file.endsWith('.csv')) {
    const rows = parse(readFileSync(file, 'utf8'), {
      columns: true,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
    }) as Record<string, string>[];
    return {
      listings: rows.flatMap((row) => {
        const r = parseListings({ json: row });
        return r.ok ? r.listings : [];
      }),
    };
  }
  const input = inputOf(file, portalFolder);
  const one = parseListing(input);
  if (one.ok) return { listings: [one.listing] };
  const many = parseListings(input);
  return many.ok ? { listings: many.listings } : { listings: [], reason: many.reason };
}

interface Tally {
  pages: number;
  read: number;
  listings: number;
  fields: Record<(typeof FIELDS)[number], number>;
  unread: string[];
}

const emptyTally = (): Tally => ({
  pages: 0,
  read: 0,
  listings: 0,
  fields: Object.fromEntries(FIELDS.map((f) => [f, 0])) as Tally['fields'],
  unread: [],
});

function add(t: Tally, name: string, { listings, reason }: { listings: readonly ParsedListing[]; reason?: string }): void {
  t.pages++;
  if (listings.length === 0) {
    // « blocked »: a captcha or challenge page, which holds no listing to read.
    t.unread.push(reason ? `${name} (${reason})` : name);
    return;
  }
  t.read++;
  t.listings += listings.length;
  for (const l of listings) for (const f of FIELDS) if (l[f] !== undefined && l[f] !== '') t.fields[f]++;
}

const pct = (n: number, of: number) => (of === 0 ? '—' : `${Math.round((100 * n) / of)} %`);

function print(title: string, tallies: Map<string, Tally>): void {
  console.log(`\n${title}`);
  console.log(['portail', 'pages lues', 'annonces', ...FIELDS.map((f) => FIELD_LABELS[f])].join('\t'));
  const total = emptyTally();
  for (const [portal, t] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
    console.log([portal, `${t.read}/${t.pages}`, t.listings, ...FIELDS.map((f) => pct(t.fields[f], t.listings))].join('\t'));
    total.pages += t.pages;
    total.read += t.read;
    total.listings += t.listings;
    for (const f of FIELDS) total.fields[f] += t.fields[f];
  }
  console.log(
    [
      'total',
      `${total.read}/${total.pages} (${pct(total.read, total.pages)})`,
      total.listings,
      ...FIELDS.map((f) => pct(total.fields[f], total.listings)),
    ].join('\t'),
  );
  const unread = [...tallies].flatMap(([portal, t]) => t.unread.map((u) => `${portal}/${u}`));
  if (unread.length > 0) console.log(`non lues : ${unread.join(', ')}`);
}

const samples = new Map<string, Tally>();
for (const portal of readdirSync(SAMPLES, { withFileTypes: true }).filter((e) => e.isDirectory())) {
  const t = emptyTally();
  for (const name of readdirSync(path.join(SAMPLES, portal.name))
    .filter((n) => !n.endsWith('.md'))
    .sort())
    add(t, name, listingsOf(path.join(SAMPLES, portal.name, name), portal.name));
  samples.set(portal.name, t);
}
print('Échantillons réels (../shared/data/listings) : pages lues et part des annonces lues ayant chaque champ', samples);

// The fixtures as pasted page sources, without their URL: grouped by the portal the reader finds.
const fixtures = new Map<string, Tally>();
for (const name of readdirSync(FIXTURES)
  .filter((n) => !n.endsWith('.md'))
  .sort()) {
  const read = listingsOf(path.join(FIXTURES, name), '');
  const portal = read.listings[0]?.portal ?? 'non reconnu';
  const t = fixtures.get(portal) ?? emptyTally();
  add(t, name, read);
  fixtures.set(portal, t);
}
print('Fixtures de mise en page (shared/src/listings/fixtures), collées sans leur adresse', fixtures);
