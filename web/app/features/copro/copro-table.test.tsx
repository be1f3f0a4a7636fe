/** The co-ownerships found: « Tout sélectionner » sends the page's co-ownerships to a new list in one call. */
import type { CoproItem } from '@immoloupe/shared/copro/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubBulkApi } from '~/features/prospecting/test-bulk';
import { installMantineDomShims, installPhoneViewport } from '~/test/mantine-dom';
import { CoproTable } from './copro-table';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const copro = (numero: string, nom: string | null, adresse: string | null): CoproItem => ({
  numero,
  nom,
  adresse,
  codePostal: '93140',
  commune: 'Bondy',
  insee: '93010',
  lots: 40,
  lotsHabitation: 30,
  lotsStationnement: 10,
  periode: null,
  typeSyndic: 'professionnel',
  syndic: 'ATM SARL',
  siret: null,
  mandatEnCours: null,
  finMandat: '2027-06-30',
  cooperatif: null,
  acv: null,
  pvd: null,
  quartierPrioritaire: null,
  lon: 2.48,
  lat: 48.9,
});

describe('CoproTable', () => {
  it('adds the whole page to a new list in one call', async () => {
    const { bulkBodies } = stubBulkApi((body) => ({ added: body.targets.length, alreadyPresent: 0 }));
    render(
      <MantineProvider>
        <MemoryRouter>
          <CoproTable
            items={[copro('AA1825017', 'SDC COTE JARDIN', '17 Rue Louis Auguste Blanqui 93140 Bondy'), copro('AA0000002', null, null)]}
            today="2026-11-27"
            onOpen={() => undefined}
          />
        </MemoryRouter>
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tout sélectionner sur cette page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter la sélection à une liste (2)' }));
    const listInput = () => screen.getAllByLabelText('Liste').find((e) => e.tagName === 'INPUT') as HTMLInputElement;
    await waitFor(() => expect(listInput().value).toBe('Copros Bondy (4)'));
    // « Nouvelle liste… », then its name.
    fireEvent.click(listInput());
    fireEvent.click(await screen.findByRole('option', { name: 'Nouvelle liste…', hidden: true }));
    fireEvent.change(await screen.findByLabelText(/Nom de la nouvelle liste/), { target: { value: 'Syndics Bondy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter ces 2 cibles' }));
    await screen.findByRole('status');
    expect(bulkBodies).toEqual([
      {
        newListName: 'Syndics Bondy',
        targets: [
          { kind: 'copro', ref: 'AA1825017', label: 'SDC COTE JARDIN', address: '17 Rue Louis Auguste Blanqui 93140 Bondy' },
          { kind: 'copro', ref: 'AA0000002', label: 'AA0000002', address: '' },
        ],
      },
    ]);
  });
});

describe('CoproTable on a phone', () => {
  it('gives each co-ownership as a card: lots and end of mandate first, then its name, address and syndic, « Ouvrir »', async () => {
    installPhoneViewport();
    const onOpen = vi.fn();
    render(
      <MantineProvider>
        <MemoryRouter>
          <CoproTable
            items={[copro('AA1825017', 'SDC COTE JARDIN', '17 Rue Louis Auguste Blanqui 93140 Bondy')]}
            today="2026-11-27"
            onOpen={onOpen}
          />
        </MemoryRouter>
      </MantineProvider>,
    );
    const cards = await screen.findByRole('list', { name: 'Copropriétés trouvées' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(cards).getByRole('listitem');
    const text = card.textContent ?? '';
    const at = (s: string) => text.indexOf(s);
    expect(at('Lots40')).toBe(0);
    expect(at('Fin de mandat30/06/2027')).toBeGreaterThan(at('Lots40'));
    expect(at('SDC COTE JARDIN')).toBeGreaterThan(at('Fin de mandat'));
    expect(at('SyndicATM SARL')).toBeGreaterThan(at('Adresse17 Rue Louis Auguste Blanqui'));
    fireEvent.click(within(card).getByText('Ouvrir'));
    expect(onOpen).toHaveBeenCalledWith('AA1825017');
  });
});
