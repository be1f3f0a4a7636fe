/**
 * Update notice (SEED-SPEC §4): a browser that saw build A, talking to a server now running
 * build B, shows one toast; clicking it shows "Actualisation en cours..." without a close
 * button, then reloads.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot } from '../support/browser.js';
import { freePort, type RunningServer, startServer } from '../support/server.js';

let server: RunningServer | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await server?.stop();
  // Build B's server ran on build A's folder, which is not its own to remove.
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('update notice', () => {
  it('shows one toast when the build changed, and reloads when it is clicked', async () => {
    const port = await freePort();
    server = await startServer({ port, prepared: 'empty', env: { BUILD_ID: 'build-a' } });
    dataDir = server.dataDir;
    const b = await openBrowser();
    try {
      await b.page.goto(`${server.url}/`);
      // First check 5 s after start: stores build-a, shows nothing (no previous value).
      await b.page.waitForFunction(() => localStorage.getItem('buildId') === 'build-a', undefined, { timeout: 15_000 });
      expect(await b.page.getByText('Nouvelle version disponible').count()).toBe(0);

      await server.stop({ keepData: true });
      server = await startServer({ port, dataDir, env: { BUILD_ID: 'build-b' } });

      // A focus triggers a check (debounced); two focuses in a row still give one toast.
      await b.page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await b.page.waitForFunction(() => localStorage.getItem('buildId') === 'build-b', undefined, { timeout: 15_000 });
      const toast = b.page.getByText('Nouvelle version disponible');
      await toast.waitFor({ state: 'visible' });
      await b.page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await b.page.waitForTimeout(1_000);
      expect(await toast.count()).toBe(1);
      await screenshot(b.page, 'update-toast');

      const reloaded = b.page.waitForEvent('framenavigated', { timeout: 10_000 });
      await b.page.getByText('Cliquez ici pour actualiser la page.').click();
      await b.page.getByText('Actualisation en cours...').waitFor({ state: 'visible' });
      const busy = b.page.locator('.p-Notification-root', { hasText: 'Actualisation en cours...' });
      expect(await busy.locator('button').count()).toBe(0);
      await reloaded;
    } finally {
      await b.close();
    }
  });

  it('closing the toast with its button does not reload', async () => {
    if (!server) throw new Error('server not started');
    const b = await openBrowser();
    try {
      await b.context.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('buildId', 'an-older-build');
          sessionStorage.setItem('seeded', '1');
        }
      });
      await b.page.goto(`${server.url}/apropos`);
      const toast = b.page.getByText('Nouvelle version disponible');
      await toast.waitFor({ state: 'visible', timeout: 15_000 });
      let navigated = false;
      b.page.on('framenavigated', () => {
        navigated = true;
      });
      await b.page.locator('.p-Notification-root button').click();
      await b.page.waitForTimeout(1_000);
      expect(navigated).toBe(false);
      expect(await toast.count()).toBe(0);
    } finally {
      await b.close();
    }
  });
});
