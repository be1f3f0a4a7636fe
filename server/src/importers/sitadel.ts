/**
 * Sitadel (SDES, Licence Ouverte), the four lists of urban-planning authorisations: « créant des
 * logements », « créant des locaux non résidentiels », permis d’aménager, permis de démolir. The
 * official layout: two header lines (the long French labels, then the variable codes `COMM;
 * TYPE_DAU;NUM_DAU;ETAT_DAU;DATE_REELLE_AUTORISATION;…`; a file that starts at the codes line reads
 * the same), `;`, text quoted, numbers bare (a few with a decimal point or comma), UTF-8.
 *
 * The list is told by its columns: NUM_PA (aménager), NUM_PD (démolir), NUM_DAU with NB_LGT_TOT_CREES
 * (logements) or without (locaux). Kept by list, kind and authorisation number (a PC and a DP may share a number): a permit creating
 * dwellings and premises is in both lists with each list's figures. Nothing is deleted: a list
 * is the history of the authorisations, and an extract of one commune says nothing of the others.
 *
 * Two quirks of the published files: accents encoded twice (repaired), and accents already lost in
 * the source (« ANDRAÃ\u0082 » for « ANDRÉ »: the letter is unknown, written U+FFFD); and Paris,
 * Lyon and Marseille published under their commune code, the arrondissement in the 2nd–6th
 * characters of the number (`075118…`), which the parcel id needs.
 */
import { readsAsNaturalPerson } from '@immoloupe/shared/owners/natural-person.logic';
import type { PermitList } from '@immoloupe/shared/permits/contracts';
import type { Queryable } from '../db/client.js';
import { csvRecordBatches } from './csv.js';
import { ImportError } from './errors.js';
import type { Importer, MergeContext, MergeResult } from './importer.js';
import { mergeKeyed } from './keyed-merge.js';
import type { Column } from './stage.js';
import { repairDoubleUtf8 } from './text-repair.logic.js';

const columns: readonly Column[] = [
  ['source_line', 'integer'],
  ['list', 'text'],
  ['permit_id', 'text'],
  ['kind', 'text'],
  ['insee', 'text'],
  ['status', 'smallint'],
  ['authorised_on', 'date'],
  ['started_on', 'date'],
  ['completed_on', 'date'],
  ['applicant', 'text'],
  ['applicant_siren', 'text'],
  ['address', 'text'],
  ['parcel_id', 'text'],
  ['other_parcels', 'text[]'],
  ['land_area', 'integer'],
  ['dwellings', 'integer'],
  ['housing_area', 'integer'],
  ['premises_area', 'integer'],
  ['demolished_dwellings', 'integer'],
  ['project_nature', 'text'],
];
const DATA = columns.map(([n]) => n).filter((n) => !['source_line', 'list', 'kind', 'permit_id'].includes(n));

/** Communes published whole, whose parcels are numbered by arrondissement. */
const ARRONDISSEMENT_CITIES = new Set(['75056', '69123', '13055']);

/** Which Sitadel list a codes line is, or null when it is not one. */
export function sitadelListOf(codes: readonly string[]): PermitList | null {
  const has = (c: string) => codes.includes(c);
  if (!has('COMM') || !has('DATE_REELLE_AUTORISATION')) return null;
  if (has('NUM_PA')) return 'amenager';
  if (has('NUM_PD')) return 'demolir';
  if (has('NUM_DAU')) return has('NB_LGT_TOT_CREES') ? 'logements' : 'locaux';
  return null;
}

/** A text field: accents encoded twice repaired, the lost ones marked as unknown. */
export function sitadelText(v: string | undefined): string | null {
  const t = repairDoubleUtf8((v ?? '').trim().replace(/A\u00c3\u0082/g, '\ufffd')).replace(/\s+/g, ' ');
  return t === '' ? null : t;
}

/** A count or an area, written bare (`377`), or with a decimal (`6.8`, `6,8`): rounded. */
function number(v: string | undefined): number | null | typeof Number.NaN {
  const t = (v ?? '').trim();
  if (t === '') return null;
  return /^-?\d+([.,]\d+)?$/.test(t) ? Math.round(Number(t.replace(',', '.'))) : Number.NaN;
}

/** Sitadel has no préfixe: COMM + 000 + section (2, zero-padded) + numéro (4, zero-padded). */
export function sitadelParcelId(insee: string, section: string | null, numero: string | null): string | null {
  if (!section || !numero) return null;
  const s = section.toUpperCase();
  if (!/^[0-9A-Z]{1,2}$/.test(s) || !/^\d{1,4}$/.test(numero) || Number(numero) === 0) return null;
  return `${insee}000${s.padStart(2, '0')}${numero.padStart(4, '0')}`;
}

export const sitadelImporter: Importer = {
  source: 'sitadel',
  columns,
  async *rows(input, ctx) {
    let index: Map<string, number> | null = null;
    let list: PermitList | null = null;
    let width = 0;
    let line = 0;
    for await (const records of csvRecordBatches(input.text(), { delimiter: ';', quoted: true }, ctx))
      for (const ev of records) {
        line++;
        if (!index) {
          const codes = ev.fields.map((f) =>
            f
              .replace(/^\uFEFF/, '')
              .trim()
              .toUpperCase(),
          );
          list = sitadelListOf(codes);
          if (!list) {
            if (line === 1 && ev.fields.some((f) => f.includes('commune du lieu des travaux'))) continue;
            throw new ImportError(
              `«\u00a0${input.name}\u00a0»\u00a0: ligne des codes de Sitadel attendue (COMM, NUM_DAU, DATE_REELLE_AUTORISATION…)\u00a0; rien n’a été changé.`,
            );
          }
          index = new Map(codes.map((c, i) => [c, i]));
          width = ev.fields.length;
          continue;
        }
        if (ev.fields.length !== width) {
          ctx.reject(ev.line, `${ev.fields.length} colonnes au lieu de ${width} (ligne tronquée ou mal formée)`);
          continue;
        }
        const raw = (code: string) => {
          const i = index?.get(code);
          return i === undefined ? undefined : ev.fields[i];
        };
        const f = (code: string) => sitadelText(raw(code));
        const id = f('NUM_DAU') ?? f('NUM_PA') ?? f('NUM_PD');
        const comm = (f('COMM') ?? '').toUpperCase();
        if (!id || !/^[0-9A-Z]{8,20}$/i.test(id)) {
          ctx.reject(ev.line, `numéro d’autorisation invalide «\u00a0${id ?? ''}\u00a0»`);
          continue;
        }
        if (!/^(\d{5}|2[AB]\d{3})$/.test(comm)) {
          ctx.reject(ev.line, `code de commune invalide «\u00a0${comm}\u00a0»`);
          continue;
        }
        const insee = ARRONDISSEMENT_CITIES.has(comm) && /^0\d{5}/.test(id) ? id.slice(1, 6) : comm;
        const dates = ['DATE_REELLE_AUTORISATION', 'DATE_REELLE_DOC', 'DATE_REELLE_DAACT'].map((c) => f(c));
        const badDate = dates.find((d) => d !== null && !/^\d{4}-\d{2}-\d{2}$/.test(d));
        if (badDate) {
          ctx.reject(ev.line, `date invalide «\u00a0${badDate}\u00a0»`);
          continue;
        }
        const numbers = {
          status: number(raw('ETAT_DAU') ?? raw('ETAT_PA') ?? raw('ETAT_PD')),
          land: number(raw('SUPERFICIE_TERRAIN')),
          dwellings: number(raw('NB_LGT_TOT_CREES')),
          housing: number(raw('SURF_HAB_CREEE')),
          premises: number(raw('SURF_LOC_CREEE')),
          demolished: number(raw('NB_LGT_DEMOLIS')),
        };
        const bad = Object.entries(numbers).find(([, v]) => Number.isNaN(v));
        if (bad) {
          ctx.reject(ev.line, `nombre invalide dans ${bad[0]}`);
          continue;
        }
        const parcels = [1, 2, 3]
          .map((n) => sitadelParcelId(insee, f(`SEC_CADASTRE${n}`), f(`NUM_CADASTRE${n}`)))
          .filter((p): p is string => p !== null);
        const street = [f('ADR_NUM_TER'), f('ADR_TYPEVOIE_TER'), f('ADR_LIBVOIE_TER')].filter(Boolean).join(' ');
        const address = [street || f('ADR_LIEUDIT_TER'), [f('ADR_CODPOST_TER'), f('ADR_LOCALITE_TER')].filter(Boolean).join(' ')]
          .filter(Boolean)
          .join(', ');
        const applicant = f('DENOM_DEM');
        yield [
          ev.line,
          list,
          id.toUpperCase(),
          f('TYPE_DAU') ?? (list === 'amenager' ? 'PA' : list === 'demolir' ? 'PD' : 'PC'),
          insee,
          numbers.status,
          dates[0],
          dates[1],
          dates[2],
          applicant && !readsAsNaturalPerson(applicant, f('CJ_DEM')) ? applicant : null,
          f('SIREN_DEM'),
          address || null,
          parcels[0] ?? null,
          parcels.slice(1),
          numbers.land,
          numbers.dwellings,
          numbers.housing,
          numbers.premises,
          numbers.demolished,
          f('NATURE_PROJET_DECLAREE'),
        ];
      }
    if (!index) throw new ImportError(`Le fichier «\u00a0${input.name}\u00a0» est vide ou n’a pas la ligne des codes de Sitadel.`);
  },
  merge: mergePermits,
};

async function mergePermits(tx: Queryable, stage: string, ctx: MergeContext): Promise<MergeResult> {
  const counts = await mergeKeyed(tx, {
    table: 'building_permits',
    source: `SELECT DISTINCT ON (list, kind, permit_id) list, kind, permit_id, ${DATA.join(', ')} FROM ${stage} ORDER BY list, kind, permit_id, source_line DESC`,
    keys: ['list', 'kind', 'permit_id'],
    columns: DATA,
    runId: ctx.runId,
  });
  const [s] = await tx.query<{ permits: number; list: string | null; located: number; latest: string | null }>(
    `SELECT count(DISTINCT (kind, permit_id))::int AS permits, min(list) AS list, count(DISTINCT (kind, permit_id)) FILTER (WHERE parcel_id IS NOT NULL)::int AS located,
            max(authorised_on)::text AS latest FROM ${stage}`,
  );
  // The millésime is in the official file name (`…logements.2026-01.csv`), nowhere in its rows.
  const edition = /(?:^|[._-])(20\d{2}-(?:0[1-9]|1[0-2]))(?:[._-]|$)/.exec(ctx.fileName)?.[1] ?? null;
  return {
    vintage: edition,
    summary: {
      list: s?.list ?? null,
      permits: s?.permits ?? 0,
      latestAuthorisation: s?.latest ?? null,
      withParcel: s?.located ?? 0,
      inserted: counts.inserted,
      updated: counts.updated,
      unchanged: (s?.permits ?? 0) - counts.inserted - counts.updated,
    },
  };
}
