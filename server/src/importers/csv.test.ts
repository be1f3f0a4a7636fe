import { readFileSync } from 'node:fs';
import { type CsvError, parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { type CsvEvent, type CsvOptions, readCsv } from './csv.js';
import { SAMPLES } from './test-samples.js';

async function events(text: string, options: CsvOptions, chunk = 7): Promise<CsvEvent[]> {
  async function* chunks() {
    for (let i = 0; i < text.length; i += chunk) yield text.slice(i, i + chunk);
  }
  const out: CsvEvent[] = [];
  for await (const ev of readCsv(chunks(), options)) out.push(ev);
  return out;
}

/** What csv-parse (the reader used before) gives with the options the importers used. */
function reference(text: string, options: CsvOptions): { line: number; fields: string[] }[] {
  const records = parse(text, {
    delimiter: options.delimiter,
    quote: options.quoted ? '"' : false,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    info: true,
    on_skip: (_err: CsvError | undefined) => undefined,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  return records.map((r) => ({ line: r.info.lines, fields: r.record }));
}

describe('readCsv', () => {
  it.each([
    ['DVF géolocalisées (Hendaye)', SAMPLES.dvfHendaye, { delimiter: ',', quoted: true }],
    ['DVF géolocalisées (Abzac)', SAMPLES.dvfAbzac, { delimiter: ',', quoted: true }],
    ['DVF brutes DGFiP (Bondy)', SAMPLES.dvfRawBondy, { delimiter: '|', quoted: false }],
    ['DPE existants', SAMPLES.dpeExistant, { delimiter: ',', quoted: true }],
    ['DPE neufs', SAMPLES.dpeNeufs, { delimiter: ',', quoted: true }],
    ['BAN', SAMPLES.banBondy, { delimiter: ';', quoted: false }],
    ['RNIC', SAMPLES.rnicBondy, { delimiter: ',', quoted: true }],
  ] as const)('reads the %s sample exactly as csv-parse did, whatever the chunking', async (_name, file, options) => {
    const text = readFileSync(file, 'utf8');
    const expected = reference(text, options);
    expect(expected.length).toBeGreaterThan(30);
    for (const chunk of [1 + (text.length % 13), 4096, text.length]) {
      const got = (await events(text, options, chunk)).map((e) => (e.kind === 'record' ? { line: e.line, fields: e.fields } : e));
      expect(got).toEqual(expected);
    }
  });

  it('keeps quoted delimiters, doubled quotes, multi-line fields and CRLF; drops the BOM and empty lines', async () => {
    const text = '\uFEFFa,b,c\r\n"x,1","say ""hi""",3\r\n\r\n"two\nlines",5,6\n7,8"9,\n';
    expect(await events(text, { delimiter: ',', quoted: true }, 3)).toEqual([
      { kind: 'record', line: 1, fields: ['a', 'b', 'c'] },
      { kind: 'record', line: 2, fields: ['x,1', 'say "hi"', '3'] },
      { kind: 'record', line: 5, fields: ['two\nlines', '5', '6'] },
      { kind: 'record', line: 6, fields: ['7', '8"9', ''] },
    ]);
  });

  it('counts the lines of several multi-line fields in one record, as csv-parse does', async () => {
    const text = 'a,b,c,d\n"x\ny",plain,"p\n\nq",4\n"",z,"",w\nlast,"r\ns",t,u\n';
    for (const chunk of [1, 3, 7, text.length]) {
      const got = (await events(text, { delimiter: ',', quoted: true }, chunk)).map((e) =>
        e.kind === 'record' ? { line: e.line, fields: e.fields } : e,
      );
      expect(got).toEqual(reference(text, { delimiter: ',', quoted: true }));
    }
    expect((await events(text, { delimiter: ',', quoted: true })).map((e) => e.line)).toEqual([1, 5, 6, 8]);
  });

  it('rejects a broken record with its line and goes on with the next one', async () => {
    const text = 'a,b\n"x"y,1\n2,3\n"never closed,4\n';
    expect(await events(text, { delimiter: ',', quoted: true })).toEqual([
      { kind: 'record', line: 1, fields: ['a', 'b'] },
      { kind: 'reject', line: 2, reason: 'ligne illisible (texte après un guillemet fermant)' },
      { kind: 'record', line: 3, fields: ['2', '3'] },
      { kind: 'reject', line: 5, reason: 'ligne illisible (guillemet jamais fermé)' },
    ]);
  });

  it('reads quotes as ordinary characters in an unquoted file, and a last line without newline', async () => {
    expect(await events('a|b\n"x|y"', { delimiter: '|', quoted: false })).toEqual([
      { kind: 'record', line: 1, fields: ['a', 'b'] },
      { kind: 'record', line: 2, fields: ['"x', 'y"'] },
    ]);
  });
});
