import { afterEach, describe, expect, it } from 'vitest';
import { hideLinkTokens, withoutLinkTokens } from './link-token';

const TOKEN = 'a'.repeat(43);

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('link tokens', () => {
  it('takes the account links’ tokens out of an address, keeping the rest', () => {
    expect(withoutLinkTokens(`https://immoloupe.fr/abo/activate?token=${TOKEN}`)).toBe('/abo/activate');
    expect(withoutLinkTokens(`https://immoloupe.fr/abo/connexion?reinitialisation=${TOKEN}&oubli=1#x`)).toBe('/abo/connexion?oubli=1#x');
    expect(withoutLinkTokens('https://immoloupe.fr/pro/transactions?commune=93010')).toBeNull();
  });

  it('removes them from the address bar and keeps the router’s history state', () => {
    const state = { usr: null, key: 'k1', idx: 0 };
    window.history.replaceState(state, '', `/abo/connexion?reinitialisation=${TOKEN}`);
    hideLinkTokens();
    expect(window.location.href).not.toContain(TOKEN);
    expect(window.location.pathname).toBe('/abo/connexion');
    expect(window.history.state).toEqual(state);
    expect(window.history.length).toBe(1);
  });
});
