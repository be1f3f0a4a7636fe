/**
 * Update notice (SEED-SPEC §4, §7, §9): compares the server's buildId with the one stored in
 * localStorage. Framework-free so that its rules are unit-tested.
 */

import { VERSION_CHECK } from '@immoloupe/shared/constants';

export interface VersionCheckDeps {
  fetch: typeof fetch;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  log: (...args: unknown[]) => void;
  now: () => number;
  /** Called when a stored build id exists and differs from the server's. */
  onUpdateAvailable: () => void;
}

export type VersionCheckResult = 'same' | 'updated' | 'first' | 'not-ok' | 'cancelled' | 'failed';

/**
 * `{ buildId }` checked by hand: this runs on every page, and a schema library would weigh more
 * than the rest of the notice.
 */
export function parseBuildId(body: unknown): string | null {
  const id = (body as { buildId?: unknown } | null)?.buildId;
  return typeof id === 'string' && id.length > 0 && id.length <= 200 ? id : null;
}

export async function checkVersion(deps: VersionCheckDeps): Promise<VersionCheckResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), VERSION_CHECK.timeoutMs);
  try {
    const res = await deps.fetch(`/api/version?t=${deps.now()}`, { signal: controller.signal, cache: 'no-store' });
    if (!res.ok) {
      deps.log('Réponse non OK', res.status);
      return 'not-ok';
    }
    const buildId = parseBuildId(await res.json());
    if (!buildId) {
      deps.log('Réponse de version invalide');
      return 'failed';
    }
    const stored = deps.storage.getItem(VERSION_CHECK.storageKey);
    deps.storage.setItem(VERSION_CHECK.storageKey, buildId);
    if (stored === null) return 'first';
    if (stored !== buildId) {
      deps.onUpdateAvailable();
      return 'updated';
    }
    return 'same';
  } catch (err) {
    if (controller.signal.aborted) {
      deps.log('Vérification de version annulée (délai dépassé)');
      return 'cancelled';
    }
    deps.log('Vérification de version impossible', err);
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/** Runs a function after `ms` of quiet: repeated calls restart the wait. */
export function debounce(fn: () => void, ms: number): { (): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(fn, ms);
  };
  run.cancel = () => {
    if (timer) clearTimeout(timer);
  };
  return run;
}
