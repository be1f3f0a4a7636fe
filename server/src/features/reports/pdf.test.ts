/** The server's PDF renders are tried once more after a time-out, and only then. */
import { describe, expect, it } from 'vitest';
import { retryOnTimeout } from './pdf.js';

class Timeout extends Error {}
const isTimeout = (err: unknown) => err instanceof Timeout;

describe('retryOnTimeout', () => {
  it('tries again once after a time-out', async () => {
    let calls = 0;
    const result = await retryOnTimeout(async () => {
      calls++;
      if (calls === 1) throw new Timeout('démarrage de Chromium');
      return 'pdf';
    }, isTimeout);
    expect(result).toBe('pdf');
    expect(calls).toBe(2);
  });

  it('gives up after the second time-out, and at once on any other error', async () => {
    let calls = 0;
    await expect(
      retryOnTimeout(async () => {
        calls++;
        throw new Timeout('encore');
      }, isTimeout),
    ).rejects.toThrow('encore');
    expect(calls).toBe(2);
    calls = 0;
    await expect(
      retryOnTimeout(async () => {
        calls++;
        throw new Error('page introuvable');
      }, isTimeout),
    ).rejects.toThrow('page introuvable');
    expect(calls).toBe(1);
  });
});
