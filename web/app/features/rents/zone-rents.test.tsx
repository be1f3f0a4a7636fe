/** The market analysis' rents block: a table per commune with references, one sentence for the others. */
import type { RentReference } from '@immoloupe/shared/rents/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { ZoneRents } from './zone-rents';

beforeAll(installMantineDomShims);
afterEach(cleanup);

const FLATS: RentReference = {
  insee: '69388',
  commune: 'Lyon 8e Arrondissement',
  dwelling: 'appartement',
  edition: null,
  rentM2: 15.966184674448,
  lowM2: 12.6028676967257,
  highM2: 20.2270672987233,
  predictionLevel: 'commune',
  observationsCommune: 19936,
  observationsZone: 19936,
  r2Adjusted: 0.822447619814844,
};

const show = (rents: Parameters<typeof ZoneRents>[0]['rents']) =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <ZoneRents rents={rents} />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('ZoneRents', () => {
  it('shows the references of each commune that has some, and names those without', () => {
    show([
      { insee: '69388', name: 'Lyon 8e Arrondissement', references: [FLATS] },
      { insee: '69385', name: 'Lyon 5e Arrondissement', references: [] },
    ]);
    expect(screen.getByTestId('rent-references').textContent).toContain('16,0\u00a0€/m²/mois (de 12,6 à 20,2\u00a0€/m²/mois)');
    expect(screen.getByTestId('loyers-absents').textContent).toBe(
      'Aucun loyer de référence importé pour Lyon 5e Arrondissement. L’équipe Immoloupe importe la Carte des loyers du département 69 à la demande\u00a0: demandez l’import.',
    );
    cleanup();
    show([]);
    expect(screen.queryByRole('region', { name: 'Loyers de référence' })).toBeNull();
  });
});
