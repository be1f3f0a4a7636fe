/**
 * Listing feeds: datasets of the portals (Bien'ici API export, PAP extract, SeLoger and SeLoger Neuf
 * cards as CSV; leboncoin search-API objects as JSON) imported into the shared pool of listings
 * (`listings.user_id` NULL, decision 0910). Each row is read by the portal's own parser
 * (shared/src/listings), staged as JSON, then merged by the listings store's rules (the `listingsStaged` event): same portal id,
 * or the same property on another portal; a re-capture at another price adds one price point.
 */
import { createHash } from 'node:crypto';
import type { ParsedListing } from '@immoloupe/shared/listings/contracts';
import { feedFields } from '@immoloupe/shared/listings/feed.logic';
import { datasetKind, datasetRow, leboncoinApiAds } from '@immoloupe/shared/listings/portals/datasets';
import { readCsvBatches } from './csv.js';
import { ImportError } from './errors.js';
import type { Importer } from './importer.js';
import { emitImportEvent } from './refresh.js';
import type { Column, StageValue } from './stage.js';

const columns: readonly Column[] = [
  ['source_line', 'integer'],
  ['fields', 'jsonb'],
];

/** JSON feeds are read whole (a search-API extract); past this size the file is not a feed. */
const MAX_JSON_CHARS = 200 * 1024 * 1024;

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** A JSON feed: leboncoin ads, bare or in the `{ "result": "<JSON>" }` wrapper of the API scripts. */
export function looksLikeJsonFeed(head: string): boolean {
  return /"result"\s*:\s*"\[\s*\{/.test(head) || (/"list_id"\s*:/.test(head) && /"attributes"\s*:/.test(head));
}

/** A CSV feed, from its header line. */
export function looksLikeCsvFeed(header: string): boolean {
  return datasetKind(header.split(',').map((h) => h.trim().replace(/^"|"$/g, ''))) !== undefined;
}

function row(line: number, l: ParsedListing, reject: (line: number, reason: string) => void): StageValue[] | null {
  const fields = feedFields(l, sha);
  if (typeof fields === 'string') {
    reject(line, fields);
    return null;
  }
  return [line, fields as Record<string, unknown>];
}

async function* jsonRows(text: AsyncIterable<string>, name: string, reject: (line: number, reason: string) => void) {
  let all = '';
  for await (const chunk of text) {
    all += chunk;
    if (all.length > MAX_JSON_CHARS) throw new ImportError(`« ${name} »\u00a0: fichier JSON trop gros pour un flux d’annonces.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(all);
  } catch {
    throw new ImportError(`« ${name} »\u00a0: JSON illisible ou tronqué (le fichier s’arrête avant sa fin)\u00a0; rien n’a été importé.`);
  }
  const ads = leboncoinApiAds(json);
  if (!ads) throw new ImportError(`« ${name} »\u00a0: aucune annonce leboncoin (objets de l’API de recherche) dans ce JSON.`);
  // A JSON feed has no lines: an ad is reported by its position in the list.
  for (const [i, ad] of ads.entries()) {
    const out = row(i + 1, ad.build(), reject);
    if (out) yield out;
  }
}

async function* csvRows(text: AsyncIterable<string>, name: string, reject: (line: number, reason: string) => void) {
  let header: string[] | null = null;
  let kind: ReturnType<typeof datasetKind>;
  // The last record is held back: a file cut in its middle is refused whole, not half-imported.
  let pending: { line: number; fields: string[] } | null = null;
  let brokenAtEnd: { line: number; reason: string } | null = null;
  const emit = (rec: { line: number; fields: string[] }): StageValue[] | null => {
    const width = header?.length ?? 0;
    if (rec.fields.length !== width) {
      reject(rec.line, `${rec.fields.length} colonnes au lieu de ${width}`);
      return null;
    }
    const obj = Object.fromEntries((header ?? []).map((h, i) => [h, rec.fields[i] ?? '']));
    if (Object.values(obj).every((v) => v.trim() === '')) {
      reject(rec.line, 'ligne vide');
      return null;
    }
    const draft = kind ? datasetRow(kind, obj) : undefined;
    if (!draft || draft.isEmpty) {
      reject(rec.line, 'aucune donnée d’annonce lisible');
      return null;
    }
    return row(rec.line, draft.build(), reject);
  };
  for await (const events of readCsvBatches(text, { delimiter: ',', quoted: true }))
    for (const ev of events) {
      if (ev.kind === 'reject') {
        brokenAtEnd = { line: ev.line, reason: ev.reason };
        continue;
      }
      if (brokenAtEnd) {
        reject(brokenAtEnd.line, brokenAtEnd.reason);
        brokenAtEnd = null;
      }
      if (!header) {
        header = ev.fields.map((h) => h.replace(/^\ufeff/, '').trim());
        kind = datasetKind(header);
        if (!kind)
          throw new ImportError(
            `« ${name} »\u00a0: colonnes non reconnues pour un flux d’annonces (export Bien’ici, extrait PAP, cartes SeLoger ou SeLoger Neuf).`,
          );
        continue;
      }
      if (pending) {
        const out = emit(pending);
        if (out) yield out;
      }
      pending = { line: ev.line, fields: ev.fields };
    }
  if (brokenAtEnd || (pending && header && pending.fields.length < header.length)) {
    throw new ImportError(
      `« ${name} »\u00a0: le fichier semble tronqué (dernière ligne incomplète, ligne ${brokenAtEnd?.line ?? pending?.line})\u00a0; rien n’a été importé.`,
    );
  }
  if (pending) {
    const out = emit(pending);
    if (out) yield out;
  }
}

export const listingFeedsImporter: Importer = {
  source: 'annonces',
  columns,
  async *rows(input, ctx) {
    const chunks = input.text()[Symbol.asyncIterator]();
    const first = await chunks.next();
    const head = first.done ? '' : first.value;
    async function* all() {
      if (head) yield head;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    }
    const reject = (line: number, reason: string) => ctx.reject(line, reason);
    if (/^\s*[[{]/.test(head)) yield* jsonRows(all(), input.name, reject);
    else yield* csvRows(all(), input.name, reject);
  },
  async merge(tx, stage, ctx) {
    // The listings feature's store merges them (its rules: same portal id, or the same property).
    return { vintage: null, summary: await emitImportEvent(tx, 'listingsStaged', { stage, runId: ctx.runId }) };
  },
};
