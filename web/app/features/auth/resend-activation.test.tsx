/** A new confirmation link is asked with the address typed, and the server's answer (or its French error) is shown. */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { ResendActivation } from './resend-activation';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(initialEmail: string, answer: Response) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init?.body ?? 'null')) });
      return answer;
    }),
  );
  render(
    <MantineProvider>
      <ResendActivation initialEmail={initialEmail} />
    </MantineProvider>,
  );
  return calls;
}

describe('ResendActivation', () => {
  it('sends the address typed at sign-in and shows the answer', async () => {
    const calls = show(
      'agent@exemple.fr',
      json({ message: 'Si un compte en attente… vient de lui être envoyé.', mailDelivery: 'sent' }, 202),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Renvoyer le lien de confirmation' }));
    expect((await screen.findByTestId('resend-result')).textContent).toContain('vient de lui être envoyé');
    expect(calls.filter((c) => c.url === '/api/account/activate/resend').map((c) => c.body)).toEqual([{ email: 'agent@exemple.fr' }]);
  });

  it('shows the French error of a refused address', async () => {
    show('', json({ message: 'Requête invalide', issues: [{ path: 'email', message: 'Adresse e-mail invalide.' }] }, 400));
    const button = screen.getByRole('button', { name: 'Renvoyer le lien de confirmation' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Adresse e-mail du compte/), { target: { value: 'agent@' } });
    fireEvent.click(button);
    expect((await screen.findByTestId('resend-result')).textContent).toBe('Adresse e-mail invalide.');
  });
});
