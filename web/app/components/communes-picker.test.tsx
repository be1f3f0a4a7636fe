/**
 * The commune picker: a name typed gives suggestions named by their postcodes, « Bondy (93140) »
 * (not the INSEE code 93010, taken for a postcode; it stays in the tooltip), one picked becomes a
 * pill (its INSEE code in the value) and empties the field; a pill removed drops its code; a code
 * given from outside shows its commune's name once the search has answered for it; a late answer
 * for an older text does not replace the suggestions of the text typed last; with `max={1}`, a
 * commune picked replaces the one before. The answers are those of `GET /api/market/communes`.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { gate, installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { CommunesPicker } from './communes-picker';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BONDY = { insee: '93010', nom: 'Bondy', departement: '93', codesPostaux: ['93140'] };
type Answer = { insee: string; nom: string; departement: string; codesPostaux: string[]; mergedInto?: { insee: string; nom: string } };
const ANSWERS: Record<string, Answer[]> = {
  // A former commune, merged into Saint-Denis in 2025: no postcode of its own.
  '93059': [
    {
      insee: '93059',
      nom: 'Pierrefitte-sur-Seine',
      departement: '93',
      codesPostaux: [],
      mergedInto: { insee: '93066', nom: 'Saint-Denis' },
    },
  ],
  Bo: [{ insee: '33063', nom: 'Bordeaux', departement: '33', codesPostaux: ['33000', '33100', '33200', '33300', '33800'] }],
  Bondy: [BONDY],
  Hendaye: [{ insee: '64260', nom: 'Hendaye', departement: '64', codesPostaux: ['64700'] }],
  // The search by code also matches the postcodes that begin with it.
  '93010': [BONDY, { insee: '93005', nom: 'Aulnay-sous-Bois', departement: '93', codesPostaux: ['93600'] }],
  'Paris 16': [{ insee: '75116', nom: 'Paris 16e Arrondissement', departement: '75', codesPostaux: ['75016', '75116'] }],
  Paris: [
    {
      insee: '75056',
      nom: 'Paris',
      departement: '75',
      codesPostaux: [
        '75001',
        '75002',
        '75003',
        '75004',
        '75005',
        '75006',
        '75007',
        '75008',
        '75009',
        '75010',
        '75011',
        '75012',
        '75013',
        '75014',
        '75015',
        '75016',
        '75116',
        '75017',
        '75018',
        '75019',
        '75020',
      ],
    },
  ],
};

/** The commune search; the answers for the texts matching `held` wait until the returned function is called. */
function serve(held?: RegExp) {
  const { held: holding, release } = gate();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const q = new URL(url, 'http://localhost').searchParams.get('q') ?? '';
      if (held?.test(q)) await holding;
      return json(ANSWERS[q] ?? []);
    }),
  );
  return () => release();
}

/** The picker as a page holds it: the codes in state, every change recorded. */
function Page({ initial = [], changes, max }: { initial?: string[]; changes: string[][]; max?: number }) {
  const [codes, setCodes] = useState(initial);
  return (
    <CommunesPicker
      label="Ajouter une commune"
      max={max}
      value={codes}
      onChange={(c) => {
        changes.push(c);
        setCodes(c);
      }}
    />
  );
}

function show(initial: string[] = [], max?: number) {
  const changes: string[][] = [];
  render(
    <MantineProvider>
      <Page initial={initial} changes={changes} max={max} />
    </MantineProvider>,
  );
  return { changes, input: screen.getByRole('combobox', { name: 'Ajouter une commune' }) as HTMLInputElement };
}

const typeIn = (input: HTMLInputElement, text: string) => {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
};

describe('CommunesPicker', () => {
  it('turns a suggestion picked into a pill, empties the field, and drops the pill removed', async () => {
    serve();
    const { changes, input } = show();
    typeIn(input, 'Bondy');
    fireEvent.click(await screen.findByRole('option', { name: 'Bondy (93140)', hidden: true }));
    expect(changes.at(-1)).toEqual(['93010']);
    expect(input.value).toBe('');
    expect(screen.getByText('Bondy (93140)')).toBeTruthy();

    typeIn(input, 'Hendaye');
    fireEvent.click(await screen.findByRole('option', { name: 'Hendaye (64700)', hidden: true }));
    expect(changes.at(-1)).toEqual(['93010', '64260']);

    fireEvent.click(screen.getByRole('button', { name: 'Retirer Bondy (93140)' }));
    expect(changes.at(-1)).toEqual(['64260']);
    expect(screen.queryByText('Bondy (93140)')).toBeNull();
    expect(screen.getByText('Hendaye (64700)')).toBeTruthy();
  });

  it('names a commune by its postcodes, the INSEE code in its tooltip and beside the suggestion', async () => {
    serve();
    const { input, changes } = show();
    typeIn(input, '93010');
    // Searched by its INSEE code, Bondy is still named by its postcode.
    const bondy = await screen.findByRole('option', { name: 'Bondy (93140)', hidden: true });
    expect(bondy.textContent).toBe('Bondy (93140)INSEE 93010');
    expect(bondy.querySelector('[title]')?.getAttribute('title')).toBe('Code INSEE 93010');
    expect(screen.queryByRole('option', { name: /93010\)/, hidden: true })).toBeNull();
    fireEvent.click(bondy);
    expect(changes.at(-1)).toEqual(['93010']);

    // Two postcodes joined; more than three given as their span, each in the tooltip.
    typeIn(input, 'Paris 16');
    fireEvent.click(await screen.findByRole('option', { name: 'Paris 16e Arrondissement (75016, 75116)', hidden: true }));
    typeIn(input, 'Paris');
    fireEvent.click(await screen.findByRole('option', { name: 'Paris (75001 à 75116)', hidden: true }));
    expect(changes.at(-1)).toEqual(['93010', '75116', '75056']);
    const paris = screen.getByText('Paris (75001 à 75116)').closest('[title]');
    expect(paris?.getAttribute('title')).toMatch(/^Code INSEE 75056 — codes postaux 75001, 75002, .*, 75016, 75017, .*, 75020, 75116$/);
    expect(screen.getByText('Paris 16e Arrondissement (75016, 75116)')).toBeTruthy();
  });

  it('names a code given from outside once the search has answered for it', async () => {
    const release = serve(/^93010$/);
    show(['93010']);
    // The bare code while its commune is unknown…
    expect(screen.getByText('93010')).toBeTruthy();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/market/communes?q=93010', expect.anything()));
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 20));
    });
    // …then its name, taken from the answer's exact code (not Aulnay, which came with it).
    expect(await screen.findByText('Bondy (93140)')).toBeTruthy();
    expect(screen.queryByText('93010')).toBeNull();
    expect(screen.queryByText(/Aulnay/)).toBeNull();
  });

  it('names a former commune given from outside by the commune nouvelle it belongs to', async () => {
    const release = serve(/^93059$/);
    show(['93059']);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/market/communes?q=93059', expect.anything()));
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 20));
    });
    const pill = await screen.findByText('Pierrefitte-sur-Seine (avant fusion)');
    expect(pill.closest('[title]')?.getAttribute('title')).toContain('fusionnée dans Saint-Denis (93066)');
  });

  it('keeps the suggestions of the text typed last when an earlier answer comes after', async () => {
    const release = serve(/^Bo$/);
    const { input } = show();
    typeIn(input, 'Bo');
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/market/communes?q=Bo', expect.anything()));
    typeIn(input, 'Bondy');
    await screen.findByRole('option', { name: 'Bondy (93140)', hidden: true });
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByRole('option', { name: 'Bordeaux (33000 à 33800)', hidden: true })).toBeNull();
    expect(screen.getByRole('option', { name: 'Bondy (93140)', hidden: true })).toBeTruthy();
  });

  it('holds a single commune with max={1}: the commune picked replaces the one before', async () => {
    serve();
    const { changes, input } = show([], 1);
    typeIn(input, 'Bondy');
    fireEvent.click(await screen.findByRole('option', { name: 'Bondy (93140)', hidden: true }));
    expect(changes.at(-1)).toEqual(['93010']);

    typeIn(input, 'Hendaye');
    fireEvent.click(await screen.findByRole('option', { name: 'Hendaye (64700)', hidden: true }));
    expect(changes.at(-1)).toEqual(['64260']);
    expect(screen.getByText('Hendaye (64700)')).toBeTruthy();
    expect(screen.queryByText('Bondy (93140)')).toBeNull();
  });
});
