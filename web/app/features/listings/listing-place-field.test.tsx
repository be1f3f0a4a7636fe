/**
 * « Position lue sur la page » says where: the point read is shown, the address field being empty.
 * An address picked places the listing and keeps its street, postcode and town.
 */
import type { ListingFields } from '@immoloupe/shared/listings/store.logic';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { ListingPlaceField, streetOf } from './listing-place-field';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LYON: ListingFields = { portal: 'seloger', postcode: '69008', city: 'Lyon 8ème', lat: 45.726689, lon: 4.8763234 };

function show(fields: ListingFields, readFromPage: boolean) {
  render(
    <MantineProvider>
      <ListingPlaceField fields={fields} readFromPage={readFromPage} onPlace={() => undefined} />
    </MantineProvider>,
  );
  return screen.getByTestId('position-annonce');
}

describe('ListingPlaceField', () => {
  it('shows the point read on the page, in a new tab, when it says it read one', () => {
    const said = show(LYON, true);
    expect(said.textContent).toMatch(/^Position lue sur la page de l’annonce, sans adresse/);
    const link = screen.getByRole('link', { name: 'voir ce point' });
    expect(link.getAttribute('href')).toBe('/pro/analyseadresse?lat=45.726689&lon=4.8763234');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('says nothing of a position when the listing has none', () => {
    expect(show({ ...LYON, lat: null, lon: null }, false).textContent).toBe('Annonce non placée.');
  });

  it('keeps the street of the address picked, with its postcode and town, and that the BAN placed it', async () => {
    const carnot = {
      type: 'adresse',
      label: '139 Avenue Carnot, 93140 Bondy',
      lon: 2.4828,
      lat: 48.9023,
      address: { codeInsee: '93010' },
      commune: { code: '93010' },
      parcel: null,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ results: [carnot] })),
    );
    const placed: ListingFields[] = [];
    render(
      <MantineProvider>
        <ListingPlaceField fields={{ portal: 'autre', title: 'Appartement 62 m²' }} readFromPage={false} onPlace={(f) => placed.push(f)} />
      </MantineProvider>,
    );
    const field = screen.getByPlaceholderText('ex. 139 avenue Carnot Bondy');
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '139 avenue carnot bondy' } });
    fireEvent.click(await screen.findByRole('option', { name: carnot.label, hidden: true }, { timeout: 3000 }));
    await waitFor(() =>
      expect(placed.at(-1)).toEqual({
        portal: 'autre',
        title: 'Appartement 62 m²',
        lat: 48.9023,
        lon: 2.4828,
        postcode: '93140',
        city: 'Bondy',
        streetAddress: '139 Avenue Carnot',
        placedByBan: true,
      }),
    );
  });

  it('finds no street in a commune or a parcel picked', () => {
    expect(streetOf('Rue Jules Guesde, 93140 Bondy')).toBe('Rue Jules Guesde');
    expect(streetOf('Bondy (93140)')).toBeNull();
    expect(streetOf('Parcelle AB 12, Bondy')).toBeNull();
  });
});
