/**
 * What `data:import` does with its arguments: every file of the folders given, each with its
 * source (detected from its header and name, or forced). A file whose source cannot be told (an
 * unknown header, a page saved from a portal, cadastre buildings…) is set aside with the reason,
 * so that one stray file never stops the import of the others (issue 38, point 8).
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { NBSP } from '@immoloupe/shared/format';
import { ImportError } from '../importers/errors.js';
import type { Source } from '../importers/importer.js';
import { SOURCE_ORDER } from '../importers/run.js';

export interface PlannedFile {
  path: string;
  name: string;
  url?: string;
  source: Source;
}

export interface SkippedFile {
  path: string;
  name: string;
  /** Why, in French, as the detection says it. */
  reason: string;
}

/** The files of a folder (recursively, sorted), or the file itself; notes and partial downloads left out. */
export function listFiles(target: string): string[] {
  const st = statSync(target);
  if (!st.isDirectory()) return [target];
  return readdirSync(target)
    .filter((f) => !f.startsWith('.') && !/\.(md|txt\.part|part|pid)$/i.test(f) && !/^readme/i.test(f))
    .sort()
    .flatMap((f) => listFiles(path.join(target, f)));
}

/**
 * Detects each file's source; an `ImportError` of the detection skips that file, any other error
 * (a disk that fails) stops. Parcels come first, before the DVF rows they geolocate.
 */
export async function planFiles(
  files: readonly { path: string; name: string; url?: string }[],
  detect: (path: string, name: string) => Promise<Source>,
  forced?: Source,
): Promise<{ jobs: PlannedFile[]; skipped: SkippedFile[] }> {
  const jobs: PlannedFile[] = [];
  const skipped: SkippedFile[] = [];
  for (const f of files) {
    try {
      jobs.push({ ...f, source: forced ?? (await detect(f.path, f.name)) });
    } catch (err) {
      if (!(err instanceof ImportError)) throw err;
      skipped.push({ path: f.path, name: f.name, reason: err.message });
    }
  }
  jobs.sort((a, b) => SOURCE_ORDER.indexOf(a.source) - SOURCE_ORDER.indexOf(b.source));
  return { jobs, skipped };
}

/** The lines listing the files set aside, after the imports. */
export function skippedLines(skipped: readonly SkippedFile[]): string[] {
  if (skipped.length === 0) return [];
  const head = skipped.length > 1 ? `${skipped.length} fichiers ignorés` : '1 fichier ignoré';
  return [`${head}${NBSP}:`, ...skipped.map((s) => `  - ${s.path}${NBSP}: ${s.reason}`)];
}

/**
 * The closing line and the exit code: 1 only when a recognised file failed, or when nothing at all
 * was recognised (the command then did nothing that was asked); files set aside alone do not fail it.
 */
export function outcome(imported: number, failed: number, skipped: number): { line: string; code: number } {
  const total = imported + failed;
  const ignored = skipped > 0 ? `, ${skipped} ignoré(s)` : '';
  if (failed > 0)
    return { line: `${failed} import(s) en échec sur ${total}${ignored}${NBSP}: les données précédentes sont intactes.`, code: 1 };
  if (total === 0) return { line: `Aucun fichier reconnu${ignored}${NBSP}: rien n’a été importé.`, code: 1 };
  return { line: `${total} fichier(s) importé(s)${ignored}.`, code: 0 };
}
