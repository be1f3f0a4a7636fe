/** One saved address card: links back, « Surveiller » explained, edits sent together only once changed. */
import type { SavedAddress } from '@immoloupe/shared/saved-addresses/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { SavedAddressCard } from './saved-address-card';

beforeAll(() => {
  installMantineDomShims();
  // The autosized notes field listens for web fonts, which jsdom does not have.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
});
afterEach(cleanup);

const CARNOT: SavedAddress = {
  id: '6f1c1c55-7a4e-4a39-9d1b-6f3f1b8f2a01',
  label: '139 Avenue Carnot 93140 Bondy',
  address: '139 Avenue Carnot 93140 Bondy',
  lon: 2.479688,
  lat: 48.895901,
  insee: '93010',
  idParcelle: '93010000AS0167',
  placedByBan: true,
  notes: '',
  tags: ['Bondy'],
  watch: 'off',
  watchRadiusM: 1000,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

function renderCard(a: SavedAddress, onUpdate = vi.fn(async () => true)) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <SavedAddressCard a={a} selected={false} onSelect={() => undefined} onUpdate={onUpdate} onDelete={() => undefined} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return onUpdate;
}

describe('SavedAddressCard', () => {
  it('links to the analysis and the parcel sheet, and explains the watch with its radius', () => {
    renderCard(CARNOT);
    expect(screen.getByRole('link', { name: 'Analyse de l’adresse' }).getAttribute('href')).toContain('parcelle=93010000AS0167');
    expect(screen.getByRole('link', { name: 'Fiche de la parcelle' }).getAttribute('href')).toBe(
      '/pro/rechercheparcelle?parcelle=93010000AS0167',
    );
    // The matcher folds no-break spaces into spaces; the contract test checks them.
    expect(screen.getByText(/dans un rayon de 1 000 m\. Choisissez une fréquence pour la recevoir\./)).toBeTruthy();
    expect(screen.getByText(/Enregistrée le 21\/11\/2026/)).toBeTruthy();
  });

  it('shows the name and, under it, the address it was saved with; the analysis opens on the address', () => {
    renderCard({ ...CARNOT, label: 'Immeuble Vaillant – M. et Mme Martin', address: '18 Rue Edouard Vaillant 93140 Bondy' });
    const card = screen.getByRole('article', { name: 'Immeuble Vaillant – M. et Mme Martin' });
    expect(card.textContent).toContain('Immeuble Vaillant – M. et Mme Martin');
    expect(screen.getByTestId('saved-address-street').textContent).toBe('18 Rue Edouard Vaillant 93140 Bondy');
    expect(screen.getByRole('link', { name: 'Analyse de l’adresse' }).getAttribute('href')).toContain(
      'adresse=18+Rue+Edouard+Vaillant+93140+Bondy',
    );
  });

  it('writes the address once when it is still its name', () => {
    renderCard(CARNOT);
    expect(screen.queryByTestId('saved-address-street')).toBeNull();
  });

  it('dates the save with its Paris day, even just after midnight', () => {
    // 00:06 in Paris on 27/11/2026.
    renderCard({ ...CARNOT, createdAt: '2026-11-26T23:06:00.000Z' });
    expect(screen.getByText(/Enregistrée le 27\/11\/2026/)).toBeTruthy();
  });

  it('has no parcel link when the parcel is unknown, and shows a watched address as such', () => {
    renderCard({ ...CARNOT, idParcelle: null, watch: 'daily' });
    expect(screen.queryByRole('link', { name: 'Fiche de la parcelle' })).toBeNull();
    expect(screen.getByText('Surveillée (quotidien)')).toBeTruthy();
  });

  it('sends name, notes and tags together, only once something changed', () => {
    const onUpdate = renderCard(CARNOT);
    const button = screen.getByRole('button', { name: 'Enregistrer les modifications' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Rappeler en mars' } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(onUpdate).toHaveBeenCalledWith({ label: CARNOT.label, notes: 'Rappeler en mars', tags: ['Bondy'] });
  });

  it('keeps the notes being typed when « Surveiller » saves a new record, and takes the fields the server changed', () => {
    const view = (a: SavedAddress) => (
      <MantineProvider>
        <MemoryRouter>
          <SavedAddressCard a={a} selected={false} onSelect={() => undefined} onUpdate={async () => true} onDelete={() => undefined} />
        </MemoryRouter>
      </MantineProvider>
    );
    const { rerender } = render(view(CARNOT));
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Rappeler en mars' } });
    // The watch saved: the server's record comes back with a new frequency, the same notes.
    rerender(view({ ...CARNOT, watch: 'daily', updatedAt: '2026-11-21T10:05:00.000Z' }));
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).value).toBe('Rappeler en mars');
    expect((screen.getByRole('button', { name: 'Enregistrer les modifications' }) as HTMLButtonElement).disabled).toBe(false);
    // A record whose name changed on the server shows that name.
    rerender(view({ ...CARNOT, watch: 'daily', label: 'Maison Carnot' }));
    expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('Maison Carnot');
  });
});
