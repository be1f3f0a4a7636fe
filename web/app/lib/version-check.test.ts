// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkVersion, debounce, type VersionCheckDeps } from './version-check';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

function deps(
  over: Partial<VersionCheckDeps> & { storage: ReturnType<typeof memoryStorage> },
): VersionCheckDeps & { logs: unknown[][]; updates: number } {
  const logs: unknown[][] = [];
  const state = { logs, updates: 0 };
  return Object.assign(state, {
    fetch: over.fetch ?? (async () => new Response(JSON.stringify({ buildId: 'b2' }), { status: 200 })),
    storage: over.storage,
    log: (...args: unknown[]) => logs.push(args),
    now: () => 1_700_000_000_000,
    onUpdateAvailable: () => {
      state.updates++;
    },
  });
}

describe('checkVersion', () => {
  it('asks /api/version with a timestamp, stores the build id, and says nothing the first time', async () => {
    const urls: string[] = [];
    const storage = memoryStorage();
    const d = deps({
      storage,
      fetch: (async (url: string) => {
        urls.push(url);
        return new Response(JSON.stringify({ buildId: 'b1' }));
      }) as typeof fetch,
    });
    expect(await checkVersion(d)).toBe('first');
    expect(urls).toEqual(['/api/version?t=1700000000000']);
    expect(storage.data.get('buildId')).toBe('b1');
    expect(d.updates).toBe(0);
  });

  it('announces an update when a stored id exists and differs, and stores the new one', async () => {
    const storage = memoryStorage({ buildId: 'b1' });
    const d = deps({ storage });
    expect(await checkVersion(d)).toBe('updated');
    expect(d.updates).toBe(1);
    expect(storage.data.get('buildId')).toBe('b2');
    expect(await checkVersion(d)).toBe('same');
    expect(d.updates).toBe(1);
  });

  it('ignores an answer without a build id', async () => {
    const storage = memoryStorage({ buildId: 'b1' });
    const d = deps({ storage, fetch: (async () => new Response(JSON.stringify({ other: 1 }))) as typeof fetch });
    expect(await checkVersion(d)).toBe('failed');
    expect(storage.data.get('buildId')).toBe('b1');
    expect(d.updates).toBe(0);
  });

  it('only logs "Réponse non OK" with the status on a non-OK answer', async () => {
    const storage = memoryStorage({ buildId: 'b1' });
    const d = deps({ storage, fetch: (async () => new Response('boom', { status: 503 })) as typeof fetch });
    expect(await checkVersion(d)).toBe('not-ok');
    expect(d.logs).toEqual([['Réponse non OK', 503]]);
    expect(storage.data.get('buildId')).toBe('b1');
    expect(d.updates).toBe(0);
  });

  describe('time-out', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('aborts after 5 s and logs it as cancelled', async () => {
      const storage = memoryStorage({ buildId: 'b1' });
      const d = deps({
        storage,
        fetch: ((_url: string, init?: RequestInit) =>
          new Promise((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          })) as typeof fetch,
      });
      const pending = checkVersion(d);
      await vi.advanceTimersByTimeAsync(4_999);
      expect(d.logs).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toBe('cancelled');
      expect(String(d.logs[0]?.[0])).toContain('annulée');
    });

    it('debounces repeated focus events to one check 300 ms after the last', async () => {
      let runs = 0;
      const onFocus = debounce(() => runs++, 300);
      onFocus();
      await vi.advanceTimersByTimeAsync(200);
      onFocus();
      await vi.advanceTimersByTimeAsync(299);
      expect(runs).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(runs).toBe(1);
    });
  });
});
