/**
 * Streaming CSV reading: records come with their line number in the file (the line where the
 * record ends), and a record that cannot be read (a closing quote followed by text, a quote never
 * closed) is reported as a rejected line instead of stopping the import.
 *
 * Hand-written rather than csv-parse: the open-data files are millions of plain lines, and a
 * splitter that takes the `indexOf` fast path on lines without quotes reads them about five times
 * faster, which the import throughput targets need (docs/decisions/0850). Same reading as the
 * csv-parse options used before: byte-order mark dropped, LF or CRLF, empty lines skipped,
 * any number of columns, `""` inside a quoted field, a `"` inside an unquoted field kept as is.
 */

export type CsvEvent = { kind: 'record'; line: number; fields: string[] } | { kind: 'reject'; line: number; reason: string };

export interface CsvOptions {
  delimiter: string;
  /** Files written without quoting (BAN, DGFiP): a `"` is then an ordinary character. */
  quoted: boolean;
}

type Parsed =
  | { kind: 'record'; fields: string[]; end: number; lines: number }
  | { kind: 'error'; reason: string; end: number; lines: number }
  | { kind: 'incomplete' };

function countNewlines(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = s.indexOf('\n', from); i !== -1 && i < to; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/** Index just past the end of the line containing `from` (after its `\n`), or the text's length. */
function nextLineStart(s: string, from: number): number {
  const nl = s.indexOf('\n', from);
  return nl === -1 ? s.length : nl + 1;
}

/**
 * One record starting at `start`, quotes honoured. `end` is the index after the record's newline.
 * `final`: no more text will come, so an unterminated record is complete (or broken).
 */
function parseQuoted(buf: string, start: number, delimiter: string, final: boolean): Parsed {
  const fields: string[] = [];
  let i = start;
  let lines = 0;
  // The first newline at or after `i`, searched again only once passed: looking for it from each
  // field scanned the rest of the line every time (a DPE line has 225 quoted fields).
  let nl = buf.indexOf('\n', i);
  for (;;) {
    if (buf.charCodeAt(i) === 34 /* " */) {
      let value = '';
      let j = i + 1;
      for (;;) {
        const q = buf.indexOf('"', j);
        if (q === -1) {
          if (!final) return { kind: 'incomplete' };
          return { kind: 'error', reason: 'guillemet jamais fermé', end: buf.length, lines: lines + countNewlines(buf, i, buf.length) };
        }
        value += buf.slice(j, q);
        if (buf.charCodeAt(q + 1) === 34) {
          value += '"';
          j = q + 2;
          continue;
        }
        if (nl !== -1 && nl < q) {
          lines += countNewlines(buf, nl, q);
          nl = buf.indexOf('\n', q);
        }
        i = q + 1;
        break;
      }
      if (i >= buf.length && !final) return { kind: 'incomplete' };
      fields.push(value);
      const c = buf[i];
      if (i >= buf.length) return { kind: 'record', fields, end: i, lines };
      if (c === delimiter) {
        i++;
        continue;
      }
      if (c === '\n') return { kind: 'record', fields, end: i + 1, lines };
      if (c === '\r' && buf[i + 1] === '\n') return { kind: 'record', fields, end: i + 2, lines };
      if (c === '\r' && i + 1 >= buf.length && !final) return { kind: 'incomplete' };
      const end = nextLineStart(buf, i);
      return { kind: 'error', reason: 'texte après un guillemet fermant', end, lines };
    }
    const d = buf.indexOf(delimiter, i);
    if (nl === -1 && !final && d === -1) return { kind: 'incomplete' };
    if (d !== -1 && (nl === -1 || d < nl)) {
      fields.push(buf.slice(i, d));
      i = d + 1;
      continue;
    }
    if (nl === -1) {
      if (!final) return { kind: 'incomplete' };
      fields.push(buf.slice(i));
      return { kind: 'record', fields, end: buf.length, lines };
    }
    fields.push(buf.slice(i, nl > i && buf.charCodeAt(nl - 1) === 13 ? nl - 1 : nl));
    return { kind: 'record', fields, end: nl + 1, lines };
  }
}

/** Splits text pushed chunk by chunk into CSV events. */
export class CsvSplitter {
  private buf = '';
  private line = 0;
  private started = false;

  constructor(private readonly options: CsvOptions) {}

  /** Events of the records completed by `chunk`; call `end()` after the last chunk. */
  push(chunk: string, out: CsvEvent[] = []): CsvEvent[] {
    if (!this.started) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    this.buf = this.buf.length === 0 ? chunk : this.buf + chunk;
    this.drain(false, out);
    return out;
  }

  end(out: CsvEvent[] = []): CsvEvent[] {
    this.drain(true, out);
    return out;
  }

  private drain(final: boolean, out: CsvEvent[]): void {
    const { delimiter, quoted } = this.options;
    const buf = this.buf;
    let pos = 0;
    // Position of the next quote, searched again only once passed (one scan of the text in all).
    let quote = quoted ? buf.indexOf('"') : -1;
    while (pos < buf.length) {
      const nl = buf.indexOf('\n', pos);
      if (nl === -1 && !final) break;
      const lineEnd = nl === -1 ? buf.length : nl;
      if (quote !== -1 && quote < pos) quote = buf.indexOf('"', pos);
      if (quote === -1 || quote > lineEnd) {
        this.line++;
        const stop = lineEnd > pos && buf.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd;
        if (stop > pos) out.push({ kind: 'record', line: this.line, fields: buf.slice(pos, stop).split(delimiter) });
        pos = lineEnd + 1;
        continue;
      }
      const parsed = parseQuoted(buf, pos, delimiter, final);
      if (parsed.kind === 'incomplete') break;
      this.line += 1 + parsed.lines;
      if (parsed.kind === 'record') out.push({ kind: 'record', line: this.line, fields: parsed.fields });
      else out.push({ kind: 'reject', line: this.line, reason: `ligne illisible (${parsed.reason})` });
      pos = parsed.end;
    }
    this.buf = pos >= buf.length ? '' : buf.slice(pos);
  }
}

/**
 * Records of a CSV text stream, the header first (line 1), as the arrays of records completed by
 * each chunk read: an importer walks them synchronously, one await per chunk instead of one per
 * record (reading speed, decision 0850).
 */
export async function* readCsvBatches(text: AsyncIterable<string>, options: CsvOptions): AsyncIterable<CsvEvent[]> {
  const splitter = new CsvSplitter(options);
  for await (const chunk of text) yield splitter.push(chunk);
  yield splitter.end();
}

export type CsvRecord = Extract<CsvEvent, { kind: 'record' }>;

/**
 * The readable records of a CSV text stream, per chunk as `readCsvBatches`, each unreadable one
 * reported to `ctx` as a rejected line (what every open-data importer does with them).
 */
export async function* csvRecordBatches(
  text: AsyncIterable<string>,
  options: CsvOptions,
  ctx: { reject(line: number, reason: string): void },
): AsyncIterable<CsvRecord[]> {
  for await (const events of readCsvBatches(text, options)) {
    const records: CsvRecord[] = [];
    for (const ev of events) {
      if (ev.kind === 'record') records.push(ev);
      else ctx.reject(ev.line, ev.reason);
    }
    yield records;
  }
}

/** Records of a CSV text stream one by one, the header first (line 1). */
export async function* readCsv(text: AsyncIterable<string>, options: CsvOptions): AsyncIterable<CsvEvent> {
  for await (const events of readCsvBatches(text, options)) yield* events;
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

/**
 * The separator of a CSV file from its header line: `,`, `;` or tab, whichever splits it most
 * outside quotes (a re-export of an open-data file often swaps the comma for a semicolon). The
 * byte-order mark and quoted names are tolerated; `fallback` when the line has none of them.
 */
export function detectDelimiter(headerLine: string, fallback = ','): string {
  let best = fallback;
  let bestCount = 0;
  const line = headerLine.replace(/^\ufeff/, '');
  for (const delimiter of [',', ';', '\t']) {
    let count = 0;
    let quoted = false;
    for (const ch of line) {
      if (ch === '"') quoted = !quoted;
      else if (ch === delimiter && !quoted) count++;
    }
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/** The stream's first line read ahead, then the whole stream again (nothing consumed). */
export async function peekFirstLine(text: AsyncIterable<string>): Promise<{ firstLine: string; text: AsyncIterable<string> }> {
  const it = text[Symbol.asyncIterator]();
  const head: string[] = [];
  let seen = '';
  while (!seen.includes('\n') && seen.length < 1_000_000) {
    const next = await it.next();
    if (next.done) break;
    head.push(next.value);
    seen += next.value;
  }
  async function* replay(): AsyncIterable<string> {
    yield* head;
    for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
  }
  return { firstLine: seen.split('\n')[0] ?? '', text: replay() };
}
