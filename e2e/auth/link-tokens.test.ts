/**
 * E-mailed account links in a real browser, with Google Analytics configured and accepted: the
 * confirmation and reset pages take the token out of the address before the analytics script
 * runs, send it in no Referer, keep it out of the request log, and still do their work by POST.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.js';
import { type RunningServer, startServer } from '../support/server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ prepared: 'empty', env: { GA_MEASUREMENT_ID: 'G-E2ETEST1' } });
});
afterAll(async () => server?.stop());

const ADDRESS = 'lien-sans-jeton@exemple.fr';
const PASSWORD = 'Maison-bleue-2026';

/** The link of the last e-mail the server wrote to its log for `to` (no mail transport here). */
function loggedLink(to: string): string {
  const last = server
    .output()
    .split('\n')
    .filter((l) => l.includes('"link"') && l.includes(to))
    .at(-1);
  if (!last) throw new Error(`no e-mail logged for ${to}`);
  return (JSON.parse(last) as { link: string }).link;
}

/**
 * What an analytics script sees: the consent cookie says « accepted », and the gtag.js the
 * browser asks for is ours, reporting the address it was loaded on as GA's does (`dl=`).
 */
async function withAnalytics(page: Page): Promise<{ seen: string[]; referers: string[] }> {
  const seen: string[] = [];
  const referers: string[] = [];
  page.on('request', (r: Request) => {
    const referer = r.headers().referer;
    if (referer) referers.push(referer);
  });
  await page.context().addCookies([{ name: 'tarteaucitron', value: '!gtag=true', url: server.url }]);
  await page.context().route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: "new Image().src = 'https://www.google-analytics.com/g/collect?dl=' + encodeURIComponent(location.href);",
    }),
  );
  await page.context().route('https://www.google-analytics.com/**', (route) => {
    seen.push(new URL(route.request().url()).searchParams.get('dl') ?? '');
    return route.fulfill({ status: 204 });
  });
  return { seen, referers };
}

describe('e-mailed links', () => {
  it('confirmation then reset: the token leaves the address before analytics, in no Referer nor log line, and both links work', async () => {
    const b = await openBrowser();
    try {
      const spy = await withAnalytics(b.page);
      // Any page sets the API's CSRF cookie, which the API wants back in a header.
      await b.page.goto(`${server.url}/abo/nouveaucompte`);
      const csrf = decodeURIComponent((await b.context.cookies()).find((c) => c.name === 'immoloupe.csrf')?.value ?? '');
      const signup = await b.page.request.post(`${server.url}/api/account/signup`, {
        data: { email: ADDRESS, password: PASSWORD },
        headers: { 'x-csrf-token': csrf },
      });
      expect([200, 201, 202]).toContain(signup.status());

      const activation = loggedLink(ADDRESS);
      const activationToken = new URL(activation).searchParams.get('token') ?? '';
      expect(activationToken.length).toBeGreaterThan(30);
      await b.page.goto(activation);
      await b.page.getByTestId('activation-result').filter({ hasText: 'Votre adresse e-mail est confirmée' }).waitFor();
      expect(b.page.url()).toBe(`${server.url}/abo/activate`);
      await expect.poll(() => spy.seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
      // Within the site too: the next page's document.referrer is empty.
      await b.page.getByRole('link', { name: 'Se connecter' }).click();
      await b.page.waitForURL(/\/abo\/connexion/);
      expect(await b.page.evaluate(() => document.referrer)).toBe('');

      await b.page.request.post(`${server.url}/api/account/password/forgot`, {
        data: { email: ADDRESS },
        headers: { 'x-csrf-token': csrf },
      });
      const reset = loggedLink(ADDRESS);
      const resetToken = new URL(reset).searchParams.get('reinitialisation') ?? '';
      expect(resetToken.length).toBeGreaterThan(30);
      await b.page.goto(reset);
      await b.page.getByRole('form', { name: 'Nouveau mot de passe' }).waitFor();
      await expect.poll(() => b.page.url()).toBe(`${server.url}/abo/connexion`);
      await b.page.locator('input[type="password"]').first().fill('Nouvelle-maison-2026');
      await b.page.getByRole('button', { name: 'Changer le mot de passe' }).click();
      await b.page.getByRole('status').first().waitFor();
      // The reset worked: the new password signs in.
      await b.page.locator('input[name="email"]').fill(ADDRESS);
      await b.page.locator('input[name="password"]').fill('Nouvelle-maison-2026');
      await b.page.getByRole('button', { name: 'Se connecter' }).click();
      await b.page.waitForURL((u) => !u.pathname.startsWith('/abo/connexion'));

      for (const token of [activationToken, resetToken]) {
        expect(spy.seen.join(' ')).not.toContain(token);
        expect(spy.referers.join(' ')).not.toContain(token);
        // The request log masks it; only the mail line (no transport here) writes the link on purpose.
        const requestLines = server
          .output()
          .split('\n')
          .filter((l) => l.includes('"msg":"request"'));
        expect(requestLines.join('\n')).not.toContain(token);
      }
    } finally {
      await b.close();
    }
  });
});
