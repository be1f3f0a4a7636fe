/**
 * `POST /api/listings/parse` under hostile and real input: for texts of digits, letters and mixed
 * noise (50 000 to 200 000 characters) and for the largest real pages of the listing samples, the
 * time of the parse request and of a `GET /api/version` sent while it runs. The bounds:
 * parse under 1 s, version under 100 ms.
 * Run: `npm run bench:listing-parse -w bench`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import { listingRoutes } from '../server/src/features/listings/routes.ts';
import { type RouterServer, SUBSCRIBER, serveRouter } from '../server/src/features/market/test-support.ts';
import { versionRoutes } from '../server/src/features/version/routes.ts';

const SAMPLES = path.join(import.meta.dirname, '..', '..', 'shared', 'data', 'listings');

function noise(size: number, alphabet: string): string {
  let seed = 36;
  let out = '';
  for (let i = 0; i < size; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    out += alphabet[seed % alphabet.length];
  }
  return out;
}

async function timed(api: RouterServer, init: RequestInit): Promise<{ parseMs: number; versionMs: number; status: number }> {
  const start = performance.now();
  const parsing = api.fetch('/api/listings/parse', init).then(async (r) => {
    await r.arrayBuffer();
    return { status: r.status, ms: performance.now() - start };
  });
  await new Promise((r) => setTimeout(r, 10));
  const v = performance.now();
  await (await api.fetch('/api/version')).arrayBuffer();
  const versionMs = performance.now() - v;
  const p = await parsing;
  return { parseMs: p.ms, versionMs, status: p.status };
}

// The parse route reads no table: the database is never opened.
const api = await serveRouter(
  Router()
    .use(versionRoutes('bench'))
    .use(listingRoutes({ db: undefined as never })),
  SUBSCRIBER,
);
const json = (text: string) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
await timed(api, json('Appartement 3 pièces 62 m² Bondy (93140) 239 000 €'));

console.log('input                                   chars    parse ms  version ms  status');
const row = (name: string, chars: number, r: { parseMs: number; versionMs: number; status: number }) =>
  console.log(
    `${name.padEnd(38)} ${String(chars).padStart(7)} ${r.parseMs.toFixed(0).padStart(10)} ${r.versionMs.toFixed(0).padStart(11)} ${String(r.status).padStart(7)}`,
  );
for (const size of [50_000, 100_000, 200_000]) {
  for (const [name, alphabet] of [
    ['digits', '0123456789'],
    ['letters', 'abcdefghijklmnopqrstuvwxyz'],
    ['mixed noise', '0123456789 abcdefXYZ-’(),./:€²m\u00a0ée'],
  ] as const) {
    const text = size === 200_000 && name === 'digits' ? '7'.repeat(size) : noise(size, alphabet);
    row(`text: ${name}`, size, await timed(api, json(text)));
  }
}
for (const file of [
  'leboncoin/lbc_search-page_vente_brest-29200_2025-09.html',
  'logicimmo/logicimmo_search-page_vente_toulon-83000_2025-12.html',
]) {
  const html = readFileSync(path.join(SAMPLES, file), 'utf8');
  row(
    `page: ${path.basename(file).slice(0, 32)}`,
    html.length,
    await timed(api, { method: 'POST', headers: { 'content-type': 'text/html' }, body: html }),
  );
}
await api.close();
