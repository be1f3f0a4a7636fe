/**
 * The mailing journey of issue 15 in a real browser, against the built server and a local fake
 * of Brevo that records every request: an administrator writes a newsletter, sends a test to
 * themselves, then sends it to « abonnés actifs »; Brevo then calls our webhook to unsubscribe
 * one of them: that user's consent is off and the audit log shows the send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBrevo } from '../../server/src/features/newsletter/testing/fake-brevo.ts';
import { NEWSLETTER_ADMIN as ADMIN, ALICE, BRUNO } from '../support/accounts.js';
import { openBrowser, screenshot } from '../support/browser.js';
import { signIn } from '../support/data.js';
import { type RunningServer, startServer } from '../support/server.js';

const SECRET = 'secret-du-webhook-brevo-e2e-0123456789';
let server: RunningServer;
let brevo: Awaited<ReturnType<typeof startFakeBrevo>>;

beforeAll(async () => {
  brevo = await startFakeBrevo();
  // Alice and Bruno accept the newsletter, Claire does not (accounts.ts).
  server = await startServer({
    prepared: 'empty',
    env: { BREVO_API_KEY: 'cle-e2e', BREVO_API_URL: brevo.url, BREVO_WEBHOOK_SECRET: SECRET },
  });
});
afterAll(async () => {
  await server?.stop();
  await brevo?.close();
});

describe('newsletter', () => {
  it('is written, tested, sent to active subscribers, and an unsubscribe from Brevo turns the consent off', async () => {
    const b = await openBrowser({ viewport: { width: 1400, height: 1000 } });
    try {
      const { page } = b;
      await signIn(page, server.url, ADMIN, '/pro/admin/brevo');
      await page.getByRole('heading', { name: 'Lettre d’information', level: 1 }).waitFor();
      await page.getByLabel('Objet').fill('Le marché de novembre');
      await page.getByLabel('Texte d’aperçu').fill('Les prix à Bondy et Hendaye');
      const editor = page.getByLabel('Contenu de la lettre');
      await editor.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Bonjour, les prix de Bondy reculent de 2 % sur un an.');
      await page.getByRole('button', { name: 'Gras' }).waitFor();
      await page.frameLocator('[data-testid="newsletter-preview"]').getByText('les prix de Bondy reculent').waitFor();

      await page.getByRole('button', { name: 'M’envoyer un test' }).click();
      await page.getByText(`Test envoyé à ${ADMIN.email}.`).waitFor();
      const [test] = brevo.tagged('newsletter-test');
      expect(test?.body.to).toEqual([{ email: ADMIN.email }]);
      expect(test?.body.subject).toBe('[Test] Le marché de novembre');
      // French typography added to what was typed: a no-break space before « % ».
      expect(test?.body.htmlContent).toContain('les prix de Bondy reculent de 2\u00a0% sur un an.');

      await page.getByPlaceholder('Choisir un segment').click();
      await page.getByRole('option', { name: 'Abonnés actifs (2)' }).click();
      await screenshot(page, 'newsletter-compose');
      await page.getByRole('button', { name: 'Envoyer la lettre' }).click();
      // Confirmed in a window of the page, not the browser's dialog.
      await page.getByRole('dialog', { name: 'Envoyer la lettre' }).getByRole('button', { name: 'Envoyer', exact: true }).click();
      await page.getByText('Envoi lancé à 2\u00a0destinataires.').waitFor();
      const reports = page.getByTestId('newsletter-reports');
      await reports.getByText('envoyée').waitFor({ timeout: 20_000 });
      // biome-ignore lint/performance/useDomNodeTextContent: innerText keeps the cell separators the assertion reads
      expect(await reports.getByRole('row').nth(1).innerText()).toMatch(
        /Le marché de novembre[\s\S]*Abonnés actifs[\s\S]*envoyée\s+2\s+2\s+0/i,
      );
      const sent = brevo.calls.filter((c) => c.body.tags?.some((t) => /^newsletter-\d+$/.test(t)));
      expect(sent.map((c) => c.body.to[0]?.email).sort()).toEqual([ALICE.email, BRUNO.email]);

      // Brevo reports that Alice unsubscribed (its webhook call, with the secret of the URL).
      const hook = await fetch(`${server.url}/brevo/webhook?token=${SECRET}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event: 'unsubscribed', email: ALICE.email, 'message-id': '<1@fake-brevo>', ts_event: 1_795_000_000 }),
      });
      expect(await hook.json()).toEqual({ applied: 1, replayed: 0, ignored: 0 });

      await page.reload();
      await page.getByPlaceholder('Choisir un segment').click();
      await page.getByRole('option', { name: 'Abonnés actifs (1)' }).waitFor();
      await page.keyboard.press('Escape');

      await page.goto(`${server.url}/pro/admin`);
      await page.getByRole('tab', { name: 'Journal' }).click();
      const log = page.getByTestId('audit-log');
      await log.getByText('Lettre d’information envoyée').waitFor();
      // biome-ignore lint/performance/useDomNodeTextContent: innerText keeps the cell separators the assertion reads
      expect(await log.getByRole('row').nth(1).innerText()).toMatch(
        /admin-lettre@exemple\.fr\s+Lettre d’information envoyée\s+Abonnés actifs\s+objet\s*: Le marché de novembre/,
      );
      await screenshot(page, 'admin-journal');
    } finally {
      await b.close();
    }

    const alice = await openBrowser();
    try {
      await signIn(alice.page, server.url, ALICE, '/abo/moncompte');
      const toggle = alice.page.getByRole('switch', { name: 'Recevoir la lettre d’information d’Immoloupe' });
      await toggle.waitFor();
      await alice.page.waitForFunction(() => document.querySelector('input[role="switch"]') !== null);
      expect(await toggle.isChecked()).toBe(false);
    } finally {
      await alice.close();
    }
  });
});
