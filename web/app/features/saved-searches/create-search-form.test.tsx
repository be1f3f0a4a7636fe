/**
 * /pro/creer_recherche picks communes by name, not by INSEE code: the communes picked are saved as
 * the same query as their codes were (`insee=93010,64260`); a tool whose page shows one commune
 * (transactions) keeps the last one picked; the DPE and co-ownership zone says that empty means « ma zone ».
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { issueMessages } from './create-search.logic';
import { CreateSearchForm } from './create-search-form';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const COMMUNES: Record<string, { insee: string; nom: string; codesPostaux: string[] }[]> = {
  Bondy: [{ insee: '93010', nom: 'Bondy', codesPostaux: ['93140'] }],
  Hendaye: [{ insee: '64260', nom: 'Hendaye', codesPostaux: ['64700'] }],
};

/** The form on `?outil=…`; returns the searches posted. */
function show(tool: string) {
  const posted: { tool: string; query: string; name: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://localhost');
      if (u.pathname === '/api/alerts/status') return json({ mailConfigured: true, message: null });
      if (u.pathname === '/api/market/communes') return json(COMMUNES[u.searchParams.get('q') ?? ''] ?? []);
      if (u.pathname === '/api/saved-searches' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        return json(
          {
            id: '6f1c1c55-7a4e-4a39-9d1b-6f3f1b8f2a01',
            tool: body.tool,
            name: body.name,
            query: body.query,
            url: `/pro/x?${body.query}`,
            alert: body.alert,
            lastCount: null,
            lastCountAt: null,
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
      <MemoryRouter initialEntries={[`/pro/creer_recherche?outil=${tool}`]}>
        <CreateSearchForm />
      </MemoryRouter>
    </MantineProvider>,
  );
  fireEvent.change(screen.getByRole('textbox', { name: /^Nom de la recherche/ }), { target: { value: 'Ma recherche' } });
  return posted;
}

async function pick(field: string, text: string, option: string) {
  const input = screen.getByRole('combobox', { name: field });
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function save(posted: unknown[]) {
  fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la recherche' }));
  await screen.findByRole('button', { name: 'Recherche enregistrée' });
  return posted.at(-1);
}

describe('CreateSearchForm', () => {
  it('saves the co-ownership communes picked by name as their INSEE codes, and says that none means « ma zone »', async () => {
    const posted = show('copros');
    expect(screen.queryByLabelText(/INSEE/)).toBeNull();
    expect(screen.getByText('Sans commune ni code postal, la recherche porte sur ma zone.')).toBeTruthy();
    await pick('Communes', 'Bondy', 'Bondy (93140)');
    await pick('Communes', 'Hendaye', 'Hendaye (64700)');
    expect(screen.getByText('Bondy (93140)')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Lots min.' }), { target: { value: '50' } });
    expect(await save(posted)).toMatchObject({ tool: 'copros', query: 'insee=93010%2C64260&lotsMin=50' });
  });

  it('keeps one commune for the transactions: the commune picked replaces the one before', async () => {
    const posted = show('transactions');
    await pick('Commune', 'Bondy', 'Bondy (93140)');
    await pick('Commune', 'Hendaye', 'Hendaye (64700)');
    expect(screen.queryByText('Bondy (93140)')).toBeNull();
    expect(screen.getByText('Hendaye (64700)')).toBeTruthy();
    expect(await save(posted)).toMatchObject({ tool: 'transactions', query: 'insee=64260' });
  });

  it('saves the parcel search on the commune picked, by its code', async () => {
    const posted = show('parcelles');
    await pick('Commune', 'Bondy', 'Bondy (93140)');
    fireEvent.change(screen.getByRole('textbox', { name: 'Section' }), { target: { value: 'AS' } });
    expect(await save(posted)).toMatchObject({ tool: 'parcelles', query: 'commune=93010&section=AS' });
  });

  it('saves a search once: the same form again is not a second search, a change is', async () => {
    const posted = show('transactions');
    await pick('Commune', 'Bondy', 'Bondy (93140)');
    await save(posted);
    const done = screen.getByRole('button', { name: 'Recherche enregistrée' }) as HTMLButtonElement;
    expect(done.disabled).toBe(true);
    fireEvent.click(done);
    expect(posted).toHaveLength(1);
    fireEvent.change(screen.getByRole('textbox', { name: /^Nom de la recherche/ }), { target: { value: 'Bondy, autre' } });
    expect((screen.getByRole('button', { name: 'Enregistrer la recherche' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('issueMessages', () => {
  it('names the field of each refusal', () => {
    expect(
      issueMessages('transactions', [
        { path: 'query.priceMin', message: 'Nombre invalide.' },
        { path: 'name', message: 'Donnez un nom à la recherche.' },
        { path: 'query', message: 'Fourchette de surface inversée.' },
        { path: 'query.priceMax', message: 'Fourchette de prix inversée.' },
      ]),
    ).toEqual([
      'Prix min. (€)\u00a0: Nombre invalide.',
      'Nom de la recherche\u00a0: Donnez un nom à la recherche.',
      'Fourchette de surface inversée.',
      'Fourchette de prix inversée.',
    ]);
  });
});
