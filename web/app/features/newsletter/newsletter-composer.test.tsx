/**
 * The newsletter composer keeps its draft in this browser for the administrator who wrote it
 * (restored after leaving the page, discarded on demand, cleared once sent), shows the subject
 * at the top of its preview, applies French typography to the preview and to what is sent, and
 * asks before sending in a window of the page, never the browser's own dialog.
 */
import type { SessionUser } from '@immoloupe/shared/app-context';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { NewsletterComposer } from './newsletter-composer';
import { draftStorageKey } from './use-newsletter-draft';

beforeAll(installMantineDomShims);
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CHEF = 'chef@exemple.fr';
const ADJOINTE = 'adjointe@exemple.fr';
const N = '\u00a0';
const OVERVIEW = {
  configured: true,
  segments: [{ segment: 'abonnes-actifs', label: 'Abonnés actifs', recipients: 2 }],
  newsletters: [],
};

/** The composer for the administrator `email`; returns the bodies posted to the API. */
function renderFor(email: string) {
  const posted: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted.push({ url: String(url), body: JSON.parse(String(init.body)) });
        return json({ id: 1, recipients: 2, message: `Envoi lancé à 2${N}destinataires.` });
      }
      return json(OVERVIEW);
    }),
  );
  const user = { email, role: 'admin', client: null } as unknown as SessionUser;
  const router = createMemoryRouter([{ id: 'root', path: '/', element: <NewsletterComposer />, loader: () => ({ user }) }], {
    initialEntries: ['/'],
    hydrationData: { loaderData: { root: { user } } },
  });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return posted;
}

const subjectField = () => screen.findByRole('textbox', { name: /^Objet/ }) as Promise<HTMLInputElement>;
const srcdoc = () => screen.getByTestId('newsletter-preview').getAttribute('srcdoc') ?? '';
const keep = (email: string, draft: { subject: string; preheader?: string; html: string }) =>
  window.localStorage.setItem(draftStorageKey(email), JSON.stringify({ preheader: '', ...draft }));

describe('NewsletterComposer', () => {
  it('restores the draft of the administrator who wrote it after the page was left, not another’s', async () => {
    renderFor(CHEF);
    fireEvent.change(await subjectField(), { target: { value: 'Le marché de novembre' } });
    await waitFor(() => expect(window.localStorage.getItem(draftStorageKey(CHEF))).toContain('Le marché de novembre'));
    expect(screen.queryByText('Brouillon restauré')).toBeNull();
    cleanup();

    renderFor(CHEF);
    expect((await subjectField()).value).toBe('Le marché de novembre');
    expect(screen.getByText('Brouillon restauré')).toBeTruthy();
    cleanup();

    // Another administrator on the same browser: their own, empty, composer.
    renderFor(ADJOINTE);
    await waitFor(async () => expect((await subjectField()).value).toBe(''));
    expect(screen.queryByText('Brouillon restauré')).toBeNull();
    expect(window.localStorage.getItem(draftStorageKey(ADJOINTE))).toBeNull();
    expect(window.localStorage.getItem(draftStorageKey(CHEF))).toContain('Le marché de novembre');
  });

  it('discards the draft once confirmed', async () => {
    keep(CHEF, { subject: 'À jeter', html: '<p>Brouillon</p>' });
    renderFor(CHEF);
    expect((await subjectField()).value).toBe('À jeter');
    const body = () => screen.getByLabelText('Contenu de la lettre').textContent;
    await waitFor(() => expect(body()).toBe('Brouillon'));
    fireEvent.click(screen.getByRole('button', { name: 'Effacer le brouillon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Effacer le brouillon' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Effacer' }));
    await waitFor(async () => expect((await subjectField()).value).toBe(''));
    await waitFor(() => expect(body()).toBe('Bonjour,'));
    expect(screen.queryByText('Brouillon restauré')).toBeNull();
    expect(window.localStorage.getItem(draftStorageKey(CHEF))).toBeNull();
  });

  it('shows the subject atop the preview, both with French no-break spaces', async () => {
    keep(CHEF, { subject: 'Le marché : bilan ?', html: '<p>Baisse de 2 % à Bondy : voyez «Mes annonces» !</p>' });
    renderFor(CHEF);
    await subjectField();
    expect(screen.getByTestId('newsletter-preview-subject').textContent).toBe(`Objet${N}: Le marché${N}: bilan${N}?`);
    expect(srcdoc()).toContain(`<p>Baisse de 2${N}% à Bondy${N}: voyez «${N}Mes annonces${N}»${N}!</p>`);
    expect(srcdoc()).toContain(`<title>Le marché${N}: bilan${N}?</title>`);
    // The field keeps what was typed.
    expect((await subjectField()).value).toBe('Le marché : bilan ?');
  });

  it('sends only once confirmed in the page’s window, with French typography, then clears the draft', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    keep(CHEF, { subject: 'Bilan : novembre', html: '<p>Hausse de 3 % !</p>' });
    const posted = renderFor(CHEF);
    await subjectField();
    fireEvent.click(screen.getByPlaceholderText('Choisir un segment'));
    fireEvent.click(await screen.findByRole('option', { name: 'Abonnés actifs (2)', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la lettre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer la lettre' });
    expect(dialog.textContent).toContain(`Envoyer «${N}Bilan${N}: novembre${N}» à 2${N}destinataires (Abonnés actifs)${N}?`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la lettre' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Envoyer la lettre' })).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.url).toBe('/api/admin/newsletters');
    expect(posted[0]?.body).toMatchObject({
      subject: `Bilan${N}: novembre`,
      html: `<p>Hausse de 3${N}%${N}!</p>`,
      segment: 'abonnes-actifs',
    });
    expect(confirm).not.toHaveBeenCalled();
    await waitFor(() => expect(window.localStorage.getItem(draftStorageKey(CHEF))).toBeNull());
    expect((await subjectField()).value).toBe('');
  });
});
