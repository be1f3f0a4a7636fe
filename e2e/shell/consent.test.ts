/**
 * Consent (SEED-SPEC §4, §7): no third-party request of any kind before consent; Google Analytics
 * and the Meta pixel are requested only after "Tout accepter"; nothing after "Tout refuser";
 * the banner is never started on /pdf pages.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, recordRequests, screenshot } from '../support/browser.js';
import { type RunningServer, startServer } from '../support/server.js';

let server: RunningServer;

/**
 * tarteaucitron binds its buttons 500 ms after showing the banner (as a person would never
 * notice); click until the choice is recorded in its cookie.
 */
async function choose(page: Page, button: Locator, recorded: RegExp): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (await button.isVisible()) await button.click();
    const cookies = await page.context().cookies();
    if (cookies.some((c) => c.name === 'tarteaucitron' && recorded.test(c.value))) return;
    await page.waitForTimeout(250);
  }
  throw new Error('consent choice not recorded');
}
beforeAll(async () => {
  server = await startServer({ prepared: 'empty', env: { GA_MEASUREMENT_ID: 'G-E2ETEST1', META_PIXEL_ID: '1234567890' } });
});
afterAll(async () => server?.stop());

describe('consent banner', () => {
  it('makes no third-party request before consent, then loads GA and the pixel after "Tout accepter"', async () => {
    const b = await openBrowser();
    try {
      const requests = await recordRequests(b.context, server.url);
      await b.page.goto(`${server.url}/`);
      const accept = b.page.locator('#tarteaucitronPersonalize2');
      await accept.waitFor({ state: 'visible' });
      expect(await b.page.locator('#tarteaucitronAllDenied2').isVisible()).toBe(true);
      expect(await b.page.locator('#tarteaucitronAlertBig').getAttribute('href')).toBeNull();
      // The privacy link of the banner points to /cgu.
      expect(
        await b.page.locator('#tarteaucitronAlertBig a[href="/cgu"], #tarteaucitronAlertBig button#tarteaucitronPrivacyUrl').count(),
      ).toBeGreaterThan(0);
      await screenshot(b.page, 'consent-banner');
      // Navigate inside the site before deciding: still nothing external.
      await b.page.goto(`${server.url}/methodo`);
      await accept.waitFor({ state: 'visible' });
      expect(requests.external()).toEqual([]);

      await choose(b.page, accept, /gtag=true/);
      await expect
        .poll(() => requests.external().some((u) => u.startsWith('https://www.googletagmanager.com/gtag/js?id=G-E2ETEST1')), {
          timeout: 10_000,
        })
        .toBe(true);
      await expect
        .poll(() => requests.external().some((u) => u.startsWith('https://connect.facebook.net/')), { timeout: 10_000 })
        .toBe(true);
      const external = requests.external();
      expect(external.some((u) => u.includes('googletagmanager.com/gtag/js?id=G-E2ETEST1'))).toBe(true);
      expect(external.every((u) => /^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net)\//.test(u))).toBe(true);
    } finally {
      await b.close();
    }
  });

  it('requests nothing third-party after "Tout refuser", even on the next pages', async () => {
    const b = await openBrowser();
    try {
      const requests = await recordRequests(b.context, server.url);
      await b.page.goto(`${server.url}/`);
      const deny = b.page.locator('#tarteaucitronAllDenied2');
      await deny.waitFor({ state: 'visible' });
      await choose(b.page, deny, /gtag=false/);
      await b.page.goto(`${server.url}/apropos`);
      await b.page.waitForLoadState('networkidle');
      await b.page.goto(`${server.url}/clients`);
      await b.page.waitForLoadState('networkidle');
      expect(requests.external()).toEqual([]);
      // The choice is remembered: no banner on the next page.
      expect(await b.page.locator('#tarteaucitronPersonalize2').isVisible()).toBe(false);
    } finally {
      await b.close();
    }
  });

  it('does not start on /pdf pages', async () => {
    const b = await openBrowser();
    try {
      const requests = await recordRequests(b.context, server.url);
      // The print pages need a subscriber (a visitor is sent to the login page, outside /pdf):
      // an unknown /pdf address stays on a /pdf path, in the pdf layout, for anyone.
      const res = await b.page.goto(`${server.url}/pdf/page-inconnue`);
      expect(res?.status()).toBe(404);
      expect(new URL(b.page.url()).pathname).toBe('/pdf/page-inconnue');
      expect(await b.page.locator('#app').getAttribute('data-layout')).toBe('pdf');
      await b.page.waitForLoadState('networkidle');
      expect(await b.page.locator('#tarteaucitronRoot').count()).toBe(0);
      expect(requests.all.some((u) => u.includes('tarteaucitron'))).toBe(false);
    } finally {
      await b.close();
    }
  });
});
