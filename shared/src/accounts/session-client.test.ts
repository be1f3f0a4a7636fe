import { describe, expect, it } from 'vitest';
import { SESSION } from '../constants.js';
import { parseClientRecord, parseSession, refreshTimerMs } from './session-client.js';

describe('session client helpers', () => {
  it('derives the refresh timer from the refresh-token lifetime, capped at 2147483647 ms', () => {
    expect(refreshTimerMs(30 * 86_400)).toBe(15 * 86_400_000);
    expect(refreshTimerMs(365 * 86_400, SESSION.maxRefreshIntervalMs)).toBe(2_147_483_647);
    expect(refreshTimerMs(10)).toBe(60_000);
  });

  it('reads a session answer, and nothing else', () => {
    const session = {
      user: { email: 'a@exemple.fr', role: 'subscriber', client: { abo: null, aboactif: false } },
      expires: '2026-12-01T00:00:00.000Z',
    };
    expect(parseSession(session)).toEqual(session);
    expect(parseSession(null)).toBeNull();
    expect(parseSession({})).toBeNull();
    expect(parseSession({ user: { email: 'a@exemple.fr', role: 'root' }, expires: 'x' })).toBeNull();
    expect(parseClientRecord({ abo: { source: 'stripe', status: 'active', currentPeriodEnd: null }, aboactif: true })).toEqual({
      abo: { source: 'stripe', status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false },
      aboactif: true,
    });
    expect(parseClientRecord({ abo: null })).toBeNull();
  });
});
