/** The imports tab renders the runs from the API: the live progress of a running import, counts and rejected lines. */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { AdminImports } from './admin-imports';
import { DvfFreshness } from './data-freshness';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = {
  url: null,
  vintage: null,
  startedBy: 'admin@exemple.fr',
  startedAt: '2026-11-21T10:00:00.000Z',
  finishedAt: null,
  durationMs: null,
  bytesTotal: 1000,
  summary: {},
  error: null,
};

describe('AdminImports', () => {
  it('shows a running import with its progress bar, and the rejected lines of a finished one', async () => {
    const body = {
      runs: [
        {
          ...base,
          id: 2,
          source: 'ban',
          fileName: 'adresses-93.csv.gz',
          status: 'running',
          bytesRead: 450,
          rowsRead: 12345,
          rowsKept: 12340,
          rowsRejected: 5,
          rejects: [],
          phase: 'lecture',
        },
        {
          ...base,
          id: 1,
          source: 'dvf-raw',
          fileName: 'ValeursFoncieres-2022.txt',
          status: 'succeeded',
          vintage: '2022-01-03 – 2022-12-30',
          durationMs: 12_340,
          bytesRead: 1000,
          rowsRead: 1901,
          rowsKept: 1900,
          rowsRejected: 1,
          rejects: [{ line: 7, reason: 'date de mutation invalide « 32/01/2022 »' }],
          phase: null,
        },
      ],
      jobs: [],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    render(
      <MantineProvider>
        <AdminImports />
      </MantineProvider>,
    );
    const bar = await screen.findByRole('progressbar', { name: 'Progression de l’import de adresses-93.csv.gz' });
    expect(bar.getAttribute('aria-valuenow')).toBe('45');
    // Testing Library folds no-break spaces to spaces; imports.logic.test.ts checks the exact characters.
    expect(screen.getByText('45 % — 12 345 lignes lues')).toBeTruthy();
    expect(screen.getByText('En cours')).toBeTruthy();
    expect(screen.getByText('Réussi')).toBeTruthy();
    expect(screen.getByText('Millésime 2022-01-03 – 2022-12-30')).toBeTruthy();
    expect(screen.getByText('ligne 7 : date de mutation invalide « 32/01/2022 »')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Télécharger et importer' }).hasAttribute('disabled')).toBe(true);
  });

  it('says "Données DVF à jour au …"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ dvfLatestMutation: '2022-12-30', sources: [] }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    render(
      <MantineProvider>
        <DvfFreshness />
      </MantineProvider>,
    );
    await waitFor(() => expect(screen.getByText('Données DVF à jour au 30/12/2022')).toBeTruthy());
  });
});
