// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../db/client.js';

const tx = {} as Queryable;

/** A fresh registry: the test set-up registers the product's handlers in the shared one. */
async function freshRegistry() {
  vi.resetModules();
  return import('./refresh.js');
}

describe('import events', () => {
  it('run every handler of the event once, by name, and give back their figures together', async () => {
    const { onImportEvent, emitImportEvent } = await freshRegistry();
    const seen: string[] = [];
    onImportEvent('parcelsChanged', 'a', async (_tx, { communesSql }) => {
      seen.push(`a:${communesSql}`);
      return { sections: 3 };
    });
    onImportEvent('parcelsChanged', 'a', async () => {
      seen.push('a again');
      return { sections: 99 };
    });
    onImportEvent('parcelsChanged', 'b', async () => {
      seen.push('b');
      return undefined;
    });
    expect(await emitImportEvent(tx, 'parcelsChanged', { communesSql: 'SELECT 1' })).toEqual({ sections: 3 });
    expect(seen).toEqual(['a:SELECT 1', 'b']);
  });

  it('stop the import when an event has no handler (an entry point that forgot registerImportHooks)', async () => {
    const { onImportEvent, emitImportEvent } = await freshRegistry();
    onImportEvent('dpeMerged', 'x', async () => undefined);
    await expect(emitImportEvent(tx, 'salesChanged', { scope: 'SELECT 1', bulk: false })).rejects.toThrow(/registerImportHooks/);
  });

  it('all have a handler once the product registers its hooks', async () => {
    vi.resetModules();
    const { registerImportHooks } = await import('../import-hooks.js');
    const { IMPORT_EVENTS, handlerNames } = await import('./refresh.js');
    expect(IMPORT_EVENTS.map(handlerNames)).toEqual(IMPORT_EVENTS.map(() => []));
    registerImportHooks();
    for (const e of IMPORT_EVENTS) expect(handlerNames(e).length, e).toBeGreaterThan(0);
  });
});
