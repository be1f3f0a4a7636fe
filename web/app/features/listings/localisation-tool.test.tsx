/**
 * The localisation tool reads the candidates of the values in the URL (a listing's link fills them
 * in), asks nothing without a postcode or a commune, and leaves no previous answer under a refusal.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/lib/api';
import { installMantineDomShims } from '~/test/mantine-dom';
import { localiseListing } from './api';
import { LocalisationTool } from './localisation-tool';

vi.mock('./api', async (original) => ({ ...(await original<typeof import('./api')>()), localiseListing: vi.fn() }));
vi.mock('./point-map', () => ({ PointMap: () => null }));

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const show = (url: string) =>
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[url]}>
        <LocalisationTool />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('LocalisationTool', () => {
  it('localises the values of the link, then shows the refusal of new values alone', async () => {
    vi.mocked(localiseListing).mockImplementation(async (q) => {
      if (q.get('surface') === '0') throw new ApiError(400, 'Requête invalide', [{ path: 'surface', message: 'Surface invalide.' }]);
      return {
        candidates: [{ address: '69 Rue Bataille 69008 Lyon', dpeNumber: '2369E0000000A', score: 80, lat: 45.73, lon: 4.87, reasons: [] }],
      };
    });
    show('/pro/localisationauto?postcode=69008&surface=62&dpe=D');
    expect((await screen.findByTestId('candidat')).textContent).toContain('69 Rue Bataille 69008 Lyon');
    expect(vi.mocked(localiseListing).mock.calls[0]?.[0].toString()).toBe('postcode=69008&surface=62&dpe=D');

    fireEvent.change(screen.getByLabelText('Surface (m²)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Localiser' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Surface invalide.');
    expect(screen.queryByTestId('candidat')).toBeNull();
  });

  it('asks nothing before a postcode is given', async () => {
    show('/pro/localisationauto?surface=62');
    await new Promise((r) => setTimeout(r, 50));
    expect(localiseListing).not.toHaveBeenCalled();
  });
});
