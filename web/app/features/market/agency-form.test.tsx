/** « Votre agence »: nothing can be typed before the stored agency is in the fields, so it never overwrites what was typed. */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { AgencyForm } from './agency-form';

beforeAll(() => installMantineDomShims());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STORED = { name: 'Agence du Bocage', contact: '1 rue de la Gare, 61100 Flers', hasLogo: false };

/** Answers GET /api/agency when `answer` is called (or with `failure`), and records the PUTs. */
function serve(failure?: Response) {
  const puts: unknown[] = [];
  let answer: () => void = () => undefined;
  const stored = new Promise<void>((resolve) => {
    answer = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/agency' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        return json({ ...body, hasLogo: false });
      }
      if (url === '/api/agency') {
        if (failure) return failure;
        await stored;
        return json(STORED);
      }
      return json({ message: 'inconnu' }, 404);
    }),
  );
  render(
    <MantineProvider>
      <AgencyForm />
    </MantineProvider>,
  );
  return { puts, answer };
}

const nameInput = () => screen.getByLabelText('Nom de l’agence') as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Enregistrer l’agence' }) as HTMLButtonElement;

describe('AgencyForm', () => {
  it('is disabled until the stored agency is loaded, then saves what was typed', async () => {
    const { puts, answer } = serve();
    expect(nameInput().disabled).toBe(true);
    expect(saveButton().disabled).toBe(true);

    answer();
    await waitFor(() => expect(nameInput().disabled).toBe(false));
    expect(nameInput().value).toBe(STORED.name);
    expect((screen.getByLabelText('Coordonnées (adresse, téléphone, e-mail)') as HTMLTextAreaElement).value).toBe(STORED.contact);

    fireEvent.change(nameInput(), { target: { value: 'Agence des Halles' } });
    // Who signs the reports, and where (« Fait à Tours, le … »).
    fireEvent.change(screen.getByLabelText(/Signataire des rapports/), { target: { value: 'Camille Martin' } });
    fireEvent.change(screen.getByLabelText(/Ville de signature/), { target: { value: 'Tours' } });
    fireEvent.click(saveButton());
    expect((await screen.findByRole('status')).textContent).toBe('Agence enregistrée\u00a0: elle figure en tête de vos rapports.');
    expect(puts).toEqual([{ name: 'Agence des Halles', contact: STORED.contact, agentName: 'Camille Martin', city: 'Tours' }]);
  });

  it('says what saving without a name means, rather than « Agence enregistrée »', async () => {
    const { answer } = serve();
    answer();
    await waitFor(() => expect(nameInput().disabled).toBe(false));
    fireEvent.change(nameInput(), { target: { value: '   ' } });
    fireEvent.click(saveButton());
    expect((await screen.findByRole('status')).textContent).toMatch(/^Enregistré sans nom d’agence\u00a0: .*lettres de prospection/);
  });

  it('stays disabled, and says so, when the stored agency cannot be read', async () => {
    const { puts } = serve(json({ message: 'Erreur interne.' }, 500));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Votre agence n’a pas pu être chargée\u00a0: rechargez la page pour la modifier.',
    );
    expect(nameInput().disabled).toBe(true);
    expect(saveButton().disabled).toBe(true);
    expect(puts).toEqual([]);
  });
});
