/**
 * The production shortcut: download the official files of one département (cadastre, BAN, geo-DVF
 * of each year, DPE) and import them, parcels first. Used by `data:import --dep` and by the admin
 * page. A file the server does not have (404: a year not yet published, a département without
 * DVF) is skipped and said; any other download failure stops before importing.
 */
import path from 'node:path';
import type { Db } from '../db/client.js';
import { DownloadNotFound, type DownloadOptions, departementPlan, downloadFile, downloadPagedCsv } from './download.js';
import type { Source } from './importer.js';
import type { OpenDataConfig } from './open-data-config.js';
import { type ImportProgress, type ImportReport, recordFailedRun, runImport, SOURCE_ORDER } from './run.js';

/** How the administration names a département's import (the job list, the audit log). */
export function departementImportLabel(dep: string, years: readonly number[]): string {
  return `Département ${dep.padStart(2, '0')}, DVF ${years[0]}–${years[years.length - 1]}`;
}

export interface DepartementImport {
  reports: ImportReport[];
  skipped: { url: string; reason: string }[];
}

export interface DepartementOptions {
  config: OpenDataConfig;
  dep: string;
  years: number[];
  cacheDir: string;
  startedBy: string;
  download?: DownloadOptions;
  onMessage?: (message: string) => void;
  onProgress?: (p: ImportProgress) => void;
}

export async function importDepartement(db: Db, o: DepartementOptions): Promise<DepartementImport> {
  const plan = departementPlan(o.config, o.dep, o.years);
  const files: { path: string; name: string; url: string; source: Source }[] = [];
  const skipped: DepartementImport['skipped'] = [];
  for (const d of plan) {
    o.onMessage?.(`Téléchargement de ${d.url}`);
    const dest = path.join(o.cacheDir, d.fileName);
    try {
      if (d.paged) await downloadPagedCsv(d.url, dest, o.download);
      else await downloadFile(d.url, dest, o.download);
    } catch (err) {
      if (err instanceof DownloadNotFound) {
        skipped.push({ url: d.url, reason: err.message });
        o.onMessage?.(`Ignoré\u00a0: ${err.message}`);
        continue;
      }
      // Nothing is imported after a failed download: the history still lists the file and why.
      await recordFailedRun(db, {
        source: d.source,
        fileName: d.fileName,
        url: d.url,
        startedBy: o.startedBy,
        error: err instanceof Error && err.name === 'ImportError' ? err.message : 'Téléchargement impossible (erreur inattendue).',
      }).catch(() => undefined);
      throw err;
    }
    files.push({ path: dest, name: d.fileName, url: d.url, source: d.source });
  }
  files.sort((a, b) => SOURCE_ORDER.indexOf(a.source) - SOURCE_ORDER.indexOf(b.source));
  const reports: ImportReport[] = [];
  for (const f of files) {
    reports.push(
      await runImport(db, {
        path: f.path,
        name: f.name,
        url: f.url,
        source: f.source,
        startedBy: o.startedBy,
        bounds: o.config.bounds,
        ...(o.onProgress ? { onProgress: o.onProgress } : {}),
      }),
    );
  }
  return { reports, skipped };
}
