/**
 * Preloads the modules of the routes a user is likely to open next (the pro menu), at most four
 * at a time (SEED-SPEC §9), after the page is idle, so that the first click is instant without
 * flooding the network on a slow connection.
 */
import { MAX_PARALLEL_ROUTE_PRELOADS } from '@immoloupe/shared/constants';

interface ManifestRoute {
  id: string;
  path?: string;
  module: string;
  imports?: string[];
}

/** Runs `tasks` with at most `limit` of them in flight. */
export async function runLimited<T>(tasks: (() => Promise<T>)[], limit = MAX_PARALLEL_ROUTE_PRELOADS): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      const task = tasks[i] as () => Promise<T>;
      try {
        results[i] = { status: 'fulfilled', value: await task() };
      } catch (reason) {
        results[i] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

const preloaded = new Set<string>();

export function preloadRouteModules(paths: string[]): void {
  if (typeof window === 'undefined') return;
  const manifest = (window as unknown as { __reactRouterManifest?: { routes: Record<string, ManifestRoute> } }).__reactRouterManifest;
  if (!manifest) return;
  const wanted = new Set(paths.map((p) => decodeURI(p).replace(/^\//, '')));
  const modules = Object.values(manifest.routes)
    .filter((r) => r.path !== undefined && wanted.has(r.path) && !preloaded.has(r.module))
    .map((r) => r.module);
  const unique = [...new Set(modules)];
  for (const m of unique) preloaded.add(m);
  const idle = (cb: () => void) => ('requestIdleCallback' in window ? window.requestIdleCallback(cb) : setTimeout(cb, 200));
  idle(() => {
    void runLimited(unique.map((url) => () => import(/* @vite-ignore */ url)));
  });
}
