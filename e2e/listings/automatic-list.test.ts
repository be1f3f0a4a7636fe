/**
 * The automatic list in a real browser: listing feeds imported with the documented command (the
 * Bien'ici Toulon export sample and a small Hendaye feed written here, with the Hendaye DVF sales),
 * a listing search created in « Créer une recherche », /pro/listeautomatique showing its matches
 * with their gap to the DVF median and the « Nouveau » mark, ranked by « bonne affaire » and by
 * €/m² both ways (the server's order); after a reload the mark is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUNTRESS as USER } from '../support/accounts.js';
import { openBrowser, screenshot } from '../support/browser.js';
import { signIn } from '../support/data.js';
import { type RunningServer, startServer } from '../support/server.js';

let server: RunningServer;
beforeAll(async () => {
  // The Hendaye sales, the Bien'ici export of Toulon and a small Hendaye feed (hendaye-feed.ts).
  server = await startServer({ prepared: 'hendaye-listings' });
});
afterAll(async () => {
  await server?.stop();
});

describe('automatic list', () => {
  it('shows the imported listings of a saved listing search, marked « Nouveau » until the next visit', async () => {
    const b = await openBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      await signIn(b.page, server.url, USER, '/pro/listeautomatique');
      await b.page.getByText('Aucune recherche d’annonces enregistrée').waitFor();
      // A link in the notice is set in the notice's text size, not the larger body size.
      const link = b.page.getByRole('link', { name: 'Créez une recherche d’annonces' });
      const sizes = await link.evaluate((a) => [getComputedStyle(a).fontSize, getComputedStyle(a.parentElement as Element).fontSize]);
      expect(sizes[0]).toBe(sizes[1]);

      await link.click();
      await b.page.getByRole('textbox', { name: 'Nom de la recherche' }).fill('Hendaye');
      await b.page.getByRole('textbox', { name: 'Codes postaux (séparés par des virgules)' }).fill('64700');
      await b.page.getByRole('button', { name: 'Enregistrer la recherche' }).click();
      await b.page.getByText('Recherche « Hendaye » enregistrée.').waitFor();

      await b.page.goto(`${server.url}/pro/listeautomatique`);
      const rows = b.page.getByTestId('annonce-auto');
      await rows.first().waitFor({ timeout: 20_000 });
      expect(await rows.count()).toBe(3);
      expect(await b.page.getByText('Nouveau', { exact: true }).count()).toBe(3);
      // Each row against the Hendaye median, with the sales behind it.
      expect(await rows.first().getByTestId('ecart-mediane').textContent()).toMatch(/(sous|au-dessus de) la médiane de Hendaye .*ventes/);

      await expect.poll(() => b.page.getByTestId('auto-total').innerText()).toMatch(/^3\sannonces, dont 3\snouvelles/);
      await b.page.getByLabel('Trier par').selectOption({ label: 'Bonnes affaires de la page' });
      // 4 000 €/m² is the lowest asking €/m² of the three: first in « bonne affaire » order.
      expect(await rows.first().textContent()).toMatch(/Appartement 3 pièces centre[\s\S]*4\s000\s€\/m²/);
      await screenshot(b.page, 'listings-listeautomatique');
      // By asking €/m², from the server, both ways.
      const perM2 = async () => (await rows.allInnerTexts()).map((t) => Number((/([\d\s]+)\s€\/m²/.exec(t)?.[1] ?? '').replace(/\s/g, '')));
      const down = (await perM2()).sort((x, y) => y - x);
      expect(down).toHaveLength(3);
      await b.page.getByLabel('Trier par').selectOption({ label: 'Prix au m² décroissant' });
      await expect.poll(perM2).toEqual(down);
      await b.page.getByLabel('Trier par').selectOption({ label: 'Prix au m² croissant' });
      await expect.poll(perM2).toEqual([...down].reverse());

      await b.page.reload();
      await rows.first().waitFor({ timeout: 20_000 });
      expect(await rows.count()).toBe(3);
      expect(await b.page.getByText('Nouveau', { exact: true }).count()).toBe(0);
      await b.page.getByText(/dernière visite le/).waitFor();

      await rows.first().getByRole('button', { name: 'Enregistrer dans Mes annonces' }).click();
      await b.page.getByText('Enregistrée dans Mes annonces').waitFor();
      await b.page.goto(`${server.url}/pro/mesannonces`);
      await b.page.getByTestId('mon-annonce').first().waitFor();
      expect(await b.page.getByTestId('mon-annonce').count()).toBe(1);
    } catch (err) {
      await screenshot(b.page, 'listings-auto-debug');
      throw err;
    } finally {
      await b.close();
    }
  }, 180_000);
});
