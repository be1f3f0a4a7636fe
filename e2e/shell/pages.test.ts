/**
 * The shell on one server (a server start costs more than these tests): the error screen and the
 * 404 in a real browser, a look at the home page and a pro page, and the root loader that reads
 * the session again on every page change but not on each key typed in a tool's field, which only
 * replaces the page's own URL (decision 0101). React Router fetches loader data with one
 * `<path>.data` request per navigation; only the root has a server loader on the tools' pages, so
 * each `.data` request is the root's.
 */
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPIST as USER } from '../support/accounts.js';
import { openBrowser, screenshot, traceOnFailure } from '../support/browser.js';
import { signIn } from '../support/data.js';
import { clickMenuLink } from '../support/nav.js';
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

const isLoaderData = (r: Request) => new URL(r.url()).pathname.endsWith('.data');

describe('root loader and typing', () => {
  it('reads the session once for a number typed, and again on the next page', async () => {
    const b = await openBrowser({ viewport: { width: 1400, height: 900 } });
    traceOnFailure(b.page, server);
    try {
      await signIn(b.page, server.url, USER, '/pro/transactions');
      const field = b.page.getByLabel('Prix max. (€)');
      await field.waitFor();
      // The navigation that follows the sign-in has answered: only the typing is counted.
      await b.page.waitForLoadState('networkidle');
      const requests: string[] = [];
      b.page.on('request', (r) => {
        if (isLoaderData(r)) requests.push(r.url());
      });

      // Six keys, one history entry: the first makes it (a choice, checked), the others rewrite it.
      await field.pressSequentially('250000', { delay: 250 });
      await expect.poll(() => b.page.url(), { timeout: 10_000 }).toMatch(/priceMax=250000/);
      await b.page.waitForTimeout(1_000);
      const typing = requests.length;
      console.info(`Requêtes .data pendant la saisie de 6 chiffres : ${typing}`);
      expect(typing).toBeLessThanOrEqual(1);

      // Another page: the server checks the session again.
      await clickMenuLink(b.page, 'Mes données', 'Mes recherches');
      await b.page.waitForURL(`${server.url}/pro/mesrecherches`);
      await expect.poll(() => requests.length).toBe(typing + 1);
      expect(new URL(requests.at(-1) ?? '').pathname).toBe('/pro/mesrecherches.data');

      // Back to the tool (a history move, not the page's own replace): checked as well.
      await b.page.goBack();
      await b.page.waitForURL(/\/pro\/transactions\?.*priceMax=250000/);
      await expect.poll(() => requests.length).toBe(typing + 2);
    } finally {
      await b.close();
    }
  });
});
