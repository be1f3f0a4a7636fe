/**
 * The free trial in a real browser (decision 1371), against the built server with TRIAL_DAYS=14:
 * a new account, once its address is confirmed, reaches /pro/transactions without paying, the days
 * left in the header a click away from the offer; on day 15 (the trial's dates moved back in its
 * data folder, the server stopped meanwhile: the built server has no clock to move) the same
 * account is sent to /abo/offre, which says the trial is over.
 */
import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenBrowser, openBrowser, screenshot } from '../support/browser.js';
import { runSql } from '../support/data.js';
import { copyDataSet } from '../support/prepared.js';
import { type RunningServer, startServer } from '../support/server.js';

const USER = { email: 'essai@exemple.fr', password: 'Maison-bleue-2026' };
const ENV = { TRIAL_DAYS: '14' };

let server: RunningServer;
let dataDir: string;
let b: OpenBrowser;
beforeAll(async () => {
  dataDir = await copyDataSet('empty');
  server = await startServer({ dataDir, env: ENV });
  b = await openBrowser({ viewport: { width: 1280, height: 800 } });
});
afterAll(async () => {
  await b?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

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

async function signIn(page: Page) {
  await page.locator('input[name="email"]').fill(USER.email);
  await page.locator('input[name="password"]').fill(USER.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

describe('free trial', () => {
  it('opens the pro area to a new account without paying, the days left a click away from the offer', async () => {
    const { page } = b;
    await page.goto(`${server.url}/abo/nouveaucompte`);
    await page.locator('input[type="email"]').fill(USER.email);
    await page.locator('input[autocomplete="new-password"]').fill(USER.password);
    await page.getByLabel('J’accepte les conditions générales').check();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByTestId('signup-done').waitFor();
    await expect.poll(() => loggedLink(USER.email), { timeout: 15_000 }).toMatch(/^http/);
    await page.goto(loggedLink(USER.email));
    await page.getByTestId('activation-result').filter({ hasText: 'Votre adresse e-mail est confirmée' }).waitFor();
    await page.goto(`${server.url}/abo/connexion?redirect=${encodeURIComponent('/pro/transactions')}`);
    await signIn(page);
    await page.waitForURL(`${server.url}/pro/transactions`);
    await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
    const badge = page.getByTestId('trial-days-left');
    await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toBe('14\u00a0jours d’essai restants');
    expect(await page.getByText('Un abonnement est nécessaire').count()).toBe(0);
    await screenshot(page, 'auth-trial-transactions');
    await badge.click();
    await page.waitForURL(`${server.url}/abo/offre`);
  });

  it('on day 15 sends the same account to the offer, which says the trial is over', async () => {
    await server.stop({ keepData: true });
    // Its 15th day: begun 15 days ago, ended yesterday.
    await runSql(
      dataDir,
      `UPDATE subscriptions s SET current_period_end = now() - interval '1 day'
         FROM clients c JOIN users u ON u.id = c.user_id
        WHERE s.client_id = c.id AND s.source = 'trial' AND u.email = $1`,
      [USER.email],
    );
    await runSql(
      dataDir,
      `UPDATE clients c SET trial_started_at = now() - interval '15 days' FROM users u WHERE u.id = c.user_id AND u.email = $1`,
      [USER.email],
    );
    server = await startServer({ dataDir, env: ENV });
    const { page } = b;
    await b.context.clearCookies();
    await page.goto(`${server.url}/abo/connexion?redirect=${encodeURIComponent('/pro/transactions')}`);
    await signIn(page);
    await page.waitForURL(/\/abo\/offre\?redirectionclient=abonnement-inactif/);
    // The visible one: on a loaded machine a second, hidden copy of the alert was seen while the navigation settled.
    await page
      .getByText(/essai gratuit est terminé/)
      .filter({ visible: true })
      .waitFor();
    expect(await page.getByTestId('trial-days-left').count()).toBe(0);
    await screenshot(page, 'auth-trial-ended-offer');
    // Typing the tool's address again leads there too.
    await page.goto(`${server.url}/pro/transactions`);
    await page.waitForURL(/\/abo\/offre\?redirectionclient=abonnement-inactif/);
  });
});
