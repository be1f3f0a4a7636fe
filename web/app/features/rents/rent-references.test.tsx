/**
 * The rent references of Lyon 8e as the address analysis shows them: the flats' rent of the Carte
 * des loyers file (read back from it here), to the tenth in French, with its interval.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RentReference } from '@immoloupe/shared/rents/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { RentReferencesTable } from './rent-references';

beforeAll(installMantineDomShims);
afterEach(cleanup);

// Vitest runs from the repository's root; the samples sit beside the repository (never inside it).
const FILE = path.join(process.cwd(), '..', 'shared', 'data', 'loyers', 'carte-des-loyers_pred-appartements_lyon-69381-69389.csv');

function lyon8FromFile() {
  const [header, ...lines] = readFileSync(FILE, 'utf8').split(/\r?\n/);
  const names = (header ?? '').split(';');
  const fields = (lines.find((l) => l.split(';')[1] === '69388') ?? '').split(';');
  const n = (name: string) => Number((fields[names.indexOf(name)] ?? '').replace(',', '.'));
  return { rent: n('loypredm2'), low: n('lwr.IPm2'), high: n('upr.IPm2'), obs: n('nbobs_com') };
}

describe('RentReferencesTable', () => {
  it('shows the Lyon 8e flats’ rent of the file in French, with its interval', () => {
    const f = lyon8FromFile();
    const reference: RentReference = {
      insee: '69388',
      commune: 'Lyon 8e Arrondissement',
      dwelling: 'appartement',
      edition: null,
      rentM2: f.rent,
      lowM2: f.low,
      highM2: f.high,
      predictionLevel: 'commune',
      observationsCommune: f.obs,
      observationsZone: f.obs,
      r2Adjusted: 0.82,
    };
    render(
      <MantineProvider>
        <RentReferencesTable references={[reference]} commune="Lyon 8e Arrondissement" />
      </MantineProvider>,
    );
    const tenth = (x: number) => x.toFixed(1).replace('.', ',');
    const row = screen.getByRole('row', { name: /^Appartements/ });
    expect(row.textContent).toContain(`${tenth(f.rent)}\u00a0€/m²/mois (de ${tenth(f.low)} à ${tenth(f.high)}\u00a0€/m²/mois)`);
    expect(row.textContent).toContain('annonces de la commune');
    expect(row.textContent).toContain('19\u202f936');
    expect(screen.getByRole('table', { name: 'Loyers de référence à Lyon 8e Arrondissement' })).toBeTruthy();
  });
});
