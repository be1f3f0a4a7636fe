/**
 * The Manifest V3 of the extension, for Chromium-based browsers and for Firefox. Narrowest
 * permissions: `storage` for the settings, host access to the eight portals (content script) and
 * to the production server; another server (self-hosted) answers through its CORS headers.
 */
import { defineManifest } from '@crxjs/vite-plugin';
import { DEFAULT_SERVER_URL, PORTAL_HOSTS } from '../../shared/src/extension/contracts.ts';
import pkg from '../package.json' with { type: 'json' };

/** Public key of the extension: it fixes the Chromium id (`CHROMIUM_EXTENSION_ID`) the server's CORS allows. */
const CHROMIUM_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAoq3lBUb/diT093eHY+UTo1FPIUG/PXyWRqIjZE7SlZVBe3G6uobiypVHWukPY6CzZW8CTGhmExhifu6cs/WkK+xzPhTwMCHy7Eqtc3YnfOPZdhPm43GKN5kWKd+umSwEfMyDsgrZdSbNJgzPuZtbWImINBv7ar4IXlle/9buDJ90eJgrBc23lKU9riDl88wOAZkHxtgSY5Bvmj4+PUrI5VZNhOkDxo4p6Ib61Kb1h54rzCbPm5Ihg4DGU/lmh9gRBrI/KXDp7+mYC3XTikFXxbOhrL8Tsrz3jU9xHAWgmXdGMAzz4zW1yNXbNxKxGz9e6+HDyFtQBXy2yMKv1etoKQIDAQAB';

/** Every portal host, http and https (`*` scheme). */
export const PORTAL_MATCHES = Object.values(PORTAL_HOSTS)
  .flat()
  .map((host) => `*://${host}/*`);

export function manifestFor(browser: 'chrome' | 'firefox') {
  return defineManifest({
    manifest_version: 3,
    name: 'Immoloupe\u00a0: le marché à côté de l’annonce',
    short_name: 'Immoloupe',
    version: pkg.version,
    description:
      'Sur les portails immobiliers\u00a0: prix au m² face aux ventes DVF, estimation, localisation par DPE, date d’interdiction de louer, enregistrement dans Mes annonces.',
    permissions: ['storage'],
    host_permissions: [...PORTAL_MATCHES, `${DEFAULT_SERVER_URL}/*`],
    background:
      browser === 'chrome' ? { service_worker: 'src/background.ts', type: 'module' } : { scripts: ['src/background.ts'], type: 'module' },
    content_scripts: [{ matches: PORTAL_MATCHES, js: ['src/content/main.tsx'], run_at: 'document_idle' }],
    options_ui: { page: 'src/options/index.html', open_in_tab: true },
    action: { default_title: 'Immoloupe\u00a0: réglages' },
    ...(browser === 'chrome'
      ? { key: CHROMIUM_KEY, minimum_chrome_version: '120' }
      : { browser_specific_settings: { gecko: { id: 'extension@immoloupe.fr', strict_min_version: '128.0' } } }),
  });
}
