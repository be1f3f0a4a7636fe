/** The data dashboard and audit log tabs render what the API says, in French. */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { AuditLog, detailsText } from './audit-log';
import { DataDashboard } from './data-dashboard';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answer(body: unknown) {
  const fetch = vi.fn(
    async (_input: RequestInfo | URL) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('DataDashboard', () => {
  it('shows each dataset with its state, rows, last import and coverage', async () => {
    answer({
      datasets: [
        {
          dataset: 'dvf',
          name: 'Ventes (DVF)',
          rows: 12345,
          vintage: '2021-01-04 – 2021-12-28',
          newestData: '2021-12-28',
          lastImport: { at: '2026-04-20T08:00:00.000Z', by: 'cli:root', fileName: 'dvf-33.csv.gz' },
          release: '2026-10-15',
          state: 'stale',
          stateText: 'Périmé : une publication du 15/10/2026 est plus récente que le dernier import (20/04/2026).',
          coverage: [{ departement: '33', rows: 12345 }],
        },
      ],
    });
    render(
      <MantineProvider>
        <DataDashboard />
      </MantineProvider>,
    );
    const table = await screen.findByTestId('data-dashboard');
    const row = within(table).getByText('Ventes (DVF)').closest('tr') as HTMLElement;
    expect(within(row).getByText('périmé')).toBeTruthy();
    expect(within(row).getByText('12 345')).toBeTruthy();
    // What the figure counts, so that it is not compared with the file lines of the imports tab.
    expect(within(row).getByText('ventes (mutations)')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Contenu' })).toBeTruthy();
    expect(within(row).getByText('33 : 12 345').closest('[title]')?.getAttribute('title')).toBe('12\u202f345\u00a0ventes (mutations)');
    expect(within(row).getByText('20/04/2026 à 10:00')).toBeTruthy();
    expect(within(row).getByText('33 : 12 345')).toBeTruthy();
    expect(within(row).getByText('donnée la plus récente : 28/12/2021')).toBeTruthy();
    expect(within(row).getByText('dvf-33.csv.gz — ligne de commande (root)')).toBeTruthy();
  });
});

describe('AuditLog', () => {
  it('lists actions with who, when, what, target and IP, and says when there is none', async () => {
    const fetch = answer({
      total: 1,
      entries: [
        {
          id: 1,
          at: '2026-11-21T13:05:00.000Z',
          actorEmail: 'chef@exemple.fr',
          ip: '127.0.0.1',
          action: 'user.disable',
          target: 'alice@exemple.fr',
          details: { sessionsEnded: 2 },
        },
      ],
    });
    render(
      <MantineProvider>
        <AuditLog />
      </MantineProvider>,
    );
    const table = await screen.findByTestId('audit-log');
    expect(within(table).getByText('21/11/2026 à 14:05')).toBeTruthy();
    expect(within(table).getByText('Utilisateur désactivé')).toBeTruthy();
    expect(within(table).getByText('alice@exemple.fr')).toBeTruthy();
    expect(within(table).getByText('sessions fermées : 2')).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/admin/audit?page=1');
  });
});

describe('audit details', () => {
  it('reads a subscription period as a phrase, other details as label and value', () => {
    const entry = { id: 1, at: '2026-11-26T10:00:00.000Z', actorEmail: 'admin@exemple.fr', ip: null, target: 'agent@exemple.fr' };
    expect(detailsText({ ...entry, action: 'subscription.extend', details: { months: 1, until: '2027-01-26T10:00:00.000Z' } })).toBe(
      '1\u00a0mois, jusqu’au 26/01/2027',
    );
    expect(detailsText({ ...entry, action: 'import.start', details: { dep: '93', years: [2022, 2023] } })).toBe(
      'département\u00a0: 93 · années\u00a0: 2022, 2023',
    );
  });

  it('names sources as the imports page does, and reads an import’s outcome', () => {
    const entry = { id: 1, at: '2026-11-26T10:00:00.000Z', actorEmail: 'admin@exemple.fr', ip: null, target: 'Fichier a.txt' };
    expect(detailsText({ ...entry, action: 'import.start', details: { source: 'dvf-raw' } })).toBe('source\u00a0: DVF brutes (DGFiP)');
    expect(detailsText({ ...entry, action: 'import.start', details: { source: 'copro' } })).toBe('source\u00a0: Copropriétés (RNIC)');
    expect(detailsText({ ...entry, action: 'import.success', details: { files: 1, skipped: 0, rowsKept: 12345, rowsRejected: 2 } })).toBe(
      'fichiers importés\u00a0: 1 · fichiers absents ignorés\u00a0: 0 · lignes importées\u00a0: 12\u202f345 · lignes rejetées\u00a0: 2',
    );
    expect(detailsText({ ...entry, action: 'import.failure', details: { reason: 'Fichier vide.' } })).toBe('raison\u00a0: Fichier vide.');
  });
});
