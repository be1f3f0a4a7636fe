/**
 * The browser extension's API: the analysis of a parsed listing for its panel, who the key
 * belongs to (settings page), and the download of the built extension. The extension signs in
 * with an access key (`Authorization: Bearer`); `extensionCors` opens these paths, and only
 * these, to the extension's origin.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analysisRequestSchema, EXTENSION_API_PATHS, type ListingAnalysis } from '@immoloupe/shared/extension/contracts';
import { listingFieldsSchema } from '@immoloupe/shared/listings/store.logic';
import { type RequestHandler, Router } from 'express';
import { requireSubscriber, requireUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { localiseListing, saveSighting } from '../listings/index.js';
import { analyseListing, localisationQueryOf } from './analysis.js';

/** Where `npm run build -w extension` writes the packages (repository root/extension/dist). */
export const EXTENSION_DIST_DIR = fileURLToPath(new URL('../../../../extension/dist/', import.meta.url));
export const EXTENSION_PACKAGES = { chrome: 'immoloupe-extension-chrome.zip', firefox: 'immoloupe-extension-firefox.zip' } as const;

const EXTENSION_VERSION: string = (
  JSON.parse(readFileSync(fileURLToPath(new URL('../../../../extension/package.json', import.meta.url)), 'utf8')) as { version: string }
).version;

const API_PATHS = new Set<string>(EXTENSION_API_PATHS);

/**
 * CORS for the extension: its Chromium origin (fixed id) and Firefox's per-install
 * `moz-extension://<uuid>` origins (no web page can have that scheme), on the extension's paths only.
 * Mounted on /api before the session reader, so that a refused key (401) is readable by the extension.
 */
export function extensionCors(options: { chromiumIds: readonly string[] }): RequestHandler {
  const allowed = (origin: string) =>
    options.chromiumIds.some((id) => origin === `chrome-extension://${id}`) || /^moz-extension:\/\/[0-9a-f-]{36}$/.test(origin);
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (!origin || !API_PATHS.has(req.path) || !allowed(origin)) return next();
    res.vary('Origin');
    res.setHeader('Access-Control-Allow-Origin', origin);
    if (req.method !== 'OPTIONS') return next();
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
  };
}

export function extensionRoutes({ db }: { db: Db }): Router {
  const router = Router();

  router.get('/extension/whoami', requireUser, (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ email: (req.user as { email: string }).email });
  });

  router.post('/extension/analysis', requireSubscriber, async (req, res) => {
    const { listing } = analysisRequestSchema.parse(req.body ?? {});
    const market = await analyseListing(db, listing);
    const query = localisationQueryOf(listing, market.commune?.insee);
    const candidates = query ? await localiseListing(db, query, listing, market.commune?.insee ?? null) : null;
    const analysis: ListingAnalysis = {
      ...market,
      localisation: candidates && {
        candidates: candidates.map((c) => ({ label: c.address, score: c.score, detail: c.reasons.join(' · ') })),
      },
    };
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(analysis);
  });

  // « Enregistrer dans Mes annonces » from the panel: the listings store's own rules (a re-capture of
  // the same property joins it and adds a price point), for the key's owner only.
  router.post('/extension/listings', requireSubscriber, async (req, res) => {
    const { listing } = analysisRequestSchema.parse(req.body ?? {});
    const fields = listingFieldsSchema.parse(listing);
    const saved = await db.transaction((tx) => saveSighting(tx, (req.user as { id: string }).id, fields));
    res.status(saved.merged ? 200 : 201).json(saved);
  });

  // Which packages this server can hand out (the /pro/extension page), with their size and build date.
  router.get('/extension/packages', (_req, res) => {
    const info = (file: string) => {
      const path = `${EXTENSION_DIST_DIR}${file}`;
      if (!existsSync(path)) return null;
      const stat = statSync(path);
      return { size: stat.size, builtAt: stat.mtime.toISOString() };
    };
    res.setHeader('Cache-Control', 'no-cache');
    res.json({ version: EXTENSION_VERSION, chrome: info(EXTENSION_PACKAGES.chrome), firefox: info(EXTENSION_PACKAGES.firefox) });
  });

  router.get('/extension/download/:browser', (req, res) => {
    const browser = req.params.browser as keyof typeof EXTENSION_PACKAGES;
    const file = Object.hasOwn(EXTENSION_PACKAGES, browser) ? EXTENSION_PACKAGES[browser] : undefined;
    if (!file) throw new HttpError(404, 'Navigateur inconnu\u00a0: choisissez chrome ou firefox.');
    const path = `${EXTENSION_DIST_DIR}${file}`;
    if (!existsSync(path)) throw new HttpError(404, 'L’extension n’a pas été construite sur ce serveur (npm run build).');
    res.download(path, file, { headers: { 'Cache-Control': 'no-cache' } });
  });

  return router;
}
