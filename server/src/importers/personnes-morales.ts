/**
 * DGFiP « Fichiers des locaux et des parcelles des personnes morales » (Licence Ouverte 2.0): for
 * each parcel (non-bâti files, `PM_<yy>_NB_<dep><dir>`) or local (bâti files, `PM_<yy>_B_…`) on
 * which a legal entity holds a right, its SIREN, legal form, name and kind of right. The files
 * also name volunteer syndics and managers (« MR … », legal form 9900): such a row keeps its right
 * but neither name nor SIREN (`readsAsNaturalPerson`, column natural_person). Columns are found by their folded name prefix, so the official long
 * headers (`N° SIREN (Propriétaire(s) parcelle)`) and the shortened re-exports (`N° SIREN - par`)
 * read the same; `;` separated, UTF-8 or Windows-1252 (decoded by the runner).
 *
 * Merge: a new vintage replaces the previous one for the same département and kind; a file of the
 * same vintage replaces the communes it covers (département files published in parts); an older
 * vintage than the one loaded is skipped. Parcel id as documented in the sample's provenance:
 * département + commune + prefix (empty → `000`) + section (2 characters, a leading space → `0`) + plan (4 digits).
 */
import { groupNumber, ownerGroup } from '@immoloupe/shared/owners/legal-forms.logic';
import { readsAsNaturalPerson } from '@immoloupe/shared/owners/natural-person.logic';
import type { Queryable } from '../db/client.js';
import { csvRecordBatches } from './csv.js';
import { foldHeader } from './detect.js';
import { ImportError } from './errors.js';
import type { Importer, MergeContext, MergeResult } from './importer.js';
import type { Column } from './stage.js';

const columns: readonly Column[] = [
  ['source_line', 'integer'],
  ['kind', 'text'],
  ['departement', 'text'],
  ['code_commune', 'text'],
  ['id_parcelle', 'text'],
  ['vintage', 'text'],
  ['local_ref', 'text'],
  ['numero_voirie', 'text'],
  ['indice_repetition', 'text'],
  ['code_voie_rivoli', 'text'],
  ['nature_voie', 'text'],
  ['nom_voie', 'text'],
  ['contenance', 'integer'],
  ['code_droit', 'text'],
  ['numero_majic', 'text'],
  ['siren', 'text'],
  ['groupe_personne', 'smallint'],
  ['forme_juridique', 'text'],
  ['forme_juridique_abregee', 'text'],
  ['denomination', 'text'],
  ['owner_group', 'text'],
  ['natural_person', 'boolean'],
];

/** The vintage of a file from its official name (`PM_25_NB_750…` → 2025), else the year in the name, else this year. */
export function vintageOfName(fileName: string, now = new Date()): string {
  const official = /(?:^|[^a-z0-9])pm_(\d{2})_n?b_/i.exec(fileName);
  if (official) return `20${official[1]}`;
  const year = /(?:^|\D)(20[1-9]\d)(?:\D|$)/.exec(fileName);
  return year ? (year[1] as string) : String(now.getUTCFullYear());
}

/** Fields looked up by the prefix of their folded header name; the first match wins. */
const FIELDS = {
  departement: ['departement'],
  direction: ['code_direction'],
  commune: ['code_commune'],
  prefixe: ['prefixe'],
  section: ['section'],
  plan: ['n_plan', 'no_plan', 'numero_plan', 'n_de_plan'],
  batiment: ['batiment'],
  entree: ['entree'],
  niveau: ['niveau'],
  porte: ['porte'],
  voirie: ['n_voirie', 'no_voirie'],
  indice: ['indice_de_repetition'],
  rivoli: ['code_voie_rivoli'],
  natureVoie: ['nature_voie'],
  nomVoie: ['nom_voie'],
  contenance: ['contenance'],
  droit: ['code_droit'],
  majic: ['n_majic', 'no_majic'],
  siren: ['n_siren', 'no_siren'],
  groupe: ['groupe_personne'],
  formeAbregee: ['forme_juridique_abregee'],
  forme: ['forme_juridique'],
  denomination: ['denomination'],
} as const;
type Field = keyof typeof FIELDS;
const REQUIRED: Field[] = ['departement', 'commune', 'section', 'plan', 'droit', 'siren', 'denomination'];

function indexHeader(header: readonly string[]): Map<Field, number> {
  const folded = header.map(foldHeader);
  const map = new Map<Field, number>();
  for (const [field, prefixes] of Object.entries(FIELDS) as [Field, readonly string[]][]) {
    const i = folded.findIndex(
      (h, j) =>
        prefixes.some((p) => h.startsWith(p)) &&
        // `forme_juridique` must not take the abbreviated column, nor a field a column already serves.
        !(field === 'forme' && h.startsWith('forme_juridique_abregee')) &&
        ![...map.values()].includes(j),
    );
    if (i !== -1) map.set(field, i);
  }
  return map;
}

const clean = (v: string | undefined) => {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
};

export const personnesMoralesImporter: Importer = {
  source: 'personnes-morales',
  columns,
  async *rows(input, ctx) {
    let index: Map<Field, number> | null = null;
    let width = 0;
    let kind: 'parcelle' | 'local' = 'parcelle';
    const vintage = vintageOfName(input.name);
    for await (const records of csvRecordBatches(input.text(), { delimiter: ';', quoted: true }, ctx))
      for (const ev of records) {
        if (!index) {
          index = indexHeader(ev.fields);
          const missing = REQUIRED.filter((f) => !index?.has(f));
          if (missing.length > 0)
            throw new ImportError(
              `« ${input.name} »\u00a0: colonnes absentes du fichier des personnes morales (${missing.join(', ')})\u00a0; ` +
                'le fichier officiel de la DGFiP, séparé par des points-virgules, est attendu.',
            );
          width = ev.fields.length;
          kind = index.has('batiment') || /_b_/i.test(input.name) ? 'local' : 'parcelle';
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
        const dep = (f('departement') ?? '').toUpperCase().padStart(2, '0');
        const commune = (f('commune') ?? '').padStart(3, '0');
        const rawSection = ev.fields[index.get('section') as number] ?? '';
        // A one-letter section is published with a leading space (` A`): the parcel id pads it with 0.
        const section = rawSection.replace(/\s+$/, '').replace(/ /g, '0').padStart(2, '0').toUpperCase();
        const plan = f('plan') ?? '';
        const prefixe = (f('prefixe') ?? '').padStart(3, '0');
        const siren = f('siren');
        const name = f('denomination');
        let reason: string | null = null;
        if (!/^(\d{2}|2A|2B)$/.test(dep)) reason = `département invalide « ${f('departement') ?? ''} »`;
        else if (!/^\d{3}$/.test(commune)) reason = `code commune invalide « ${f('commune') ?? ''} »`;
        else if (!/^[0-9A-Z]{2}$/.test(section)) reason = `section invalide « ${rawSection} »`;
        else if (!/^\d{1,4}$/.test(plan)) reason = `numéro de plan invalide « ${plan} »`;
        else if (!/^\d{3}$/.test(prefixe)) reason = `préfixe invalide « ${f('prefixe') ?? ''} »`;
        // Entities without a SIREN carry a DGFiP number of the same length starting with U.
        else if (siren !== null && !/^(\d{9}|U\d{8})$/.test(siren)) reason = `SIREN invalide « ${siren} »`;
        else if (!name) reason = 'dénomination absente';
        if (reason) {
          ctx.reject(ev.line, reason);
          continue;
        }
        const contenance = f('contenance');
        const groupe = groupNumber(f('groupe'));
        const forme = f('forme');
        const droit = f('droit');
        // A private person's name and SIREN are never stored: the row keeps its right only.
        const naturalPerson = readsAsNaturalPerson(name, forme);
        const localRef = kind === 'local' ? [f('batiment'), f('entree'), f('niveau'), f('porte')].map((v) => v ?? '').join('-') : '';
        yield [
          ev.line,
          kind,
          dep,
          `${dep}${commune}`,
          `${dep}${commune}${prefixe}${section}${plan.padStart(4, '0')}`,
          vintage,
          localRef,
          f('voirie'),
          f('indice'),
          f('rivoli'),
          f('natureVoie'),
          f('nomVoie'),
          contenance && /^\d+$/.test(contenance) ? Number(contenance) : null,
          droit ? (droit.split(/\s*-\s*/)[0] ?? droit).toUpperCase() : null,
          f('majic'),
          naturalPerson ? null : siren,
          groupe,
          forme,
          f('formeAbregee'),
          naturalPerson ? null : name,
          ownerGroup(groupe, forme),
          naturalPerson,
        ];
      }
    if (!index) throw new ImportError(`Le fichier « ${input.name} » est vide.`);
  },
  merge: mergeOwners,
};

async function mergeOwners(tx: Queryable, stage: string, ctx: MergeContext): Promise<MergeResult> {
  // Scopes (département, kind) for which a newer vintage is already loaded: this file is older there.
  await tx.exec(`
    CREATE TEMP TABLE pm_scope ON COMMIT DROP AS
    SELECT s.departement, s.kind, s.vintage,
           EXISTS (SELECT 1 FROM parcel_owners o WHERE o.departement = s.departement AND o.kind = s.kind AND o.vintage > s.vintage) AS older
      FROM (SELECT DISTINCT departement, kind, vintage FROM ${stage}) s;
    DELETE FROM parcel_owners o USING pm_scope sc
     WHERE NOT sc.older AND o.departement = sc.departement AND o.kind = sc.kind
       AND (o.vintage < sc.vintage
            OR (o.vintage = sc.vintage AND o.code_commune IN (SELECT code_commune FROM ${stage} s WHERE s.departement = sc.departement)));
  `);
  const cols = columns.map(([n]) => n);
  // The non-bâti files repeat a parcel's right holder once per tax subdivision (SUF): one row is kept.
  await tx.query(
    `INSERT INTO parcel_owners (${cols.join(', ')}, import_run_id)
     SELECT DISTINCT ON (s.kind, s.id_parcelle, s.local_ref, s.code_droit, s.siren, s.numero_majic, s.denomination)
            ${cols.map((c) => `s.${c}`).join(', ')}, $1
       FROM ${stage} s JOIN pm_scope sc USING (departement, kind, vintage)
      WHERE NOT sc.older
      ORDER BY s.kind, s.id_parcelle, s.local_ref, s.code_droit, s.siren, s.numero_majic, s.denomination, s.source_line`,
    [ctx.runId],
  );
  const [c] = await tx.query<{ rows: number; parcels: number; linked: number; owners: number; skipped: number; vintage: string | null }>(
    `SELECT count(*)::int AS rows,
            count(DISTINCT o.id_parcelle)::int AS parcels,
            count(DISTINCT o.id_parcelle) FILTER (WHERE EXISTS (SELECT 1 FROM parcels p WHERE p.id = o.id_parcelle))::int AS linked,
            count(DISTINCT coalesce(o.siren, o.denomination))::int AS owners,
            (SELECT count(*)::int FROM ${stage} s JOIN pm_scope sc USING (departement, kind, vintage) WHERE sc.older) AS skipped,
            (SELECT max(vintage) FROM ${stage}) AS vintage
       FROM parcel_owners o WHERE o.import_run_id = $1`,
    [ctx.runId],
  );
  if (c && c.rows === 0 && c.skipped > 0) {
    throw new ImportError(
      `« ${ctx.fileName} »\u00a0: millésime ${c.vintage} plus ancien que celui déjà importé pour ce département\u00a0; rien n’a été changé.`,
    );
  }
  return {
    vintage: c?.vintage ?? null,
    summary: {
      rights: c?.rows ?? 0,
      parcels: c?.parcels ?? 0,
      parcelsLinked: c?.linked ?? 0,
      owners: c?.owners ?? 0,
      rowsOfOlderVintage: c?.skipped ?? 0,
    },
  };
}
