/** The activation page sends its token once, whatever React renders twice, and shows the server's answer. */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse } from '~/test/mantine-dom';
import ActivatePage from './abo.activate';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'a'.repeat(40);

function renderAt(token: string) {
  return render(
    <StrictMode>
      <MantineProvider>
        <MemoryRouter initialEntries={[`/abo/activate?token=${token}`]}>
          <ActivatePage />
        </MemoryRouter>
      </MantineProvider>
    </StrictMode>,
  );
}

describe('activation page', () => {
  it('sends the token once, in strict mode too, and says the account is active', async () => {
    const fetch = vi.fn(async () => jsonResponse({ message: 'Votre compte est activé.' }));
    vi.stubGlobal('fetch', fetch);
    renderAt(TOKEN);
    expect(await screen.findByText('Votre compte est activé.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeTruthy();
  });

  it('shows the server’s refusal and offers to send the link again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Ce lien a expiré.' }, 400)),
    );
    renderAt('b'.repeat(40));
    expect(await screen.findByText('Ce lien a expiré.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeTruthy();
  });
});
