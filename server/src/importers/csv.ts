/**
 * Streaming CSV reading with csv-parse: records come with their line number in the file, and a
 * record csv-parse cannot read (a broken quote…) is reported as a rejected line instead of
 * stopping the import.
 */
import { Readable } from 'node:stream';
import { type CsvError, parse } from 'csv-parse';

export type CsvEvent = { kind: 'record'; line: number; fields: string[] } | { kind: 'reject'; line: number; reason: string };

export interface CsvOptions {
  delimiter: string;
  /** Files written without quoting (BAN, DGFiP): a `"` is then an ordinary character. */
  quoted: boolean;
}

/** Records of a CSV text stream, the header first (line 1). */
export async function* readCsv(text: AsyncIterable<string>, options: CsvOptions): AsyncIterable<CsvEvent> {
  const skipped: CsvEvent[] = [];
  const parser = parse({
    delimiter: options.delimiter,
    quote: options.quoted ? '"' : false,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    info: true,
    on_skip: (err: CsvError | undefined) => {
      const line = Number((err as { lines?: number } | undefined)?.lines ?? 0);
      skipped.push({ kind: 'reject', line, reason: `ligne illisible (${err?.message ?? 'CSV mal formé'})` });
      return undefined;
    },
  });
  const source = Readable.from(text);
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);
  for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    while (skipped.length > 0) yield skipped.shift() as CsvEvent;
    yield { kind: 'record', line: item.info.lines, fields: item.record };
  }
  while (skipped.length > 0) yield skipped.shift() as CsvEvent;
}

/** Header name → position, after `normalise`. */
export function headerIndex(header: readonly string[], normalise: (h: string) => string = (h) => h.trim()): Map<string, number> {
  const map = new Map<string, number>();
  header.forEach((h, i) => {
    const key = normalise(h);
    if (!map.has(key)) map.set(key, i);
  });
  return map;
}
