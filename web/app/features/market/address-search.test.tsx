/** The address picker: a street picked where the agent typed a number the BAN lacks says the position is the street's. */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { AddressSearch, streetHint } from './address-search';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STREET = {
  type: 'voie',
  label: 'Rue Jules Guesde, 93140 Bondy',
  lon: 2.48,
  lat: 48.9,
  address: { codeInsee: '93010' },
  commune: { code: '93010' },
  parcel: null,
};

describe('AddressSearch', () => {
  it('names the missing number when a street is picked for a numbered address', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ results: [STREET] })),
    );
    const picks: unknown[] = [];
    render(
      <MantineProvider>
        <AddressSearch value="" onPick={(a) => picks.push(a)} />
      </MantineProvider>,
    );
    const field = screen.getByPlaceholderText('ex. 139 avenue Carnot Bondy');
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '12 rue jules guesde bondy' } });
    const option = await screen.findByRole('option', { name: STREET.label, hidden: true }, { timeout: 3000 });
    fireEvent.click(option);
    await waitFor(() => expect(picks.at(-1)).toMatchObject({ lon: 2.48, lat: 48.9, insee: '93010' }));
    expect(await screen.findByText(/Le numéro 12 n’est pas dans la Base Adresse Nationale importée/)).toBeTruthy();
  });

  it('words the hint with or without a number typed', () => {
    expect(streetHint('12 bis rue X')).toMatch(/^Le numéro 12 bis n’est pas/);
    expect(streetHint('rue Jules Guesde')).toMatch(/^Position approximative \(la rue\)/);
  });
});
