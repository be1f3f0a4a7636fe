/**
 * The server tests' database templates: the migrated empty one, and a few that already hold the
 * samples many files import (importing them takes seconds, copying a template well under one).
 * Each is named by a hash of what makes it, so a run reuses the previous run's templates until a
 * migration, the importers or a sample changes. No Vitest here: global-setup.ts builds them,
 * db.ts picks one for a test file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../db/migrate.js';
import { SAMPLE, samplePath } from '../features/market/test-support.js';
import { hashFiles, importGraph, REPO_ROOT } from './source-graph.js';
import { setKey } from './template-keys.js';

/** Out of the repository's tree proper (node_modules is ignored), kept between runs. */
export const CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'immoloupe-test');

export const DPE_FRANCE = 'dpe/dpe03existant_extrait-1000_france.csv';
export const DPE_LYON8 = 'dpe/dpe-v2-logements-neufs_extrait_cp69008_lyon8.csv';

/**
 * Sample sets prepared as templates, each imported in its order. A file asking for samples gets
 * the longest of these that begins its own list, and imports the rest itself: a set here only
 * saves time, it never changes what a test sees. Add one when several files import the same
 * beginning.
 */
export const SAMPLE_SETS: readonly (readonly string[])[] = [
  // Bondy's parcels alone: the start of the two sets below, and of the files that import the rest themselves.
  [SAMPLE.bondyCadastre],
  [SAMPLE.bondyCadastre, SAMPLE.bondyBan],
  [SAMPLE.bondyCadastre, SAMPLE.bondyDvf],
  [SAMPLE.bondyCadastre, SAMPLE.bondyDvf, SAMPLE.bondyBan, SAMPLE.bondyCopro],
  // Two vintages of Bondy's cadastre and its addresses: the parcel search and the geocoder.
  [SAMPLE.bondyCadastre2022, SAMPLE.bondyCadastre, SAMPLE.bondyBan],
  [SAMPLE.hendayeDvf],
  [DPE_FRANCE],
  [DPE_FRANCE, DPE_LYON8],
];

const SRC = path.join(REPO_ROOT, 'server', 'src');

function pgliteVersion(): string {
  const file = path.join(REPO_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * The hash of the migrated template: the migrations, the code that opens and migrates, and the
 * PGlite build (its data folder format). A sample set's adds the importers' code and the files.
 */
export function templateHashes(): { empty: string; sets: Map<string, string> } {
  const migrations = readdirSync(MIGRATIONS_DIR).map((f) => path.join(MIGRATIONS_DIR, f));
  const cache = new Map<string, string[]>();
  const opening = importGraph([path.join(SRC, 'db', 'migrate.ts'), path.join(SRC, 'db', 'client.ts')], cache);
  const empty = hashFiles([...migrations, ...opening], [pgliteVersion()]);
  const importers = hashFiles(
    importGraph(
      [
        path.join(SRC, 'importers', 'run.ts'),
        path.join(SRC, 'features', 'market', 'test-support.ts'),
        path.join(SRC, 'features', 'land', 'index.ts'),
      ],
      cache,
    ),
  );
  const sets = new Map<string, string>();
  for (const samples of SAMPLE_SETS) {
    sets.set(setKey(samples), hashFiles(samples.map(samplePath), [empty, importers, ...samples]));
  }
  sets.set('', empty);
  return { empty, sets };
}
