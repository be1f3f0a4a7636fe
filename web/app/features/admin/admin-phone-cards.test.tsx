/**
 * The administration tables on a phone: each row is a card with its key figures first and its
 * main action at hand, never a table to scroll sideways (accounts, data sources, audit log, imports).
 */
import type { ImportRun } from '@immoloupe/shared/opendata/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminUsers } from '~/features/billing/admin-users';
import { RunsTable } from '~/features/imports/admin-imports-runs';
import { installMantineDomShims, installPhoneViewport, jsonResponse as json } from '~/test/mantine-dom';
import { AuditLog } from './audit-log';
import { DataDashboard } from './data-dashboard';

beforeEach(() => {
  installMantineDomShims();
  installPhoneViewport();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (ui: React.ReactNode) =>
  render(
    <MantineProvider>
      {/* A data router: the users tab keeps its search in the URL. */}
      <RouterProvider router={createMemoryRouter([{ path: '/', element: ui }])} />
    </MantineProvider>,
  );

/** The first card of the list named `name`, once the answer is in. */
async function firstCard(name: string): Promise<HTMLElement> {
  const list = await screen.findByRole('list', { name });
  expect(screen.queryByRole('table')).toBeNull();
  return list.querySelector('li') as HTMLElement;
}

describe('on a phone', () => {
  it('shows each account as a card: its subscription first, then its e-mail, and « Accorder » at hand', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          total: 1,
          users: [
            {
              id: 'u1',
              email: 'agent@exemple.fr',
              role: 'subscriber',
              createdAt: '2026-11-02T10:00:00.000Z',
              emailVerified: true,
              disabled: false,
              abo: null,
              aboactif: false,
            },
          ],
        }),
      ),
    );
    show(<AdminUsers />);
    const card = await firstCard('Comptes');
    expect(card.textContent?.startsWith('Abonnement')).toBe(true);
    expect(card.textContent?.indexOf('Abonnement')).toBeLessThan(card.textContent?.indexOf('agent@exemple.fr') ?? -1);
    expect(card.textContent).toContain('Créé le02/11/2026');
    expect(within(card).getByRole('button', { name: 'Accorder' })).toBeTruthy();
  });

  it('shows each data source with its state and contents first', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          datasets: [
            {
              dataset: 'dvf',
              name: 'Ventes (DVF)',
              rows: 12345,
              vintage: '2021-01-04 – 2021-12-28',
              newestData: '2021-12-28',
              lastImport: { at: '2026-04-20T08:00:00.000Z', by: 'cli:root', fileName: 'dvf-33.csv.gz' },
              release: null,
              state: 'fresh',
              stateText: 'À jour.',
              coverage: [{ departement: '33', rows: 12345 }],
            },
          ],
        }),
      ),
    );
    show(<DataDashboard />);
    const card = await firstCard('Sources de données');
    expect(card.textContent?.startsWith('Étatà jourÀ jour.Contenu12\u202f345ventes (mutations)Ventes (DVF)')).toBe(true);
    expect(card.textContent).toContain('Dernier import20/04/2026 à 10:00');
  });

  it('shows each administrator action with its date first, then what was done and on whom', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          total: 1,
          entries: [
            {
              id: 1,
              at: '2026-11-21T13:05:00.000Z',
              actorEmail: 'chef@exemple.fr',
              ip: '127.0.0.1',
              action: 'user.disable',
              target: 'alice@exemple.fr',
              details: {},
            },
          ],
        }),
      ),
    );
    show(<AuditLog />);
    const card = await firstCard('Actions d’administration');
    expect(card.textContent?.startsWith('Date21/11/2026 à 14:05Utilisateur désactivé')).toBe(true);
    expect(card.textContent).toContain('Ciblealice@exemple.fr');
  });

  it('shows each import with its state and its counts first, then its file', async () => {
    const run: ImportRun = {
      id: 7,
      source: 'dvf',
      fileName: 'etalab-geo-dvf_2021_33.csv',
      url: null,
      vintage: null,
      status: 'succeeded',
      startedBy: 'admin@exemple.fr',
      startedAt: '2026-11-21T10:00:00.000Z',
      finishedAt: '2026-11-21T10:01:00.000Z',
      durationMs: 60_000,
      bytesTotal: 1000,
      bytesRead: 1000,
      rowsRead: 164,
      rowsKept: 164,
      rowsRejected: 0,
      rejects: [],
      summary: {},
      error: null,
      phase: null,
    };
    show(<RunsTable runs={[run]} />);
    const card = await firstCard('Imports de données');
    expect(card.textContent?.startsWith('ÉtatRéussiLignes du fichier164 lues164 importées0 rejetées')).toBe(true);
    expect(card.textContent?.indexOf('rejetées')).toBeLessThan(card.textContent?.indexOf('etalab-geo-dvf_2021_33.csv') ?? -1);
  });
});
