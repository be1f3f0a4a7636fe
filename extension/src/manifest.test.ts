// @vitest-environment node

import { createHash } from 'node:crypto';
import { CHROMIUM_EXTENSION_ID, EXTENSION_PORTALS, PORTAL_HOSTS } from '@immoloupe/shared/extension/contracts';
import { describe, expect, it } from 'vitest';
import { manifestFor, PORTAL_MATCHES } from './manifest';

/** Chromium's extension id: the first 16 bytes of the SHA-256 of the public key, hex digits written a–p. */
function idOfKey(key: string): string {
  const hex = createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 32);
  return [...hex].map((h) => String.fromCharCode(97 + Number.parseInt(h, 16))).join('');
}

interface Manifest {
  manifest_version: number;
  permissions?: string[];
  host_permissions?: string[];
  content_scripts?: { matches?: string[] }[];
  key?: string;
  background?: unknown;
  browser_specific_settings?: { gecko?: { id?: string } };
}

// defineManifest returns the object it is given.
const manifest = (browser: 'chrome' | 'firefox') => manifestFor(browser) as unknown as Manifest;

describe('manifest', () => {
  it('asks for storage and the eight portals and the production server only, for both browsers', () => {
    for (const browser of ['chrome', 'firefox'] as const) {
      const m = manifest(browser);
      expect(m.manifest_version).toBe(3);
      expect(m.permissions).toEqual(['storage']);
      expect(m.host_permissions).toEqual([...PORTAL_MATCHES, 'https://immoloupe.fr/*']);
      expect(m.content_scripts?.[0]?.matches).toEqual(PORTAL_MATCHES);
      expect(m).not.toHaveProperty('optional_host_permissions');
      expect(m).not.toHaveProperty('content_security_policy');
    }
    expect(EXTENSION_PORTALS).toHaveLength(8);
    expect(PORTAL_MATCHES).toHaveLength(Object.values(PORTAL_HOSTS).flat().length);
  });

  it('pins the Chromium id the server allows, and names the Firefox add-on', () => {
    const chrome = manifest('chrome');
    expect(idOfKey(String(chrome.key))).toBe(CHROMIUM_EXTENSION_ID);
    expect(chrome.background).toEqual({ service_worker: 'src/background.ts', type: 'module' });
    const firefox = manifest('firefox');
    expect(firefox).not.toHaveProperty('key');
    expect(firefox.browser_specific_settings?.gecko?.id).toBe('extension@immoloupe.fr');
    expect(firefox.background).toEqual({ scripts: ['src/background.ts'], type: 'module' });
  });
});
