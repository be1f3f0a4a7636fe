/**
 * The local icon endpoint: the Iconify API shape (`GET /api/_icons/{prefix}.json?icons=a,b`)
 * served from icon sets installed from npm, so the browser never calls an icon service.
 */
import { createRequire } from 'node:module';
import type { IconifyJSON } from '@iconify/types';
import { getIcons } from '@iconify/utils';
import { ICONS } from '@immoloupe/shared/constants';
import { Router } from 'express';
import { HttpError } from '../../http/errors.js';

const require = createRequire(import.meta.url);
const SETS: Record<string, () => IconifyJSON> = {
  tabler: () => require('@iconify-json/tabler/icons.json') as IconifyJSON,
};
const cache = new Map<string, IconifyJSON>();

function iconSet(prefix: string): IconifyJSON | undefined {
  // Own keys only: `constructor.json` would otherwise find Object's constructor and fail (a 500).
  if (!Object.hasOwn(SETS, prefix)) return undefined;
  const load = SETS[prefix];
  if (!load) return undefined;
  let set = cache.get(prefix);
  if (!set) {
    set = load();
    cache.set(prefix, set);
  }
  return set;
}

export function iconRoutes(): Router {
  const router = Router();
  router.get('/_icons/:file', (req, res) => {
    // The client splits its requests below this length; a longer one is not ours.
    if (req.originalUrl.length > ICONS.maxUrlLength) throw new HttpError(414, 'Adresse de requête trop longue.');
    const match = /^([a-z0-9-]+)\.json$/.exec(req.params.file);
    const set = match?.[1] ? iconSet(match[1]) : undefined;
    if (!set) throw new HttpError(404, 'Jeu d’icônes inconnu.');
    const names = String(req.query.icons ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (names.length === 0) throw new HttpError(400, 'Paramètre « icons » manquant.');
    const data = getIcons(set, names);
    if (!data) throw new HttpError(404, 'Icônes introuvables.');
    res.setHeader('Cache-Control', 'public, max-age=604800');
    res.json(data);
  });
  return router;
}
