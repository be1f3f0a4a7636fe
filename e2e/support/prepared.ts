/**
 * Prepared PGlite data folders for the journeys. A PGlite data folder is a plain directory: built
 * once per run (migrated, the job queue's schema in place, the journeys' accounts created, the
 * samples imported with the documented `data:import` command), then copied for each journey file
 * (`startServer({ prepared: 'market' })`), so that a file pays neither initdb, migrations, imports
 * nor account creation, and its writes stay its own.
 *
 * The global set-up (global-setup.ts) builds the base folder and the data sets the run's files
 * name, two at a time; a data set nobody built yet (a file it did not see) is built on first use,
 * under a lock that other workers wait on.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { writeDpeFixture, writeDvfFixture } from '../extension/dvf-fixture.js';
import { writeHendayeFeed } from '../listings/hendaye-feed.js';
import { JOURNEY_ACCOUNTS } from './accounts.js';
import { createAccounts, DPE_SAMPLES, importSamples } from './data.js';

const BONDY_PARCELS = 'cadastre/cadastre-93010-parcelles_2025.json.gz';
const BONDY_DVF = 'dvf/valeursfoncieres-2022_93010_bondy.txt';
const BONDY_BAN = 'ban/adresses-93010_bondy.csv';
const BONDY_RNIC = 'copro/rnic_extrait-R_93010_bondy_37-lignes.csv';
const HENDAYE_DVF = 'dvf/dvf-api-cquest_2019-2023_64260_hendaye_appart-maison.csv';
const [DPE_FRANCE, DPE_LYON8] = DPE_SAMPLES as [string, string];

export type DataSetName =
  | 'empty'
  | 'bondy-parcels'
  | 'bondy-land'
  | 'bondy'
  | 'bondy-all'
  | 'market'
  | 'bondy-lyon8'
  | 'bondy-lyon8-feeds'
  | 'bondy-prospecting'
  | 'bondy-vintages'
  | 'bondy-sales'
  | 'dpe-france'
  | 'dpe'
  | 'dpe-copro'
  | 'paris18'
  | 'hendaye-listings'
  | 'extension';

interface DataSet {
  /**
   * Built on a copy of that data set rather than on the base. Only where its files come after the
   * parent's in the importer's order (cadastre, BAN, RNIC, raw DVF, DVF, DPE…), so that the result
   * is the one a single `data:import` of all of them gives.
   */
  from?: DataSetName;
  /** Files of ../shared/data, relative to it. */
  samples?: readonly string[];
  /** Made-up files a journey needs, written in `dir`; imported after the samples, in the same command. */
  fixtures?: (dir: string) => string[];
}

/** The data sets, each the exact set of files its journeys imported themselves before. */
const DATA_SETS: Record<DataSetName, DataSet> = {
  /** Migrations, job queue and accounts only. */
  empty: {},
  /** Shared by the Bondy sets below (the cadastre is the longest import). */
  'bondy-parcels': { samples: [BONDY_PARCELS] },
  /** Bondy's parcels and 2022 sales: map3d, saved-addresses, saved-searches. */
  bondy: { from: 'bondy-parcels', samples: [BONDY_DVF] },
  /** Bondy's parcels, its 2025 PLUi zoning (GPU GeoPackage) and its buildings: the land search. */
  'bondy-land': {
    from: 'bondy-parcels',
    samples: [
      'plu/gpu-cnig_couches-m3-2025_plui-est-ensemble_93010_bondy.gpkg',
      'cadastre-batiments/cadastre-93010-batiments_extrait-34-premiers.json',
    ],
  },
  'bondy-all': { from: 'bondy-parcels', samples: [BONDY_DVF, BONDY_BAN, BONDY_RNIC] },
  /** The market tools' samples (`MARKET_SAMPLES`): market, maps. */
  market: { from: 'bondy-all', samples: [HENDAYE_DVF] },
  /** Bondy and the new builds of Lyon 8e: the accessibility sweep of the pro area. */
  'bondy-lyon8': { from: 'bondy-all', samples: [DPE_LYON8] },
  /** The same and the Bien'ici export of Toulon, for a listing feed on the map: map-legends. */
  'bondy-lyon8-feeds': {
    from: 'bondy-lyon8',
    samples: ['listings/bienici/bienici_api-flattened_vente_toulon-83_2026-03_first500rows.csv'],
  },
  /** Bondy's parcels and co-ownerships, the DPE of all France: prospecting-search. */
  'bondy-prospecting': { from: 'bondy-parcels', samples: [BONDY_RNIC, DPE_FRANCE] },
  /** Two vintages of Bondy's cadastre: parcel-search. */
  'bondy-vintages': { samples: ['cadastre/cadastre-93010-parcelles_2022.json.gz', BONDY_PARCELS] },
  /** Bondy's 2022 sales alone: the alerts journey imports the newer ones. */
  'bondy-sales': { samples: [BONDY_DVF] },
  /** 1 000 DPE of all France: dpe-letters. */
  'dpe-france': { samples: [DPE_FRANCE] },
  /** Both DPE samples: listings. */
  dpe: { from: 'dpe-france', samples: [DPE_LYON8] },
  /** The DPE of all France and Bondy's co-ownerships: prospecting-tools. */
  'dpe-copro': { samples: [DPE_FRANCE, BONDY_RNIC] },
  /** Paris 18e's cadastre and legal-entity owners: prospecting. */
  paris18: { samples: ['cadastre/cadastre-75118-parcelles_2025.json.gz', 'personnes-morales/PM_25_NB_750_extrait-75118_paris18.csv'] },
  /** Hendaye's sales, the Bien'ici export of Toulon and a small Hendaye feed: automatic-list. */
  'hendaye-listings': {
    samples: [HENDAYE_DVF, 'listings/bienici/bienici_api-flattened_vente_toulon-83_2026-03_first500rows.csv'],
    fixtures: (dir) => [writeHendayeFeed(dir)],
  },
  /** The extension's made-up DVF file, both DPE samples and its made-up DPE file. */
  extension: { samples: DPE_SAMPLES, fixtures: (dir) => [writeDvfFixture(dir), writeDpeFixture(dir)] },
};

export const DATA_SET_NAMES = Object.keys(DATA_SETS) as DataSetName[];

const BASE = 'base';
const folderOf = (root: string, name: string) => path.join(root, name);

/** Migrated, with the job queue's schema and every journey's account: what each data set starts from. */
export async function buildBase(root: string): Promise<void> {
  const building = folderOf(root, `${BASE}.building`);
  await createAccounts(building, JOURNEY_ACCOUNTS, { jobQueue: true });
  renameSync(building, folderOf(root, BASE));
}

/** Limits the import commands running at once (each is one busy core). */
export function importSlots(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let free = n;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (free === 0) await new Promise<void>((resolve) => waiting.push(resolve));
    else free--;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

const building = new Map<string, Promise<void>>();

/**
 * Builds the data set in `root` unless it is there. A lock directory says another process builds
 * it: then this one waits for the folder (renamed into place when complete, so never half-built).
 */
export function ensureDataSet(
  root: string,
  name: DataSetName,
  slot: <T>(task: () => Promise<T>) => Promise<T> = (task) => task(),
): Promise<void> {
  let done = building.get(name);
  if (!done) {
    done = build(root, name, slot);
    building.set(name, done);
  }
  return done;
}

async function build(root: string, name: DataSetName, slot: <T>(task: () => Promise<T>) => Promise<T>): Promise<void> {
  const target = folderOf(root, name);
  if (existsSync(target)) return;
  const set: DataSet = DATA_SETS[name];
  if (set.from) await ensureDataSet(root, set.from, slot);
  try {
    mkdirSync(`${target}.lock`);
  } catch {
    return waitFor(target);
  }
  await slot(async () => {
    const work = `${target}.building`;
    cpSync(folderOf(root, set.from ?? BASE), work, { recursive: true });
    const fixtureDir = path.join(root, `${name}.fixtures`);
    mkdirSync(fixtureDir, { recursive: true });
    const files = [...(set.samples ?? []), ...(set.fixtures?.(fixtureDir) ?? [])];
    if (files.length > 0) await importSamples(work, files);
    renameSync(work, target);
  });
}

async function waitFor(folder: string): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (!existsSync(folder)) {
    if (Date.now() > deadline) throw new Error(`Dossier de données préparé jamais terminé\u00a0: ${folder}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * A copy of the data set for one journey file, in a new temporary folder (removed by the server's
 * `stop()`). The server opens it after the copy: no process has the prepared folder open.
 */
export async function copyDataSet(name: DataSetName): Promise<string> {
  const root = inject('preparedDataRoot');
  await ensureDataSet(root, name);
  const copy = mkdtempSync(path.join(tmpdir(), `immoloupe-e2e-${name}-`));
  cpSync(folderOf(root, name), copy, { recursive: true });
  return copy;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the global set-up built the run's prepared data folders. */
    preparedDataRoot: string;
  }
}
