/** The imports tab renders the runs from the API (live progress, counts, rejected lines), and late answers never undo a newer state. */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
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
    expect(screen.getByText('Données du 03/01/2022 au 30/12/2022')).toBeTruthy();
    expect(screen.getByText('ligne 7 : date de mutation invalide « 32/01/2022 »')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Télécharger et importer' }).hasAttribute('disabled')).toBe(true);
  });

  it('keeps the started import when an older poll answers after the refresh that followed the start', async () => {
    const runningRun = {
      ...base,
      id: 3,
      source: 'dvf',
      fileName: 'dvf-93-2024.csv.gz',
      status: 'running',
      bytesRead: 100,
      rowsRead: 10,
      rowsKept: 10,
      rowsRejected: 0,
      rejects: [],
      phase: 'lecture',
    };
    const job = { id: 'j1', label: 'Département 93', status: 'running', message: null, startedAt: base.startedAt };
    // The first poll (sent on mount, before the import starts) is held and answers last.
    let answerFirstPoll: (r: Response) => void = () => {};
    let polls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') return json({ job });
        polls += 1;
        if (polls === 1) return new Promise<Response>((resolve) => (answerFirstPoll = resolve));
        return json({ runs: [runningRun], jobs: [job] });
      }),
    );
    render(
      <MantineProvider>
        <AdminImports />
      </MantineProvider>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Département' }), { target: { value: '93' } });
    fireEvent.click(screen.getByRole('button', { name: 'Télécharger et importer' }));
    await screen.findByRole('progressbar', { name: 'Progression de l’import de dvf-93-2024.csv.gz' });
    expect(screen.getByText('Import lancé : Département 93.')).toBeTruthy();

    await act(async () => {
      answerFirstPoll(json({ runs: [], jobs: [] }));
      await new Promise((r) => setTimeout(r, 20));
    });
    // The stale "nothing runs" answer must neither hide the running import nor drop the notice.
    expect(screen.getByText('Import lancé : Département 93.')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progression de l’import de dvf-93-2024.csv.gz' })).toBeTruthy();
    expect(screen.queryByText('Aucun import pour l’instant.')).toBeNull();
  });

  it('keeps a file chosen while the previous one was still being sent', async () => {
    const job = { id: 'j2', label: 'a.csv', status: 'running', message: null, startedAt: base.startedAt };
    let answerUpload: ((r: Response) => void) | null = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST' ? new Promise<Response>((resolve) => (answerUpload = resolve)) : json({ runs: [], jobs: [] }),
      ),
    );
    const { container } = render(
      <MantineProvider>
        <AdminImports />
      </MantineProvider>,
    );
    await screen.findByText('Aucun import pour l’instant.');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.csv')] } });
    fireEvent.submit(screen.getByRole('form', { name: 'Un fichier de cet ordinateur' }));
    await waitFor(() => expect(answerUpload).not.toBeNull());
    fireEvent.change(input, { target: { files: [new File(['y'], 'b.csv')] } });
    expect(screen.getByText('b.csv')).toBeTruthy();

    await act(async () => {
      answerUpload?.(json({ job }));
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.getByText('Import lancé : a.csv.')).toBeTruthy();
    // Only the file that was sent is cleared, not the one picked since.
    expect(screen.getByText('b.csv')).toBeTruthy();
  });

  it('says under the years field why a value is refused, and sends nothing', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json({ runs: [], jobs: [] }));
    vi.stubGlobal('fetch', fetch);
    render(
      <MantineProvider>
        <AdminImports />
      </MantineProvider>,
    );
    await screen.findByText('Aucun import pour l’instant.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Département' }), { target: { value: '93' } });
    const years = screen.getByRole('textbox', { name: 'Années DVF' });
    const button = screen.getByRole('button', { name: 'Télécharger et importer' });
    fireEvent.change(years, { target: { value: 'toutes' } });
    expect(screen.getByText('Années invalides « toutes » : écrivez par exemple 2020-2024 ou 2022.')).toBeTruthy();
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.change(years, { target: { value: '2024-2020' } });
    expect(screen.getByText('Années dans l’ordre croissant, par exemple 2020-2024.')).toBeTruthy();
    fireEvent.submit(screen.getByRole('form', { name: 'Fichiers officiels d’un département' }));
    fireEvent.change(years, { target: { value: '2020-2022' } });
    expect(screen.queryByText('Années dans l’ordre croissant, par exemple 2020-2024.')).toBeNull();
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('lists a failed import with its reason, also when its file was not recognised', async () => {
    const failed = {
      ...base,
      id: 4,
      source: null,
      fileName: 'inconnu.csv',
      status: 'failed',
      bytesRead: 0,
      rowsRead: 0,
      rowsKept: 0,
      rowsRejected: 0,
      rejects: [],
      phase: null,
      error: 'Type de fichier non reconnu pour « inconnu.csv ».',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ runs: [failed], jobs: [] })),
    );
    render(
      <MantineProvider>
        <AdminImports />
      </MantineProvider>,
    );
    expect(await screen.findByText('Source non reconnue')).toBeTruthy();
    expect(screen.getByText('Échec')).toBeTruthy();
    expect(screen.getByText('Type de fichier non reconnu pour « inconnu.csv ».')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Lignes du fichier' })).toBeTruthy();
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
