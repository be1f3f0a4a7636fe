/**
 * The hint where data may not be imported, by role: a subscriber (who cannot open the
 * administration) is sent to the contact form with the request as its subject; an administrator
 * to the imports tab of the administration.
 */
import type { SessionUser } from '@immoloupe/shared/app-context';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ContactForm } from '~/features/contact/contact-form';
import { installMantineDomShims } from '~/test/mantine-dom';
import { ImportHint } from './import-hint';

beforeAll(installMantineDomShims);
afterEach(cleanup);

const SUBSCRIBER: SessionUser = { email: 'agent@exemple.fr', role: 'subscriber', client: { abo: null, aboactif: true } };
const ADMIN: SessionUser = { email: 'admin@exemple.fr', role: 'admin', client: null };

/** The hint on a page of the app whose root loader read `user`, with the contact page next to it. */
function renderAs(user: SessionUser | null) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ user }),
        element: (
          <MantineProvider>
            <Outlet />
          </MantineProvider>
        ),
        children: [
          {
            index: true,
            element: (
              <p>
                Aucun DPE ne correspond. <ImportHint source="dpe" departement="93" />
              </p>
            ),
          },
          { path: 'contact', element: <ContactForm /> },
        ],
      },
    ],
    { initialEntries: ['/'], hydrationData: { loaderData: { root: { user } } } },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ImportHint', () => {
  it('sends a subscriber to the contact form, its subject prefilled, and never mentions the administration', async () => {
    const router = renderAs(SUBSCRIBER);
    const hint = await screen.findByTestId('import-hint');
    await waitFor(() =>
      expect(hint.textContent).toBe('L’équipe Immoloupe importe les DPE du département 93 à la demande\u00a0: demandez l’import.'),
    );
    expect(screen.queryByText(/Administration/)).toBeNull();
    const link = screen.getByRole('link', { name: 'demandez l’import' });
    expect(link.getAttribute('href')).toBe('/contact?objet=Import+des+DPE+du+d%C3%A9partement+93');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
    expect(((await screen.findByLabelText(/Objet/)) as HTMLInputElement).value).toBe('Import des DPE du département 93');
  });

  it('reads as a subscriber’s while the session is not known', async () => {
    renderAs(null);
    const hint = await screen.findByTestId('import-hint');
    await waitFor(() => expect(hint.textContent).toMatch(/^L’équipe Immoloupe importe/));
    expect(screen.getByRole('link', { name: 'demandez l’import' }).getAttribute('href')).toMatch(/^\/contact\?objet=/);
  });

  it('sends an administrator to the imports tab of the administration', async () => {
    renderAs(ADMIN);
    const link = await screen.findByRole('link', { name: 'Administration › Imports de données' });
    expect(link.getAttribute('href')).toBe('/pro/admin?onglet=imports');
    expect(screen.getByTestId('import-hint').textContent).toBe(
      'Un administrateur importe les DPE du département 93 depuis Administration › Imports de données.',
    );
    expect(screen.queryByRole('link', { name: 'demandez l’import' })).toBeNull();
  });
});
