/**
 * Accounts in a real browser, against the built server: sign-up with e-mail confirmation, an
 * account without subscription sent to the offer, an administrator granting a subscription, the
 * sign-in redirect back to the wanted page, and the session refreshed when the tab is visible
 * again (SEED-SPEC §4).
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot } from '../support/browser.js';
import { copyDataSet } from '../support/prepared.js';
import { REPO_ROOT, type RunningServer, startServer } from '../support/server.js';

const run = promisify(execFile);
const ADMIN = { email: 'admin@exemple.fr', password: 'Tableau-de-bord-2026' };
const USER = { email: 'agent@exemple.fr', password: 'Maison-bleue-2026' };

let server: RunningServer;
let dataDir: string;
beforeAll(async () => {
  // The documented command, on the data folder the server then opens (migrated already: a copy of
  // the prepared one).
  dataDir = await copyDataSet('empty');
  const { stdout } = await run(
    process.execPath,
    ['server/dist/cli/admin-create.js', '--email', ADMIN.email, '--password', ADMIN.password],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    },
  );
  expect(stdout).toContain('Administrateur créé');
  // The paid path, without the free trial a new account gets by default (decision 1371).
  server = await startServer({ dataDir, env: { TRIAL_DAYS: '0' } });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const pathOf = (page: Page) => {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
};

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.locator('input[name="email"]').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** The page's document, typed by hand: the tests' TypeScript has no DOM types (and the CSP refuses strings). */
type InPage = { document: { visibilityState: string; dispatchEvent(event: unknown): boolean } };

/** The link of the last e-mail the server wrote to its log for `to` (no mail transport here). */
function loggedLink(to: string): string {
  const lines = server
    .output()
    .split('\n')
    .filter((l) => l.includes('"link"') && l.includes(to));
  const last = lines.at(-1);
  if (!last) throw new Error(`no e-mail logged for ${to}`);
  return (JSON.parse(last) as { link: string }).link;
}

describe('admin:create', () => {
  it('refuses, in French, to open the PGlite folder the running server holds', async () => {
    const failed = await run(
      process.execPath,
      ['server/dist/cli/admin-create.js', '--email', 'autre@exemple.fr', '--password', ADMIN.password],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      },
    ).catch((err: { code: number; stderr: string }) => err);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('est ouverte par le serveur Immoloupe');
  });
});

describe('accounts in the browser', () => {
  it('signs up with the strength meter, gets a new link for the lost one, confirms the address, and lands on the offer without subscription', async () => {
    const b = await openBrowser();
    try {
      await b.page.goto(`${server.url}/abo/nouveaucompte`);
      await b.page.locator('input[type="email"]').fill(USER.email);
      const password = b.page.locator('input[autocomplete="new-password"]');
      await password.fill('court');
      expect(await b.page.getByTestId('password-strength').getAttribute('data-strength')).toBe('weak');
      expect(await b.page.getByTestId('password-strength').textContent()).toContain('Faible');
      await password.fill(USER.password);
      expect(await b.page.getByTestId('password-strength').textContent()).toContain('Fort');
      await b.page.getByLabel('J’accepte les conditions générales').check();
      await b.page.getByRole('button', { name: 'Créer mon compte' }).click();
      const done = b.page.getByTestId('signup-done');
      await done.waitFor();
      expect(await done.textContent()).toContain('écrit dans le journal du serveur');

      // The link is lost: signing in says why it is refused and sends a new one.
      const lost = loggedLink(USER.email);
      await b.page.goto(`${server.url}/abo/connexion`);
      await signIn(b.page, USER);
      await b.page.getByTestId('login-message').filter({ hasText: 'demandez-en un nouveau ci-dessous' }).waitFor();
      await b.page.getByRole('button', { name: 'Renvoyer le lien de confirmation' }).click();
      // No mail transport here: the answer says the link was created and written to the log, not sent.
      await b.page.getByTestId('resend-result').filter({ hasText: 'un nouveau lien de confirmation a été créé' }).waitFor();
      expect(await b.page.getByTestId('login-message').count()).toBe(0);
      await expect.poll(() => loggedLink(USER.email)).not.toBe(lost);
      // The old link no longer works, and its page offers a new one too.
      await b.page.goto(lost);
      await b.page.getByTestId('activation-result').filter({ hasText: 'n’est plus valable' }).waitFor();
      expect(await b.page.getByRole('button', { name: 'Renvoyer le lien de confirmation' }).isVisible()).toBe(true);
      await screenshot(b.page, 'auth-activation-link-expired');

      await b.page.goto(loggedLink(USER.email));
      await b.page.getByTestId('activation-result').waitFor();
      expect(await b.page.getByTestId('activation-result').textContent()).toContain('Votre adresse e-mail est confirmée');
      await b.page.getByRole('link', { name: 'Se connecter' }).click();
      await b.page.waitForURL(/\/abo\/connexion/);
      await signIn(b.page, USER);
      // No subscription: /pro → session reload → the offer, with the reason.
      await b.page.waitForURL(/\/abo\/offre\?redirectionclient=sans-client/);
      await b.page.getByTestId('offer-reason').waitFor();
      expect(await b.page.getByTestId('payment-not-configured').isVisible()).toBe(true);
      await screenshot(b.page, 'auth-offer-without-subscription');
    } finally {
      await b.close();
    }
  });

  it('lets an administrator grant the subscription from /pro/admin', async () => {
    const b = await openBrowser();
    try {
      await b.page.goto(`${server.url}/abo/connexion`);
      await signIn(b.page, ADMIN);
      await b.page.waitForURL(`${server.url}/pro`);
      await b.page.goto(`${server.url}/pro/admin`);
      const row = b.page.getByTestId('admin-users').getByRole('row').filter({ hasText: USER.email });
      await row.waitFor();
      await row.getByRole('button', { name: 'Accorder' }).click();
      await b.page.getByRole('menuitem', { name: '1 mois' }).click();
      await row.getByText('Actif').waitFor();
      await screenshot(b.page, 'auth-admin-users');
      // The other tabs of the administration.
      await b.page.getByRole('tab', { name: 'Imports de données' }).click();
      await b.page.getByRole('tabpanel', { name: 'Imports de données' }).waitFor();
      await b.page.getByRole('tab', { name: 'Messages de contact' }).click();
      await b.page.getByRole('tabpanel', { name: 'Messages de contact' }).waitFor();
    } finally {
      await b.close();
    }
  });

  it('sends a visitor of /pro/transactions to the login page, and back there once signed in', async () => {
    const b = await openBrowser();
    try {
      const res = await b.page.goto(`${server.url}/pro/transactions`);
      expect(res?.status()).toBe(200);
      expect(pathOf(b.page)).toBe('/abo/connexion?redirect=%2Fpro%2Ftransactions&error=SessionRequired');
      await b.page.getByText('Connectez-vous pour accéder à cette page.').waitFor();
      await signIn(b.page, USER);
      await b.page.waitForURL(`${server.url}/pro/transactions`);
      expect(await b.page.locator('#app').getAttribute('data-layout')).toBe('pro');
    } finally {
      await b.close();
    }
  });

  it('refreshes the session when the tab becomes visible again', async () => {
    const tab = await openBrowser();
    const elsewhere = await openBrowser();
    try {
      await tab.page.goto(`${server.url}/abo/connexion?redirect=%2Fpro`);
      await signIn(tab.page, USER);
      await tab.page.waitForURL(`${server.url}/pro`);
      await tab.page.getByTestId('pro-abo-state').waitFor();
      await screenshot(tab.page, 'auth-pro-home');

      // Elsewhere, the password changes: every other session of the account ends.
      await elsewhere.page.goto(`${server.url}/abo/connexion?redirect=%2Fabo%2Fmoncompte`);
      await signIn(elsewhere.page, USER);
      await elsewhere.page.waitForURL(`${server.url}/abo/moncompte`);
      await elsewhere.page.getByTestId('abo-state').waitFor();
      await screenshot(elsewhere.page, 'auth-account');
      await elsewhere.page.getByLabel('Mot de passe actuel').fill(USER.password);
      await elsewhere.page.getByLabel('Nouveau mot de passe').fill('Nouvelle-maison-2026');
      await elsewhere.page.getByRole('button', { name: 'Changer le mot de passe' }).click();
      await elsewhere.page
        .getByText(/^Mot de passe changé\. (Votre autre session a été fermée|Vos \d+ autres sessions ont été fermées)\.$/)
        .waitFor();

      // The tab is hidden, then shown again. Headless Chromium keeps every tab visible, so the
      // page gets what the browser does on a tab switch: the state, then the event.
      const sessionReads: string[] = [];
      tab.page.on('request', (r) => {
        if (r.url().endsWith('/api/auth/session')) sessionReads.push(r.url());
      });
      const setVisibility = (state: 'hidden' | 'visible') =>
        tab.page.evaluate((value) => {
          const doc = (globalThis as unknown as InPage).document;
          Object.defineProperty(doc, 'visibilityState', { configurable: true, get: () => value });
          doc.dispatchEvent(new (globalThis as unknown as { Event: new (type: string) => unknown }).Event('visibilitychange'));
        }, state);
      await setVisibility('hidden');
      expect(sessionReads).toEqual([]);
      await setVisibility('visible');
      // The session is gone: the navigation rules send the tab to the login page.
      await tab.page.waitForURL(/\/abo\/connexion\?redirect=%2Fpro/);
      expect(sessionReads.length).toBeGreaterThan(0);
    } finally {
      await tab.close();
      await elsewhere.close();
    }
  });
});
