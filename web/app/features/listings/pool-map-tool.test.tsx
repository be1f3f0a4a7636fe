/** The feeds' map form shows every filter of a saved `annonces` search, « Pièces (au moins) » included. */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { poolListings } from './api';
import { PoolMapTool } from './pool-map-tool';

vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  poolListings: vi.fn(async () => ({ total: 0, listings: [] })),
}));
// Saving the search is not what is tested here (it reads the user's searches from the API).
vi.mock('~/features/saved-searches/save-search-button', () => ({ SaveSearchButton: () => null }));

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('PoolMapTool', () => {
  it('shows the rooms of a saved search re-opened, and searches with the rooms typed in', async () => {
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/pro/carte_annonces?postcode=69008&roomsMin=3']}>
          <PoolMapTool />
        </MemoryRouter>
      </MantineProvider>,
    );
    const rooms = screen.getByLabelText('Pièces (au moins)') as HTMLInputElement;
    expect(rooms.value).toBe('3');
    await vi.waitFor(() => expect(poolListings).toHaveBeenCalledWith('postcode=69008&roomsMin=3', expect.any(AbortSignal)));
    fireEvent.change(rooms, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    await vi.waitFor(() => expect(poolListings).toHaveBeenCalledWith('postcode=69008&roomsMin=4', expect.any(AbortSignal)));
  });
});
