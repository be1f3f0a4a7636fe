/**
 * The import command's progress line: a bar of the bytes read, rows, rows/s and time left,
 * redrawn in place on a terminal and printed every few seconds otherwise (logs, CI).
 */
import { formatInteger, formatPercent } from '@immoloupe/shared/format';
import { SOURCE_LABELS } from './importer.js';
import type { ImportProgress } from './run.js';

const WIDTH = 24;

function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min ${String(sec).padStart(2, '0')} s`;
}

/** One line: `[######······] 45 % | 12 345 lignes | 3 456 lignes/s | reste 0 min 12 s | fichier`. */
export function progressLine(p: ImportProgress): string {
  const ratio = p.bytesTotal > 0 ? Math.min(1, p.bytesRead / p.bytesTotal) : 0;
  const filled = Math.round(ratio * WIDTH);
  const bar = `[${'#'.repeat(filled)}${'·'.repeat(WIDTH - filled)}]`;
  const seconds = p.elapsedMs / 1000;
  const rate = seconds > 0 ? p.rowsRead / seconds : 0;
  const eta = ratio > 0.01 && ratio < 1 ? duration((p.elapsedMs / ratio) * (1 - ratio)) : '—';
  const phase = p.phase === 'fusion' ? 'fusion en base…' : `reste ${eta}`;
  return [
    `${bar} ${formatPercent(ratio)}`,
    `${formatInteger(p.rowsRead)} lignes`,
    `${formatInteger(Math.round(rate))} lignes/s`,
    p.rowsRejected > 0 ? `${formatInteger(p.rowsRejected)} rejetées` : null,
    phase,
    `${SOURCE_LABELS[p.source]} — ${p.fileName}`,
  ]
    .filter(Boolean)
    .join(' | ');
}

export function createProgressPrinter(stream: NodeJS.WriteStream = process.stderr): { update(p: ImportProgress): void; done(): void } {
  const tty = Boolean(stream.isTTY);
  let lastPrint = 0;
  let drawn = false;
  return {
    update(p) {
      const now = Date.now();
      if (tty) {
        if (now - lastPrint < 100 && p.phase === 'lecture') return;
        stream.write(`\r${progressLine(p).slice(0, (stream.columns ?? 160) - 1)}\x1b[K`);
        drawn = true;
      } else {
        if (now - lastPrint < 5_000) return;
        stream.write(`${progressLine(p)}\n`);
      }
      lastPrint = now;
    },
    done() {
      if (tty && drawn) stream.write('\n');
      drawn = false;
      lastPrint = 0;
    },
  };
}
