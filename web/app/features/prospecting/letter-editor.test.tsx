/** The letters of a list: signed by the agency, so without its name the page says where to set it instead of failing on download. */
import type { ProspectingList } from '@immoloupe/shared/prospecting/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
  syndicLetterBody: 'Madame, Monsieur,\nLa copropriété {adresse}.\n{agence}',
  letterSubject: 'votre bien situé {adresse}',
  syndicLetterSubject: 'la copropriété {copropriete}',
  targets: 1,
  createdAt: '2026-11-26T10:00:00.000Z',
};
const TARGET = CARNOT_TARGET;
const COPRO = {
  ...CARNOT_TARGET,
  id: 't2',
  kind: 'copro' as const,
  ref: 'AA1234567',
  label: 'RÉSIDENCE LES LILAS',
  address: '3 Rue des Lilas 93140 Bondy',
  postal: { complement: null, street: '3 Rue des Lilas', postcode: '93140', town: 'Bondy' },
};
const FLERS = {
  ...CARNOT_TARGET,
  id: 't3',
  kind: 'dpe' as const,
  ref: '2461E1419727J',
  label: 'DPE F — 69 Rue du Mont Saint Michel 61100 Flers, APP 1/69, rez-de-chaussée',
  address: '69 Rue du Mont Saint Michel 61100 Flers, APP 1/69, rez-de-chaussée',
  postal: { complement: 'APP 1/69, rez-de-chaussée', street: '69 Rue du Mont Saint Michel', postcode: '61100', town: 'Flers' },
};

function show(
  agency: { name: string; contact: string; hasLogo: boolean },
  targets = [TARGET],
  onSave: (patch: object) => Promise<boolean> = async () => true,
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/agency' ? json(agency) : json({ message: 'inconnu' }, 404))),
  );
  const tree = (t: typeof targets) => (
    <MantineProvider>
      <MemoryRouter>
        <LetterEditor list={LIST} targets={t} query="" onSave={onSave} />
      </MemoryRouter>
    </MantineProvider>
  );
  const { rerender } = render(tree(targets));
  return (t: typeof targets) => rerender(tree(t));
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

  it('keeps a letter for the syndics: its own text, preview and save', async () => {
    const saves: object[] = [];
    show({ name: 'Agence du Canal', contact: '', hasLogo: false }, [TARGET, COPRO], async (patch) => {
      saves.push(patch);
      return true;
    });
    await screen.findByText('Aux syndics de copropriété (1)');
    fireEvent.click(screen.getByText('Aux syndics de copropriété (1)'));
    await screen.findByText(/La copropriété 3 Rue des Lilas 93140 Bondy\./);
    expect(screen.getByText(/Aperçu pour/).textContent).toContain('RÉSIDENCE LES LILAS');
    const text = screen.getByLabelText('Texte de la lettre aux syndics');
    fireEvent.change(text, { target: { value: 'Madame, Monsieur,\n{syndic}' } });
    expect(await screen.findByText(/Champ de fusion inconnu.*\{syndic\}/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Enregistrer les textes' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(text, { target: { value: 'Madame, Monsieur,\n{agence}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les textes' }));
    await screen.findByText('Textes enregistrés.');
    // Only the text that changed is sent.
    expect(saves).toEqual([{ syndicLetterBody: 'Madame, Monsieur,\n{agence}' }]);
  });

  it('previews the letter as it prints: the block as La Poste reads it, the date in words, the complement as typed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T10:00:00Z') });
    try {
      const owners = { ...LIST, letterBody: '{destinataire},\nVotre bien situé {adresse}.\n{date}' };
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => json({ name: 'Agence du Canal', contact: '12 rue Jules Guesde\n93140 BONDY', hasLogo: false })),
      );
      render(
        <MantineProvider>
          <MemoryRouter>
            <LetterEditor list={owners} targets={[FLERS]} query="" onSave={async () => true} />
          </MemoryRouter>
        </MantineProvider>,
      );
      expect(await screen.findByText('Bondy, le 27 novembre 2026')).toBeTruthy();
      const block = screen.getByLabelText('Destinataire');
      expect([...block.children].map((l) => l.textContent)).toEqual([
        'Madame, Monsieur le Propriétaire',
        'App. 1/69, rez-de-chaussée',
        '69 Rue du Mont Saint Michel',
        '61100 FLERS',
      ]);
      const preview = screen.getByTestId('apercu-lettre').textContent ?? '';
      expect(preview).toContain('Votre bien situé 69 Rue du Mont Saint Michel 61100 Flers, App. 1/69, rez-de-chaussée.');
      expect(preview).toContain('27 novembre 2026');
      expect(preview).not.toContain('Rez-De-Chaussée');
      expect(preview).not.toContain('27/11/2026');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the letters to syndics go to the building, the register giving no syndic’s address', async () => {
    show({ name: 'Agence du Canal', contact: '', hasLogo: false }, [{ ...COPRO, syndicName: 'ATM SARL' }]);
    expect((await screen.findByTestId('adresse-syndic')).textContent).toContain('pas son adresse');
    const block = screen.getByLabelText('Destinataire');
    expect([...block.children].map((l) => l.textContent)).toEqual([
      'ATM SARL',
      'Syndic de la copropriété Résidence les Lilas',
      '3 Rue des Lilas',
      '93140 BONDY',
    ]);
  });

  it('opens on the syndics’ letter when a list of co-ownerships gets its targets after the first render', async () => {
    const update = show({ name: 'Agence du Canal', contact: '', hasLogo: false }, []);
    await screen.findByLabelText('Texte de la lettre aux propriétaires');
    update([COPRO]);
    expect(await screen.findByLabelText('Texte de la lettre aux syndics')).toBeTruthy();
  });

  it('previews the « Objet » line after the date, for each reader, and saves the one edited', async () => {
    const saves: object[] = [];
    show({ name: 'Agence du Canal', contact: '12 rue Jules Guesde\n93140 BONDY', hasLogo: false }, [TARGET, COPRO], async (patch) => {
      saves.push(patch);
      return true;
    });
    await screen.findByText(/^Bondy, le \d/);
    const subject = screen.getByTestId('objet-lettre');
    expect(subject.textContent).toBe('Objet\u00a0: votre bien situé 139 Avenue Carnot 93140 Bondy');
    // Placed as French business letters place it: under the date, above the body.
    const preview = screen.getByTestId('apercu-lettre');
    const lines = [...preview.children].map((e) => e.textContent ?? '');
    const date = lines.findIndex((l) => /^Bondy, le \d/.test(l));
    expect(date).toBeGreaterThan(0);
    expect(lines[date + 1]).toBe(subject.textContent);
    expect(lines[date + 2]).toContain('Bonjour,');

    fireEvent.change(screen.getByLabelText('Objet de la lettre aux propriétaires'), {
      target: { value: 'estimation de {nom}' },
    });
    expect(await screen.findByText(/Champ de fusion inconnu.*\{nom\}/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Enregistrer les textes' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Objet de la lettre aux propriétaires'), { target: { value: 'estimation, {adresse}' } });
    expect(screen.getByTestId('objet-lettre').textContent).toBe('Objet\u00a0: estimation, 139 Avenue Carnot 93140 Bondy');

    // The syndics' letter has its own subject: the co-ownership's name, without the register's capitals.
    fireEvent.click(screen.getByText('Aux syndics de copropriété (1)'));
    await waitFor(() => expect(screen.getByTestId('objet-lettre').textContent).toBe('Objet\u00a0: la copropriété Résidence les Lilas'));
    // Left empty, the letter has no « Objet » line.
    fireEvent.change(screen.getByLabelText('Objet de la lettre aux syndics'), { target: { value: '' } });
    expect(screen.queryByTestId('objet-lettre')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les textes' }));
    await screen.findByText('Textes enregistrés.');
    expect(saves).toEqual([{ letterSubject: 'estimation, {adresse}', syndicLetterSubject: '' }]);
  });
});
