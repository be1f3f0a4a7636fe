/**
 * DVF importers: geo-DVF (Etalab CSV, `,` — or `;` or a tab in a re-export —, with or without the api-cquest `section_prefixe`
 * column, LF or CRLF) and the raw DGFiP `ValeursFoncieres-YYYY.txt` (`|`, first column
 * `Code service CH` or `Identifiant de document`). Both stage the same columns and share the merge.
 */
import { csvRecordBatches, detectDelimiter, peekFirstLine } from './csv.js';
import { DVF_STAGE_COLUMNS, dvfStageRow, GEO_REQUIRED, RAW_REQUIRED, recordMaker } from './dvf.logic.js';
import { mergeDvf } from './dvf-merge.js';
import { ImportError } from './errors.js';
import type { Importer, ReadContext } from './importer.js';
import type { TextInput } from './input.js';
import type { StageValue } from './stage.js';

async function* dvfRows(layout: 'geo' | 'raw', input: TextInput, ctx: ReadContext): AsyncIterable<readonly StageValue[]> {
  let header: string[] | null = null;
  let recordOf: ReturnType<typeof recordMaker> = () => ({});
  // geo-DVF is written with `,`; its re-exports often with `;` or a tab: the header tells.
  const { firstLine, text } = layout === 'geo' ? await peekFirstLine(input.text()) : { firstLine: '', text: input.text() };
  const options = layout === 'geo' ? { delimiter: detectDelimiter(firstLine), quoted: true } : { delimiter: '|', quoted: false };
  const csv = csvRecordBatches(text, options, ctx);
  for await (const records of csv)
    for (const ev of records) {
      if (!header) {
        header = ev.fields.map((h) => h.trim());
        const required = layout === 'geo' ? GEO_REQUIRED : RAW_REQUIRED;
        const missing = required.filter((c) => !header?.includes(c));
        if (missing.length > 0) {
          throw new ImportError(`« ${input.name} »\u00a0: colonnes obligatoires absentes de l’en-tête\u00a0: ${missing.join(', ')}.`);
        }
        recordOf = recordMaker(header);
        continue;
      }
      if (ev.fields.length !== header.length) {
        ctx.reject(ev.line, `${ev.fields.length} colonnes au lieu de ${header.length}`);
        continue;
      }
      const row = dvfStageRow(layout, recordOf(ev.fields), ev.line);
      if (typeof row === 'string') ctx.reject(ev.line, row);
      else yield row;
    }
  if (!header) throw new ImportError(`Le fichier « ${input.name} » est vide.`);
}

/** What the merge joins on (mutation, commune and year, parcel, département). */
const DVF_ANALYZED = ['id_mutation', 'source_line', 'date_mutation', 'code_commune', 'code_departement', 'id_parcelle'];

export const dvfGeoImporter: Importer = {
  source: 'dvf',
  columns: DVF_STAGE_COLUMNS,
  analyze: DVF_ANALYZED,
  rows: (input, ctx) => dvfRows('geo', input, ctx),
  merge: (tx, stage, ctx) => mergeDvf(tx, stage, 'geo-dvf', ctx),
};

export const dvfRawImporter: Importer = {
  source: 'dvf-raw',
  columns: DVF_STAGE_COLUMNS,
  analyze: DVF_ANALYZED,
  rows: (input, ctx) => dvfRows('raw', input, ctx),
  merge: (tx, stage, ctx) => mergeDvf(tx, stage, 'dgfip', ctx),
};
