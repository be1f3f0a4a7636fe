/**
 * Reading an input file as a stream of text: gzip is recognised by its magic bytes (whatever the
 * name), the bytes read on disk are counted for the progress bar (% of bytes, ETA), the file's
 * SHA-256 is computed on the way, and the text is decoded as strict UTF-8 (the byte-order mark is
 * dropped): a file in another encoding stops the import with a French error before anything changes.
 * Sources whose publisher also ships Windows-1252 files (DGFiP personnes morales) are decoded in
 * that encoding when the start of the file is not UTF-8 (`sniffEncoding`).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { createGunzip, gunzipSync } from 'node:zlib';
import { ImportError } from './errors.js';

export interface InputStats {
  bytesTotal: number;
  bytesRead: number;
}

export type TextEncoding = 'utf-8' | 'windows-1252';

export interface TextInput {
  path: string;
  /** Name shown in reports (the file name, or the downloaded URL's). */
  name: string;
  gzip: boolean;
  stats: InputStats;
  /** The decoded text, chunk by chunk. Can be iterated once. */
  text(): AsyncIterable<string>;
  /** SHA-256 of the bytes on disk; complete once `text()` or `bytes()` was fully read. */
  sha256(): string;
  /**
   * The whole file as bytes (gzip undone), for the binary formats read at once (GeoPackage,
   * shapefile): counted and hashed like `text()`. Either this or `text()`, once.
   */
  bytes(): Promise<Buffer>;
}

async function isGzip(path: string): Promise<boolean> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(2);
    const { bytesRead } = await fh.read(buf, 0, 2, 0);
    return bytesRead === 2 && buf[0] === 0x1f && buf[1] === 0x8b;
  } finally {
    await fh.close();
  }
}

export async function openInput(path: string, name: string, encoding: TextEncoding = 'utf-8'): Promise<TextInput> {
  const size = (await stat(path)).size;
  if (size === 0) throw new ImportError(`Le fichier « ${name} » est vide.`);
  const gzip = await isGzip(path);
  const stats: InputStats = { bytesTotal: size, bytesRead: 0 };
  const hash = createHash('sha256');
  let digest = '';
  let used = false;
  return {
    path,
    name,
    gzip,
    stats,
    sha256: () => digest,
    async *text() {
      if (used) throw new Error('input already read');
      used = true;
      const raw = createReadStream(path, { highWaterMark: 256 * 1024 });
      raw.on('data', (chunk) => {
        stats.bytesRead += chunk.length;
        hash.update(chunk);
      });
      const bytes: AsyncIterable<Buffer> = gzip ? raw.pipe(createGunzip()) : raw;
      if (encoding === 'utf-8') yield* decodeUtf8(bytes, name);
      else yield* decodeSingleByte(bytes, name, encoding);
      digest = hash.digest('hex');
    },
    async bytes() {
      if (used) throw new Error('input already read');
      used = true;
      const raw = await readFile(path);
      stats.bytesRead = raw.length;
      digest = createHash('sha256').update(raw).digest('hex');
      return gzip ? gunzipSync(raw) : raw;
    },
  };
}

/** Strict UTF-8 decoding of a byte stream; a BOM at the start is dropped. */
export async function* decodeUtf8(bytes: AsyncIterable<Uint8Array>, name: string): AsyncIterable<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let offset = 0;
  try {
    for await (const chunk of bytes) {
      const text = decoder.decode(chunk, { stream: true });
      offset += chunk.length;
      if (text) yield text;
    }
    const tail = decoder.decode();
    if (tail) yield tail;
  } catch (err) {
    if (err instanceof TypeError && /encod|decod|invalid/i.test(err.message)) {
      throw new ImportError(
        `Le fichier « ${name} » n’est pas encodé en UTF-8 (octet invalide vers l’octet ${offset.toLocaleString('fr-FR')})\u00a0: ` +
          'réenregistrez-le en UTF-8 ou téléchargez la version officielle.',
      );
    }
    if (err instanceof Error && 'code' in err && (err.code === 'Z_DATA_ERROR' || err.code === 'Z_BUF_ERROR')) {
      throw new ImportError(`Le fichier compressé « ${name} » est corrompu ou tronqué (gzip invalide).`);
    }
    throw err;
  }
}

/** Windows-1252 (a superset of Latin-1 as browsers and Excel read it): every byte is a character. */
async function* decodeSingleByte(bytes: AsyncIterable<Uint8Array>, name: string, encoding: TextEncoding): AsyncIterable<string> {
  const decoder = new TextDecoder(encoding);
  try {
    for await (const chunk of bytes) {
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
    }
    const tail = decoder.decode();
    if (tail) yield tail;
  } catch (err) {
    if (err instanceof Error && 'code' in err && (err.code === 'Z_DATA_ERROR' || err.code === 'Z_BUF_ERROR')) {
      throw new ImportError(`Le fichier compressé « ${name} » est corrompu ou tronqué (gzip invalide).`);
    }
    throw err;
  }
}

/** UTF-8 when the first 64 KB (after gunzip) are valid UTF-8, else Windows-1252. */
export async function sniffEncoding(path: string): Promise<TextEncoding> {
  const gzip = await isGzip(path);
  const raw = createReadStream(path, { highWaterMark: 64 * 1024 });
  const bytes: AsyncIterable<Buffer> = gzip ? raw.pipe(createGunzip()) : raw;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let seen = 0;
  try {
    for await (const chunk of bytes) {
      decoder.decode(chunk, { stream: true });
      seen += chunk.length;
      if (seen >= 64 * 1024) break;
    }
    return 'utf-8';
  } catch (err) {
    if (err instanceof TypeError) return 'windows-1252';
    // A broken gzip stream is reported by the real read, with its own message.
    return 'utf-8';
  } finally {
    raw.destroy();
  }
}

/** The first `max` characters of the decoded text (source detection), without reading the rest. */
export async function peekText(path: string, name: string, max = 64 * 1024, encoding: TextEncoding = 'utf-8'): Promise<string> {
  const input = await openInput(path, name, encoding);
  let out = '';
  const it = input.text()[Symbol.asyncIterator]();
  try {
    while (out.length < max) {
      const next = await it.next();
      if (next.done) break;
      out += next.value;
    }
  } finally {
    await it.return?.();
  }
  return out.slice(0, max);
}
