/** « Avis de valeur »: while a saved opinion (`?id=…`) is loading, nothing can be typed that its answer would overwrite. */
import type { SavedOpinion } from '@immoloupe/shared/market/estimate-contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { ValueOpinionTool } from './value-opinion';

// MapLibre has no canvas in jsdom, and the map is not what is tested here.
vi.mock('~/features/map/map-view', () => ({ MapView: () => null }));

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SUBJECT = {
  label: '139 Avenue Carnot 93140 Bondy',
  lon: 2.479688,
  lat: 48.895901,
  insee: '93010',
  type: 'maison',
  surface: 85,
  rooms: 4,
  landSurface: 300,
  dpe: 'D',
  notes: 'Jardin au sud.',
  placedByBan: true,
} as const;

const OPINION: SavedOpinion = {
  id: 'op1',
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  adjustmentPct: 5,
  comment: 'Bon état général.',
  finalValue: null,
  hasPhoto: false,
  result: {
    subject: SUBJECT,
    asOf: '2023-06-30',
    steps: [{ radiusM: 500, months: 24, found: 1 }],
    used: { radiusM: 500, months: 24, from: '2021-07-01', to: '2023-06-30' },
    comparables: [],
    candidates: [],
    previousSales: [],
    excluded: [],
    added: [],
    estimate: null,
    rent: null,
    margin: null,
    confidence: null,
  },
};

/** Answers GET /api/estimates/saved/op1 when `answer` is called (or with `failure`). */
function serve(failure?: Response) {
  let answer: () => void = () => undefined;
  const stored = new Promise<void>((resolve) => {
    answer = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/estimates/saved') return json([]);
      if (url === '/api/reports/status') return json({ pdf: false });
      if (url === '/api/estimates/saved/op1') {
        if (failure) return failure;
        await stored;
        return json(OPINION);
      }
      return json({ message: 'inconnu' }, 404);
    }),
  );
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/pro/avisdevaleur?id=op1']}>
        <ValueOpinionTool />
      </MemoryRouter>
    </MantineProvider>,
  );
  return { answer };
}

const addressInput = () => screen.getByRole('combobox', { name: 'Adresse' }) as HTMLInputElement;
const surfaceInput = () => screen.getByRole('textbox', { name: 'Surface habitable (m²)' }) as HTMLInputElement;
const notesInput = () => screen.getByRole('textbox', { name: 'Notes sur le bien (facultatives)' }) as HTMLTextAreaElement;
const estimateButton = () => screen.getByRole('button', { name: 'Estimer' }) as HTMLButtonElement;
/** Every field of the subject form, and its button, as the agent can (or cannot) use them. */
const subjectControls = () => [addressInput(), surfaceInput(), notesInput(), estimateButton()];

describe('ValueOpinionTool', () => {
  it('keeps the subject form disabled until the saved opinion is in it', async () => {
    const { answer } = serve();
    for (const control of subjectControls()) expect(control.matches(':disabled')).toBe(true);

    answer();
    await waitFor(() => expect(estimateButton().disabled).toBe(false));
    for (const control of subjectControls()) expect(control.matches(':disabled')).toBe(false);
    expect(addressInput().value).toBe(SUBJECT.label);
    expect(surfaceInput().value).toBe('85');
    expect(notesInput().value).toBe(SUBJECT.notes);
    expect(screen.getByRole('region', { name: 'Estimation' })).toBeTruthy();
  });

  it('enables the subject form again, and says why it is empty, when the saved opinion cannot be read', async () => {
    serve(json({ message: 'Avis de valeur introuvable.' }, 404));
    expect((await screen.findByRole('alert')).textContent).toContain('Avis de valeur introuvable.');
    await waitFor(() => expect(estimateButton().disabled).toBe(false));
    for (const control of subjectControls()) expect(control.matches(':disabled')).toBe(false);
  });

  it('estimates a reopened opinion from a point the BAN placed as such, so that its map credits the BAN', async () => {
    const { answer } = serve();
    answer();
    await waitFor(() => expect(estimateButton().disabled).toBe(false));
    fireEvent.click(estimateButton());
    const fetch = vi.mocked(globalThis.fetch);
    await waitFor(() => expect(fetch.mock.calls.some(([url, init]) => url === '/api/estimates' && init?.method === 'POST')).toBe(true));
    const [, init] = fetch.mock.calls.find(([url, init]) => url === '/api/estimates' && init?.method === 'POST') ?? [];
    expect(JSON.parse(String(init?.body)).subject).toMatchObject({ label: SUBJECT.label, placedByBan: true });
  });
});
