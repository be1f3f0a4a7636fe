/** Pure helpers of the admin imports tab and of the freshness line: labels, progress, durations. */
import { formatDate, formatInteger, formatPercent, NBSP } from '@immoloupe/shared/format';
import type { Freshness, ImportRun } from '@immoloupe/shared/opendata/contracts';

export const STATUS_LABELS: Record<ImportRun['status'], string> = {
  running: 'En cours',
  succeeded: 'Réussi',
  failed: 'Échec',
  interrupted: 'Interrompu',
};

export const STATUS_COLORS: Record<ImportRun['status'], string> = {
  running: 'blue',
  succeeded: 'teal',
  failed: 'red',
  interrupted: 'orange',
};

/** Share of the file read, 0–1, or null when its size is unknown. */
export function progressRatio(run: Pick<ImportRun, 'bytesRead' | 'bytesTotal'>): number | null {
  if (!run.bytesTotal || run.bytesTotal <= 0) return null;
  return Math.max(0, Math.min(1, run.bytesRead / run.bytesTotal));
}

/** "45 % — 12 345 lignes lues" or "Écriture en base…". */
export function progressLabel(run: Pick<ImportRun, 'bytesRead' | 'bytesTotal' | 'rowsRead' | 'phase'>): string {
  const rows = `${formatInteger(run.rowsRead)} ligne${run.rowsRead > 1 ? 's' : ''} lue${run.rowsRead > 1 ? 's' : ''}`;
  if (run.phase === 'fusion') return `Écriture en base… (${rows})`;
  const ratio = progressRatio(run);
  return ratio === null ? rows : `${formatPercent(ratio)} — ${rows}`;
}

/** "1 min 05 s", "12,3 s". */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 60_000) return `${(ms / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })}${NBSP}s`;
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}${NBSP}h${NBSP}${String(m).padStart(2, '0')}${NBSP}min` : `${m}${NBSP}min${NBSP}${sec}${NBSP}s`;
}

/** "Données DVF à jour au 30/12/2022", or null when no DVF is imported. */
export function dvfFreshnessLabel(f: Pick<Freshness, 'dvfLatestMutation'>): string | null {
  return f.dvfLatestMutation ? `Données DVF à jour au ${formatDate(f.dvfLatestMutation)}` : null;
}

/** The import date of a source, for a tooltip: "importées le 21/11/2026". */
export function importedOn(
  f: { sources: readonly Pick<Freshness['sources'][number], 'source' | 'importedAt'>[] },
  source: Freshness['sources'][number]['source'],
): string | null {
  const s = f.sources.find((x) => x.source === source);
  return s ? `importées le ${formatDate(new Date(s.importedAt))}` : null;
}

export function anyRunning(runs: readonly Pick<ImportRun, 'status'>[], jobs: readonly { status: string }[]): boolean {
  return runs.some((r) => r.status === 'running') || jobs.some((j) => j.status === 'running');
}
