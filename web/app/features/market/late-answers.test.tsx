/**
 * Answers that arrive late must not replace newer ones: the commune suggestions of the text typed
 * last, and a commune placed after the agent typed on in the address field.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useCommuneSearch } from '~/components/use-commune-search';
import { gate, installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { AddressSearch } from './address-search';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A fetch whose answers for the addresses matching `held` wait until `release` is called. */
function holdBack(answers: Record<string, unknown>, held: RegExp) {
  const { held: holding, release } = gate();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (held.test(url)) await holding;
      const key = url in answers ? url : Object.keys(answers).find((k) => url.startsWith(k));
      return key ? json(answers[key]) : new Response('{}', { status: 404 });
    }),
  );
  return () => release();
}

describe('useCommuneSearch', () => {
  it('keeps the hits of the text typed last when an earlier answer comes after', async () => {
    const release = holdBack(
      {
        '/api/market/communes?q=Bo': [{ insee: '33063', nom: 'Bordeaux', codesPostaux: ['33000', '33100', '33200', '33300', '33800'] }],
        '/api/market/communes?q=Bondy': [{ insee: '93010', nom: 'Bondy', codesPostaux: ['93140'] }],
      },
      /q=Bo$/,
    );
    const { result, rerender } = renderHook(({ text }) => useCommuneSearch(text), { initialProps: { text: 'Bo' } });
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1));
    rerender({ text: 'Bondy' });
    await waitFor(() => expect(result.current).toEqual([{ insee: '93010', nom: 'Bondy', codesPostaux: ['93140'] }]));
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(result.current).toEqual([{ insee: '93010', nom: 'Bondy', codesPostaux: ['93140'] }]);
  });
});

describe('AddressSearch', () => {
  it('drops the commune placed after the agent typed on', async () => {
    const release = holdBack(
      {
        '/api/geocode': {
          results: [{ type: 'commune', label: 'Bondy', lon: null, lat: null, address: null, commune: { code: '93010' }, parcel: null }],
        },
        '/api/market/communes/93010/centre': { lon: 2.48, lat: 48.9 },
      },
      /\/centre$/,
    );
    const picks: [string | null, string][] = [];
    render(
      <MantineProvider>
        <AddressSearch value="" onPick={(a, text) => picks.push([a?.label ?? null, text])} />
      </MantineProvider>,
    );
    const input = screen.getByRole('combobox', { name: 'Adresse' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Bondy' } });
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).startsWith('/api/geocode'))).toBe(true));
    // Picking « Bondy » (a commune) asks for its centre; the agent goes on typing meanwhile.
    fireEvent.click(await screen.findByRole('option', { name: 'Bondy', hidden: true }));
    fireEvent.change(input, { target: { value: 'Bondy, 139 av' } });
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(picks.at(-1)).toEqual([null, 'Bondy, 139 av']);
    expect(picks.some(([label]) => label === 'Bondy')).toBe(false);
  });
});
