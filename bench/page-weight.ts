/**
 * First-load JavaScript of each public page (and one pro page for comparison): starts the built
 * server, reads the scripts and module preloads each SSR'd page references, sums their sizes
 * (raw and gzip), and checks that no public page ships map (MapLibre) or chart (ECharts) code.
 * Run after `npm run build`: `npm run bench -w bench` or `node --import tsx bench/page-weight.ts`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer } from '../e2e/support/server.ts';
import { SPEC_ROUTES } from '../shared/src/routes.ts';

const CLIENT_DIR = path.join(import.meta.dirname, '..', 'web', 'build', 'client');
// Signatures that only the libraries' own code contains.
const FORBIDDEN = [
  { name: 'MapLibre', pattern: /maplibregl|maplibre-gl/ },
  { name: 'ECharts', pattern: /echarts|__ec_inner_/ },
];

export interface PageWeight {
  path: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
  forbidden: string[];
}

/** The JS files an SSR'd page makes the browser load before it is interactive. */
export function referencedScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(m[1] as string);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(m[1] as string);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(m[1] as string);
  for (const m of html.matchAll(/import \* as [^ ]+ from "([^"]+\.js)"/g)) urls.add(m[1] as string);
  return [...urls].filter((u) => u.startsWith('/assets/'));
}

export async function measure(baseUrl: string, pagePath: string): Promise<PageWeight> {
  const html = await (await fetch(`${baseUrl}${pagePath}`, { headers: { 'user-agent': 'Mozilla/5.0 bench' } })).text();
  let rawBytes = 0;
  let gzipBytes = 0;
  const forbidden = new Set<string>();
  const files = referencedScripts(html);
  for (const url of files) {
    const body = readFileSync(path.join(CLIENT_DIR, url));
    rawBytes += body.length;
    gzipBytes += gzipSync(body).length;
    const text = body.toString('utf8');
    for (const f of FORBIDDEN) if (f.pattern.test(text)) forbidden.add(f.name);
  }
  return { path: pagePath, files: files.length, rawBytes, gzipBytes, forbidden: [...forbidden] };
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startServer();
  try {
    const publicPaths = SPEC_ROUTES.filter((r) => r.access === 'public' && !r.path.startsWith('/abo/')).map((r) => r.path);
    const rows: PageWeight[] = [];
    for (const p of [...publicPaths, '/pro/analysemarche']) rows.push(await measure(server.url, p));
    console.info('page'.padEnd(48), 'fichiers', 'JS brut'.padStart(12), 'JS gzip'.padStart(12), '  carte/graphique');
    for (const r of rows) {
      console.info(
        r.path.padEnd(48),
        String(r.files).padStart(8),
        kib(r.rawBytes).padStart(12),
        kib(r.gzipBytes).padStart(12),
        ' ',
        r.forbidden.join(', ') || 'aucun',
      );
    }
    const bad = rows.filter((r) => r.path !== '/pro/analysemarche' && r.forbidden.length > 0);
    if (bad.length) {
      console.error(`Pages publiques avec du code de carte ou de graphique : ${bad.map((r) => r.path).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}
