/** Error screen and 404 in a real browser, and a look at the home page and a pro page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot } from '../support/browser.js';
import { type RunningServer, startServer } from '../support/server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ prepared: 'empty' });
});
afterAll(async () => server?.stop());

describe('errors', () => {
  it('shows the non-fatal 404 inside the site layout; "Relancer" goes home', async () => {
    const b = await openBrowser();
    try {
      const res = await b.page.goto(`${server.url}/cette-page-n-existe-pas`);
      expect(res?.status()).toBe(404);
      await b.page.getByRole('heading', { name: 'L’application a rencontré une erreur'.replace('’', "'") }).waitFor();
      expect(await b.page.getByText('Page not found: /cette-page-n-existe-pas').isVisible()).toBe(true);
      expect(await b.page.getByTestId('error-status').textContent()).toBe('404');
      expect(await b.page.locator('#app').getAttribute('data-layout')).toBe('paspro');
      await screenshot(b.page, 'error-404');
      await b.page.getByRole('button', { name: 'Relancer' }).click();
      await b.page.waitForURL(`${server.url}/`);
    } finally {
      await b.close();
    }
  });

  it('shows the fatal error screen when a route validation check fails', async () => {
    const b = await openBrowser();
    try {
      const res = await b.page.goto(`${server.url}/abo/activate?token=court`);
      expect(res?.status()).toBe(404);
      expect(await b.page.getByText('Page Not Found: /abo/activate').isVisible()).toBe(true);
      expect(await b.page.locator('#app').getAttribute('data-layout')).toBe('default');
    } finally {
      await b.close();
    }
  });
});

describe('screens', () => {
  it('renders the home page and a pro page, with their layouts', async () => {
    const b = await openBrowser();
    try {
      await b.page.goto(`${server.url}/`);
      expect(await b.page.locator('#app').getAttribute('data-layout')).toBe('paspro');
      expect(await b.page.title()).toMatch(/ · Immoloupe$/);
      await screenshot(b.page, 'home-1280');
      await b.page.goto(`${server.url}/pro/analysemarche`);
      await b.page.waitForLoadState('networkidle');
      const layout = await b.page.locator('#app').getAttribute('data-layout');
      // A visitor may be redirected to the login page once accounts are in place.
      expect(['pro', 'paspro']).toContain(layout);
      await screenshot(b.page, 'pro-page-1280');
    } finally {
      await b.close();
    }
  });
});
