/**
 * Test helpers of the market features: sample data imported with the real importer, and a router
 * served behind a stand-in for the accounts feature's session middleware (`req.user`).
 */
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import express, { type Router } from 'express';
import type { RequestUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { errorHandler } from '../../http/errors.js';
import { createLogger } from '../../logger.js';

export const SAMPLE = {
  bondyCadastre: 'cadastre/cadastre-93010-parcelles_2025.json.gz',
  bondyCadastre2022: 'cadastre/cadastre-93010-parcelles_2022.json.gz',
  bondyDvf: 'dvf/valeursfoncieres-2022_93010_bondy.txt',
  bondyBan: 'ban/adresses-93010_bondy.csv',
  bondyCopro: 'copro/rnic_extrait-R_93010_bondy_37-lignes.csv',
  hendayeDvf: 'dvf/dvf-api-cquest_2019-2023_64260_hendaye_appart-maison.csv',
} as const;

export function samplePath(file: string): string {
  return fileURLToPath(new URL(`../../../../../shared/data/${file}`, import.meta.url));
}

/**
 * Imports sample files in the order given (cadastre before raw DVF, so sales get their centroid).
 * The importers are loaded here, not with this module: most files that serve a router start from
 * a template that already holds their samples, and loading every importer costs each of them seconds.
 */
export async function importSamples(db: Db, files: readonly string[]): Promise<void> {
  const { runImport } = await import('../../importers/run.js');
  // Benchmarks call this outside the test set-up (setup.ts registers them too).
  (await import('../../import-hooks.js')).registerImportHooks();
  for (const file of files) {
    const report = await runImport(db, { path: samplePath(file), startedBy: 'cli:test' });
    if (report.status !== 'succeeded') throw new Error(`import of ${file} failed: ${report.error}`);
  }
}

// `as`: the accounts feature may extend RequestUser (client record…); these stand-ins carry what the guards read.
export const SUBSCRIBER = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'agent@exemple.fr',
  role: 'subscriber',
  aboactif: true,
  via: 'session',
  client: null,
} as RequestUser;
export const LAPSED = {
  ...SUBSCRIBER,
  id: '00000000-0000-4000-8000-000000000002',
  email: 'ancien@exemple.fr',
  aboactif: false,
} as RequestUser;

export interface RouterServer {
  url: string;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** Serves `router` under /api with `req.user` set to `user` (undefined: signed out). */
export async function serveRouter(router: Router, user: RequestUser | undefined): Promise<RouterServer> {
  const log = createLogger('silent');
  const server = express()
    .use(express.json({ limit: '1mb' }))
    .use((req, _res, next) => {
      if (user) req.user = user;
      next();
    })
    .use('/api', router)
    .use(errorHandler(log))
    .listen(0, '127.0.0.1');
  // An import in the test blocks the event loop for seconds between two requests; the server's
  // 5 s idle time-out could then close the kept-alive socket the client is just reusing (ECONNRESET).
  server.keepAliveTimeout = 120_000;
  await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    fetch: (p, init) => fetch(`${url}${p}`, init),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Creates the users table rows the stand-in users stand for (saved data references users). */
export async function ensureUsers(db: Db, users: readonly RequestUser[] = [SUBSCRIBER, LAPSED]): Promise<void> {
  for (const u of users) {
    await db.query(`INSERT INTO users (id, email, password_hash) VALUES ($1, $2, 'x') ON CONFLICT (id) DO NOTHING`, [u.id, u.email]);
  }
}

export const OTHER_SUBSCRIBER = {
  ...SUBSCRIBER,
  id: '00000000-0000-4000-8000-000000000003',
  email: 'autre@exemple.fr',
} as RequestUser;
