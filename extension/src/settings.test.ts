// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkKey, DEFAULT_SETTINGS, serverOrigin, settingsFrom } from './settings';

describe('settings', () => {
  it('defaults to the production server, no key and every portal on', () => {
    expect(settingsFrom(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.serverUrl).toBe('https://immoloupe.fr');
    expect(Object.values(DEFAULT_SETTINGS.portals)).toHaveLength(8);
  });

  it('keeps what was stored and fills the rest', () => {
    const s = settingsFrom({ serverUrl: 'http://127.0.0.1:3000/', key: 'iml_x', portals: { pap: false } });
    expect(s.serverUrl).toBe('http://127.0.0.1:3000');
    expect(s.key).toBe('iml_x');
    expect(s.portals.pap).toBe(false);
    expect(s.portals.leboncoin).toBe(true);
    expect(settingsFrom({ serverUrl: 'ftp://x' }).serverUrl).toBe('https://immoloupe.fr');
  });

  it('checks the server address and the key in French', () => {
    expect(serverOrigin(' https://immo.exemple.fr/pro ')).toEqual({ ok: true, origin: 'https://immo.exemple.fr' });
    expect(serverOrigin('immoloupe')).toMatchObject({ ok: false, message: expect.stringContaining('Adresse du serveur invalide') });
    expect(serverOrigin('javascript:alert(1)')).toMatchObject({ ok: false });
    expect(checkKey(`  iml_${'b'.repeat(43)} `)).toEqual({ ok: true, key: `iml_${'b'.repeat(43)}` });
    expect(checkKey('')).toMatchObject({ ok: false, message: 'Collez votre clé d’accès (elle commence par iml_).' });
    expect(checkKey('iml_court')).toMatchObject({ ok: false });
  });
});
