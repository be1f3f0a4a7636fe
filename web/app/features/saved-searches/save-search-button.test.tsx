/** « Enregistrer cette recherche »: the page's filters saved with the name and the alert chosen; the no-SMTP note. */
import { ALERTS_NOT_CONFIGURED } from '@immoloupe/shared/alerts/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { OPENED_SEARCH_KEY, SaveSearchButton } from './save-search-button';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const MINE = {
  id: '0b6b2a5e-1c1e-4f7a-9d55-2f7f1c1e0a01',
  tool: 'transactions',
  name: 'Bondy tout',
  query: 'insee=93010',
  url: '/pro/transactions?insee=93010',
  alert: 'weekly',
  lastCount: 716,
  lastCountAt: '2026-11-25T10:00:00.000Z',
  createdAt: '2026-11-25T10:00:00.000Z',
};

function serve(mailConfigured: boolean, saved: unknown[] = []) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/alerts/status') return json({ mailConfigured, message: mailConfigured ? null : ALERTS_NOT_CONFIGURED });
      if (url === '/api/saved-searches' && init?.method === 'GET')
        // Without a page: every search of the user, the list's answer without paging.
        return json({
          items: saved,
          max: 100,
          total: saved.length,
          page: 1,
          pageSize: Math.max(saved.length, 1),
          sort: 'created',
          order: 'desc',
        });
      if (url === `/api/saved-searches/${MINE.id}` && init?.method === 'PATCH') {
        posted.push({ patch: JSON.parse(String(init.body)) });
        return json({ ...MINE, query: 'insee=93010&types=appartement' });
      }
      if (url === '/api/saved-searches' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        return json(
          {
            id: '6f1c1c55-7a4e-4a39-9d1b-6f3f1b8f2a01',
            tool: body.tool,
            name: body.name,
            query: 'insee=93010&types=appartement',
            url: '/pro/transactions?insee=93010&types=appartement',
            alert: body.alert,
            lastCount: 295,
            lastCountAt: '2026-11-25T10:00:00.000Z',
            createdAt: '2026-11-25T10:00:00.000Z',
          },
          201,
        );
      }
      return json({ message: 'inconnu' }, 404);
    }),
  );
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/pro/transactions?insee=93010&types=appartement']}>
        <SaveSearchButton tool="transactions" />
      </MemoryRouter>
    </MantineProvider>,
  );
  return posted;
}

describe('SaveSearchButton', () => {
  it('saves the page’s filters with the name and the daily alert chosen', async () => {
    const posted = serve(true);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer cette recherche' }));
    fireEvent.change(await screen.findByLabelText(/^Nom/, { selector: 'input' }), { target: { value: 'Appartements à Bondy' } });
    fireEvent.click(screen.getByLabelText('Alerte par e-mail', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Chaque jour', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText(/Recherche enregistrée, alerte chaque jour\./);
    expect(posted).toEqual([
      { tool: 'transactions', query: '?insee=93010&types=appartement', name: 'Appartements à Bondy', alert: 'daily' },
    ]);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says that no e-mail is sent when the site has no SMTP, and saves without alert by default', async () => {
    const posted = serve(false);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer cette recherche' }));
    expect((await screen.findByRole('note')).textContent).toBe(ALERTS_NOT_CONFIGURED);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText(/Recherche enregistrée\./);
    expect(posted).toEqual([{ tool: 'transactions', query: '?insee=93010&types=appartement', name: 'Transactions DVF', alert: 'off' }]);
  });

  it('opened from a saved search: offers to replace its filters, keeping its name and alert', async () => {
    sessionStorage.setItem(OPENED_SEARCH_KEY, MINE.id);
    const posted = serve(true, [MINE]);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer cette recherche' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mettre à jour' }));
    await screen.findByText(/Recherche «\s?Bondy tout\s?» mise à jour/);
    expect(posted).toEqual([{ patch: { query: '?insee=93010&types=appartement' } }]);
  });

  it('with saved searches of the tool but opened from none: a new search by default', async () => {
    const posted = serve(true, [MINE]);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer cette recherche' }));
    await screen.findByDisplayValue('Comme une nouvelle recherche');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText(/Recherche enregistrée\./);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ tool: 'transactions', name: 'Transactions DVF' });
  });
});
