/**
 * First-load JavaScript of the home page (`/`): the entry, root and route chunks and every module
 * preload the server-rendered page references, file by file, raw and gzip. Fails when map or
 * chart code appears, or when the gzip total passes the budget. Run after `npm run build`:
 * `node --import tsx bench/home-weight.ts`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer } from '../e2e/support/server.ts';
import { measure, referencedScripts } from './page-weight.ts';

/** gzip bytes the home page's first-load JS may weigh (React, React Router, Mantine and the page). */
export const HOME_JS_BUDGET_GZIP = 250 * 1024;

const CLIENT_DIR = path.join(import.meta.dirname, '..', 'web', 'build', 'client');
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

const server = await startServer();
try {
  const html = await (await fetch(`${server.url}/`, { headers: { 'user-agent': 'Mozilla/5.0 bench' } })).text();
  console.info('Page d’accueil\u00a0: JavaScript chargé au premier affichage');
  console.info('fichier'.padEnd(52), 'brut'.padStart(11), 'gzip'.padStart(11));
  for (const url of referencedScripts(html)) {
    const body = readFileSync(path.join(CLIENT_DIR, url));
    console.info(url.padEnd(52), kib(body.length).padStart(11), kib(gzipSync(body).length).padStart(11));
  }
  const total = await measure(server.url, '/');
  console.info(
    `TOTAL ${total.files} fichiers : ${kib(total.rawBytes)} brut, ${kib(total.gzipBytes)} gzip (budget ${kib(HOME_JS_BUDGET_GZIP)} gzip)`,
  );
  // The shortest public page shares the shell (React, router, Mantine, layout): the difference is the home page's own code.
  const minimal = await measure(server.url, '/index_old');
  console.info(
    `dont propre à l’accueil (par rapport à /index_old, ${kib(minimal.gzipBytes)} gzip) : ${kib(total.gzipBytes - minimal.gzipBytes)} gzip`,
  );
  console.info(`Code de carte ou de graphique : ${total.forbidden.join(', ') || 'aucun'}`);
  if (total.forbidden.length > 0 || total.gzipBytes > HOME_JS_BUDGET_GZIP) process.exitCode = 1;
} finally {
  await server.stop();
}
