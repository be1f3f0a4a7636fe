/** « Position lue sur la page » says where: the point read is shown, the address field being empty. */
import type { ListingFields } from '@immoloupe/shared/listings/store.logic';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { ListingPlaceField } from './listing-place-field';

beforeAll(installMantineDomShims);
afterEach(cleanup);

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
});
