// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { runLimited } from './route-preload';

describe('runLimited', () => {
  it('never runs more than 4 route preloads at once, and runs them all', async () => {
    let inFlight = 0;
    let peak = 0;
    const tasks = Array.from({ length: 11 }, (_, i) => async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5 + (i % 3)));
      inFlight--;
      if (i === 7) throw new Error('module introuvable');
      return i;
    });
    const results = await runLimited(tasks);
    expect(peak).toBe(4);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(results[7]?.status).toBe('rejected');
  });
});
