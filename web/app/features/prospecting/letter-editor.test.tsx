/** The letters of a list: signed by the agency, so without its name the page says where to set it instead of failing on download. */
import type { ProspectingList } from '@immoloupe/shared/prospecting/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { LetterEditor } from './letter-editor';
import { CARNOT_TARGET } from './test-target';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST: ProspectingList = {
  id: 'l1',
  name: 'Bondy',
  letterBody: 'Bonjour,\n{agence}',
  targets: 1,
  createdAt: '2026-11-26T10:00:00.000Z',
};
const TARGET = CARNOT_TARGET;

function show(agency: { name: string; contact: string; hasLogo: boolean }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/agency' ? json(agency) : json({ message: 'inconnu' }, 404))),
  );
  render(
    <MantineProvider>
      <MemoryRouter>
        <LetterEditor list={LIST} first={TARGET} query="" onSave={async () => true} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('LetterEditor', () => {
  it('without an agency name: says where to set it, and the download waits for it', async () => {
    show({ name: '', contact: '', hasLogo: false });
    const notice = await screen.findByTestId('agence-manquante');
    expect(notice.querySelector('a')?.getAttribute('href')).toBe('/pro/template');
    expect((screen.getByRole('button', { name: 'Télécharger les lettres (PDF)' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('with an agency name: previews the letter signed by it', async () => {
    show({ name: 'Agence du Canal', contact: '', hasLogo: false });
    await screen.findByText(/Agence du Canal/);
    expect(screen.queryByTestId('agence-manquante')).toBeNull();
    expect((screen.getByRole('button', { name: 'Télécharger les lettres (PDF)' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
