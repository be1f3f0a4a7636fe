/** The candidates as shown: the address the listing writes first, with no likelihood nor DPE number when no DPE is there. */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { CandidatesList } from './candidates-list';

beforeAll(installMantineDomShims);
afterEach(cleanup);

describe('CandidatesList', () => {
  it('shows the written address as « Adresse de l’annonce », the DPE after it with their likelihood', () => {
    render(
      <MantineProvider>
        <MemoryRouter>
          <CandidatesList
            candidates={[
              {
                address: '12 Rue Jules Valensaut 69008 Lyon',
                dpeNumber: null,
                score: null,
                lat: null,
                lon: null,
                reasons: ['Adresse écrite dans l’annonce'],
              },
              { address: '69 Rue Bataille 69008 Lyon', dpeNumber: '2369E0000000A', score: 0.4, lat: 45.73, lon: 4.87, reasons: [] },
            ]}
          />
        </MemoryRouter>
      </MantineProvider>,
    );
    const [written, dpe] = screen.getAllByTestId('candidat');
    expect(written?.textContent).toContain('1. 12 Rue Jules Valensaut 69008 Lyon');
    expect(written?.textContent).toContain('Adresse de l’annonce');
    expect(written?.textContent).not.toContain('Vraisemblance');
    expect(written?.textContent).not.toContain('DPE n°');
    expect(written?.textContent).not.toContain('Ouvrir dans l’analyse d’adresse');
    expect(dpe?.textContent).toContain('Vraisemblance <\u00a01\u00a0%');
    expect(dpe?.textContent).toContain('DPE n° 2369E0000000A');
    // Only a weak DPE behind the written address: the page says none matches exactly.
    expect(screen.getByText(/Aucun DPE du secteur ne reprend exactement ces valeurs/)).toBeTruthy();
  });
});
