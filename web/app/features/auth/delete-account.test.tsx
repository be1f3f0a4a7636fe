/** The deletion dialog says what goes with the account, as the deletion does it. */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { DeleteAccount } from './delete-account';

beforeAll(installMantineDomShims);
afterEach(cleanup);

describe('DeleteAccount', () => {
  it('lists what is deleted with the account: searches, addresses, listings, prospecting, value opinions, letterhead, zone', async () => {
    render(
      <MantineProvider>
        <DeleteAccount />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const list = await screen.findByTestId('deleted-with-account');
    const items = [...list.querySelectorAll('li')].map((li) => li.textContent);
    for (const what of [
      /recherches enregistrées et leurs alertes/,
      /adresses enregistrées/,
      /Mes annonces.*historiques de prix/,
      /listes de prospection et leurs cibles/,
      /avis de valeur/,
      /modèle de rapport/,
      /^ma zone/,
      /e-mails d’alerte/,
      /notifications/,
      /clés d’accès et vos sessions/,
    ])
      expect(
        items.some((t) => what.test(t ?? '')),
        String(what),
      ).toBe(true);
    // French list punctuation: a no-break space before each « ; », a full stop at the end.
    expect(items.slice(0, -1).every((t) => t?.endsWith('\u00a0;'))).toBe(true);
    expect(items.at(-1)?.endsWith('.')).toBe(true);
  });
});
