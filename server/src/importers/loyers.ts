/**
 * « Carte des loyers » (ANIL / DHUP, ministère du Logement, Licence Ouverte 2.0): the predicted
 * advertised rent per m² of each commune, charges included, with its 95 % prediction interval, the
 * level of the prediction (the commune's own ads, or its `maille`, a group of communes), the number
 * of ads observed and the model's adjusted R². One file per dwelling type and edition: all flats
 * (`pred-app-…`), flats of 1–2 rooms (`pred-app12-…`), of 3 rooms or more (`pred-app3-…`), houses
 * (`pred-mai-…`).
 *
 * Every edition's layout reads the same: columns are found by their folded names, whatever their
 * case or punctuation (`lwr.IPm2`, `INSEE_C` or the first editions' `INSEE`, `R2_adj` or `R2adj`);
 * `;` or `,` separated, quoted (the national files) or not (extracts pasted by hand), LF or CRLF
 * lines mixed, decimal commas or points, UTF-8 or Windows-1252 (decoded by the runner).
 *
 * The dwelling type and the edition come from the file's name, the only place the publisher writes
 * them. Merge: a row per commune, dwelling type and edition; a file updates only the communes it
 * holds (an extract leaves the rest of the country as it was), and a row that did not change is
 * not written again, so a re-import changes nothing.
 */
import type { Queryable } from '../db/client.js';
import { csvRecordBatches } from './csv.js';
import { foldHeader } from './detect.js';
import { ImportError } from './errors.js';
import type { Importer, MergeContext, MergeResult } from './importer.js';
import type { Column } from './stage.js';

export const RENT_DWELLINGS = ['appartement', 'appartement-t1-t2', 'appartement-t3-plus', 'maison'] as const;
export type RentDwelling = (typeof RENT_DWELLINGS)[number];

const columns: readonly Column[] = [
  ['source_line', 'integer'],
  ['edition', 'text'],
  ['dwelling', 'text'],
  ['insee', 'text'],
  ['commune_name', 'text'],
  ['id_zone', 'text'],
  ['epci', 'text'],
  ['departement', 'text'],
  ['region', 'text'],
  ['rent_m2', 'numeric'],
  ['low_m2', 'numeric'],
  ['high_m2', 'numeric'],
  ['prediction_level', 'text'],
  ['observations_commune', 'integer'],
  ['observations_zone', 'integer'],
  ['r2_adjusted', 'numeric'],
];
const DATA_COLUMNS = columns.map(([n]) => n).filter((n) => n !== 'source_line');

/**
 * The dwelling type from the file's name: the official `pred-app12-mef-dhup.csv` and its kin, or
 * names that spell it out (`…_t1_t2_…`, `appartements`, `maisons`).
 */
export function dwellingOfName(fileName: string): RentDwelling | null {
  const n = fileName.toLowerCase().replace(/\.[a-z0-9]+(\.gz)?$/, '');
  if (/app(art[a-z]*)?[-_ ]?(12|t1[-_ ]?t2|1[-_ ]?2[-_ ]?pieces)(?![0-9])/.test(n)) return 'appartement-t1-t2';
  if (/app(art[a-z]*)?[-_ ]?(3|t3|3[-_ ]?pieces)(?![0-9])/.test(n)) return 'appartement-t3-plus';
  if (/(^|[^a-z])(mai|maisons?)([^a-z]|$)/.test(n)) return 'maison';
  if (/(^|[^a-z])(app|apparts?|appartements?)([^a-z]|$)/.test(n)) return 'appartement';
  return null;
}

/** The edition's year in the file's name (`pred-app-mef-dhup-2024.csv` → 2024), or '' when it has none. */
export function editionOfName(fileName: string): string {
  const year = /(?:^|\D)(20[1-9]\d)(?:\D|$)/.exec(fileName);
  return year ? (year[1] as string) : '';
}

/** Header names of each field, folded (`lwr.IPm2` → `lwr_ipm2`), in every edition's spelling. */
const FIELDS = {
  idZone: ['id_zone'],
  insee: ['insee_c', 'insee', 'codgeo', 'code_insee'],
  name: ['libgeo', 'nom_commune'],
  epci: ['epci'],
  dep: ['dep', 'departement'],
  reg: ['reg', 'region'],
  rent: ['loypredm2'],
  low: ['lwr_ipm2'],
  high: ['upr_ipm2'],
  level: ['typpred'],
  obsCommune: ['nbobs_com'],
  obsZone: ['nbobs_mail'],
  r2: ['r2_adj', 'r2adj'],
} as const;
type Field = keyof typeof FIELDS;
const REQUIRED: readonly Field[] = ['insee', 'name', 'rent', 'low', 'high'];

/** Whether a header line is a Carte des loyers one (for the detection of a file's source). */
export function looksLikeRentHeader(folded: readonly string[]): boolean {
  return folded.includes('loypredm2') && FIELDS.insee.some((n) => folded.includes(n));
}

function indexHeader(header: readonly string[]): Map<Field, number> {
  const folded = header.map((h) => foldHeader(h.replace(/^"|"$/g, '')));
  const map = new Map<Field, number>();
  for (const [field, names] of Object.entries(FIELDS) as [Field, readonly string[]][]) {
    const i = folded.findIndex((h) => names.includes(h));
    if (i !== -1) map.set(field, i);
  }
  return map;
}

/** A decimal written with a comma or a point; null when empty, NaN when not a number. */
function decimal(v: string | null): number | null {
  if (v === null) return null;
  const t = v.replace(',', '.');
  return /^-?\d+(\.\d+)?([eE]-?\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

const clean = (v: string | undefined) => {
  const t = (v ?? '').trim();
  return t === '' || t.toUpperCase() === 'NA' ? null : t;
};

export const loyersImporter: Importer = {
  source: 'loyers',
  columns,
  async *rows(input, ctx) {
    const dwelling = dwellingOfName(input.name);
    if (!dwelling) {
      throw new ImportError(
        `« ${input.name} »\u00a0: le type de logement n’est pas dans le nom du fichier. Gardez le nom officiel de la Carte des loyers ` +
          '(pred-app-mef-dhup.csv pour les appartements, pred-app12-… pour les 1–2 pièces, pred-app3-… pour les 3 pièces et plus, pred-mai-… pour les maisons).',
      );
    }
    const edition = editionOfName(input.name);
    let index: Map<Field, number> | null = null;
    let width = 0;
    let delimiter = ';';
    let text = input.text();
    // The separator of the header line: the national files use `;`, a re-export may use `,`.
    const first = await peekFirstChunk(text);
    text = first.rest;
    if (!first.head.split(/\r?\n/)[0]?.includes(';') && first.head.includes(',')) delimiter = ',';
    for await (const records of csvRecordBatches(text, { delimiter, quoted: true }, ctx))
      for (const ev of records) {
        if (!index) {
          index = indexHeader(ev.fields);
          const missing = REQUIRED.filter((f) => !index?.has(f)).map((f) => FIELDS[f][0]);
          if (missing.length > 0)
            throw new ImportError(
              `« ${input.name} »\u00a0: colonnes absentes du fichier de la Carte des loyers (${missing.join(', ')})\u00a0; rien n’a été changé.`,
            );
          width = ev.fields.length;
          continue;
        }
        if (ev.fields.length !== width) {
          ctx.reject(ev.line, `${ev.fields.length} colonnes au lieu de ${width} (ligne tronquée ou mal formée)`);
          continue;
        }
        const f = (name: Field): string | null => {
          const i = index?.get(name);
          return i === undefined ? null : clean(ev.fields[i]);
        };
        const insee = (f('insee') ?? '').padStart(5, '0').toUpperCase();
        const rent = decimal(f('rent'));
        const low = decimal(f('low'));
        const high = decimal(f('high'));
        const r2 = decimal(f('r2'));
        const obsCommune = f('obsCommune');
        const obsZone = f('obsZone');
        let reason: string | null = null;
        if (!/^(\d{5}|2[AB]\d{3})$/.test(insee)) reason = `code INSEE invalide « ${f('insee') ?? ''} »`;
        else if (!f('name')) reason = 'nom de la commune absent';
        else if (rent === null || !Number.isFinite(rent) || rent <= 0 || rent >= 1000)
          reason = `loyer au m² invalide « ${f('rent') ?? ''} »`;
        else if (low !== null && (!Number.isFinite(low) || low > rent))
          reason = `borne basse de l’intervalle invalide « ${f('low') ?? ''} »`;
        else if (high !== null && (!Number.isFinite(high) || high < rent))
          reason = `borne haute de l’intervalle invalide « ${f('high') ?? ''} »`;
        else if (obsCommune !== null && !/^\d+$/.test(obsCommune)) reason = `nombre d’observations invalide « ${obsCommune} »`;
        else if (obsZone !== null && !/^\d+$/.test(obsZone)) reason = `nombre d’observations de la maille invalide « ${obsZone} »`;
        else if (r2 !== null && !Number.isFinite(r2)) reason = `R² invalide « ${f('r2') ?? ''} »`;
        if (reason) {
          ctx.reject(ev.line, reason);
          continue;
        }
        yield [
          ev.line,
          edition,
          dwelling,
          insee,
          f('name'),
          f('idZone'),
          f('epci'),
          f('dep'),
          f('reg'),
          rent,
          low,
          high,
          f('level')?.toLowerCase() ?? null,
          obsCommune === null ? null : Number(obsCommune),
          obsZone === null ? null : Number(obsZone),
          r2,
        ];
      }
    if (!index) throw new ImportError(`Le fichier « ${input.name} » est vide.`);
  },
  merge: mergeRents,
};

/** The first chunk of a text stream, and the stream again with that chunk in front. */
async function peekFirstChunk(text: AsyncIterable<string>): Promise<{ head: string; rest: AsyncIterable<string> }> {
  const it = text[Symbol.asyncIterator]();
  const first = await it.next();
  const head = first.done ? '' : first.value;
  async function* rest() {
    if (!first.done) yield head;
    for (let n = await it.next(); !n.done; n = await it.next()) yield n.value;
  }
  return { head, rest: rest() };
}

async function mergeRents(tx: Queryable, stage: string, ctx: MergeContext): Promise<MergeResult> {
  const cols = DATA_COLUMNS;
  // A commune listed twice in one file: its last line wins, as a reader of the file would take it.
  const [counts] = await tx.query<{ inserted: number; updated: number }>(
    `WITH src AS (
       SELECT DISTINCT ON (insee, dwelling, edition) ${cols.join(', ')} FROM ${stage} ORDER BY insee, dwelling, edition, source_line DESC),
     w AS (
       INSERT INTO rent_references (${cols.join(', ')}, import_run_id)
       SELECT ${cols.join(', ')}, $1 FROM src
       ON CONFLICT (insee, dwelling, edition) DO UPDATE SET ${cols
         .filter((c) => !['insee', 'dwelling', 'edition'].includes(c))
         .map((c) => `${c} = excluded.${c}`)
         .join(', ')}, import_run_id = excluded.import_run_id
       WHERE (${cols.map((c) => `rent_references.${c}`).join(', ')}) IS DISTINCT FROM (${cols.map((c) => `excluded.${c}`).join(', ')})
       RETURNING (xmax = 0) AS inserted)
     SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*) FILTER (WHERE NOT inserted)::int AS updated FROM w`,
    [ctx.runId],
  );
  const [scope] = await tx.query<{ communes: number; dwelling: string | null; edition: string | null }>(
    `SELECT count(DISTINCT insee)::int AS communes, min(dwelling) AS dwelling, min(edition) AS edition FROM ${stage}`,
  );
  const inserted = counts?.inserted ?? 0;
  const updated = counts?.updated ?? 0;
  return {
    vintage: scope?.edition ? scope.edition : null,
    summary: {
      dwelling: scope?.dwelling ?? null,
      communes: scope?.communes ?? 0,
      inserted,
      updated,
      unchanged: (scope?.communes ?? 0) - inserted - updated,
    },
  };
}
