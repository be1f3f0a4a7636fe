/** « Enregistrer cette recherche »: the page's filters saved with the name and the alert chosen; the no-SMTP note. */
import { ALERTS_NOT_CONFIGURED } from '@immoloupe/shared/alerts/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { SaveSearchButton } from './save-search-button';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(mailConfigured: boolean) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/alerts/status') return json({ mailConfigured, message: mailConfigured ? null : ALERTS_NOT_CONFIGURED });
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
});
