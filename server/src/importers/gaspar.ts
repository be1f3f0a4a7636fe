/**
 * GASPAR (Géorisques, DGPR, Licence Ouverte 2.0), `risq_gaspar.csv`: the natural and technological
 * risks known in each commune, `cod_commune;lib_commune;lib_risque;num_risque`. A file replaces
 * the risks of the communes it lists and leaves the others as they were (an extract of four
 * communes is not the whole country). GASPAR has no arrondissement codes: Paris is 75056.
 *
 * The archive's other tables (`catnat_gaspar.csv` for the arrêtés de catastrophe naturelle,
 * `pprn_gaspar.csv` for the risk prevention plans) are not read yet: no sample of them was found,
 * and a file of theirs is refused with its name rather than read wrong.
 */
import type { Queryable } from '../db/client.js';
import { csvRecordBatches } from './csv.js';
import { foldHeader } from './detect.js';
import { ImportError } from './errors.js';
import type { Importer, MergeContext, MergeResult } from './importer.js';
import { mergeKeyed } from './keyed-merge.js';
import type { Column } from './stage.js';
import { repairDoubleUtf8 } from './text-repair.logic.js';

const columns: readonly Column[] = [
  ['source_line', 'integer'],
  ['insee', 'text'],
  ['risk_code', 'text'],
  ['commune_name', 'text'],
  ['label', 'text'],
];

function looksLikeGasparHeader(folded: readonly string[]): boolean {
  return folded.includes('cod_commune') && folded.includes('num_risque') && folded.includes('lib_risque');
}

/** The other GASPAR tables, told by a column of theirs. */
function otherGasparTable(folded: readonly string[]): string | null {
  if (folded.includes('cod_nat_catnat')) return 'catnat_gaspar (arrêtés de catastrophe naturelle)';
  if (folded.some((f) => f.startsWith('cod_nat_ppr') || f === 'cod_ppr')) return 'pprn_gaspar (plans de prévention des risques)';
  return null;
}

export const gasparImporter: Importer = {
  source: 'gaspar',
  columns,
  async *rows(input, ctx) {
    let index: Map<string, number> | null = null;
    let width = 0;
    for await (const records of csvRecordBatches(input.text(), { delimiter: ';', quoted: true }, ctx))
      for (const ev of records) {
        if (!index) {
          const folded = ev.fields.map(foldHeader);
          const other = otherGasparTable(folded);
          if (other)
            throw new ImportError(
              `«\u00a0${input.name}\u00a0»\u00a0: la table GASPAR ${other} n’est pas encore importée\u00a0; rien n’a été changé.`,
            );
          if (!looksLikeGasparHeader(folded))
            throw new ImportError(
              `«\u00a0${input.name}\u00a0»\u00a0: colonnes cod_commune, lib_commune, lib_risque et num_risque attendues (fichier risq_gaspar.csv)\u00a0; rien n’a été changé.`,
            );
          index = new Map(folded.map((f, i) => [f, i]));
          width = ev.fields.length;
          continue;
        }
        if (ev.fields.length !== width) {
          ctx.reject(ev.line, `${ev.fields.length} colonnes au lieu de ${width} (ligne tronquée ou mal formée)`);
          continue;
        }
        const f = (name: string) => repairDoubleUtf8((ev.fields[index?.get(name) ?? -1] ?? '').trim());
        const insee = f('cod_commune').toUpperCase().padStart(5, '0');
        const code = f('num_risque');
        if (!/^(\d{5}|2[AB]\d{3})$/.test(insee)) ctx.reject(ev.line, `code INSEE invalide «\u00a0${f('cod_commune')}\u00a0»`);
        else if (!/^\d{1,6}$/.test(code)) ctx.reject(ev.line, `numéro de risque invalide «\u00a0${code}\u00a0»`);
        else if (f('lib_risque') === '') ctx.reject(ev.line, 'libellé du risque absent');
        else yield [ev.line, insee, code, f('lib_commune') || insee, f('lib_risque')];
      }
    if (!index) throw new ImportError(`Le fichier «\u00a0${input.name}\u00a0» est vide.`);
  },
  merge: mergeRisks,
};

async function mergeRisks(tx: Queryable, stage: string, ctx: MergeContext): Promise<MergeResult> {
  // A risk listed twice for a commune: its last line wins, as a reader of the file would take it.
  const source = `SELECT DISTINCT ON (insee, risk_code) insee, risk_code, commune_name, label FROM ${stage} ORDER BY insee, risk_code, source_line DESC`;
  const counts = await mergeKeyed(tx, {
    table: 'commune_risks',
    source,
    keys: ['insee', 'risk_code'],
    columns: ['commune_name', 'label'],
    runId: ctx.runId,
    scope: `t.insee IN (SELECT insee FROM ${stage})`,
  });
  const [scope] = await tx.query<{ communes: number; risks: number }>(
    `SELECT count(DISTINCT insee)::int AS communes, count(DISTINCT (insee, risk_code))::int AS risks FROM ${stage}`,
  );
  return {
    vintage: null,
    summary: { communes: scope?.communes ?? 0, ...counts, unchanged: (scope?.risks ?? 0) - counts.inserted - counts.updated },
  };
}
