/**
 * The commune picker: a name typed gives suggestions « Bondy (93010) », one picked becomes a pill
 * (its code in the value) and empties the field; a pill removed drops its code; a code given from
 * outside shows its commune's name once the search has answered for it; a late answer for an
 * older text does not replace the suggestions of the text typed last; with `max={1}`, a commune
 * picked replaces the one before.
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

const ANSWERS: Record<string, { insee: string; nom: string }[]> = {
  Bo: [{ insee: '33063', nom: 'Bordeaux' }],
  Bondy: [{ insee: '93010', nom: 'Bondy' }],
  Hendaye: [{ insee: '64260', nom: 'Hendaye' }],
  // The search by code also matches the postcodes that begin with it.
  '93010': [
    { insee: '93010', nom: 'Bondy' },
    { insee: '93005', nom: 'Aulnay-sous-Bois' },
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
    fireEvent.click(await screen.findByRole('option', { name: 'Bondy (93010)', hidden: true }));
    expect(changes.at(-1)).toEqual(['93010']);
    expect(input.value).toBe('');
    expect(screen.getByText('Bondy (93010)')).toBeTruthy();

    typeIn(input, 'Hendaye');
    fireEvent.click(await screen.findByRole('option', { name: 'Hendaye (64260)', hidden: true }));
    expect(changes.at(-1)).toEqual(['93010', '64260']);

    fireEvent.click(screen.getByRole('button', { name: 'Retirer Bondy (93010)' }));
    expect(changes.at(-1)).toEqual(['64260']);
    expect(screen.queryByText('Bondy (93010)')).toBeNull();
    expect(screen.getByText('Hendaye (64260)')).toBeTruthy();
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
    expect(await screen.findByText('Bondy (93010)')).toBeTruthy();
    expect(screen.queryByText('93010')).toBeNull();
    expect(screen.queryByText(/Aulnay/)).toBeNull();
  });

  it('keeps the suggestions of the text typed last when an earlier answer comes after', async () => {
    const release = serve(/^Bo$/);
    const { input } = show();
    typeIn(input, 'Bo');
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/market/communes?q=Bo', expect.anything()));
    typeIn(input, 'Bondy');
    await screen.findByRole('option', { name: 'Bondy (93010)', hidden: true });
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByRole('option', { name: 'Bordeaux (33063)', hidden: true })).toBeNull();
    expect(screen.getByRole('option', { name: 'Bondy (93010)', hidden: true })).toBeTruthy();
  });

  it('holds a single commune with max={1}: the commune picked replaces the one before', async () => {
    serve();
    const { changes, input } = show([], 1);
    typeIn(input, 'Bondy');
    fireEvent.click(await screen.findByRole('option', { name: 'Bondy (93010)', hidden: true }));
    expect(changes.at(-1)).toEqual(['93010']);

    typeIn(input, 'Hendaye');
    fireEvent.click(await screen.findByRole('option', { name: 'Hendaye (64260)', hidden: true }));
    expect(changes.at(-1)).toEqual(['64260']);
    expect(screen.getByText('Hendaye (64260)')).toBeTruthy();
    expect(screen.queryByText('Bondy (93010)')).toBeNull();
  });
});
