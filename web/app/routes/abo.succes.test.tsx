/** Back from Stripe: the checkout is confirmed once, the session reloaded, and the page says what Stripe answered. */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse } from '~/test/mantine-dom';
import SuccessPage from './abo.succes';

const reload = vi.fn(async () => undefined);
vi.mock('~/lib/session', () => ({ useSession: () => ({ status: 'authenticated', reload }) }));

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  reload.mockClear();
});

function renderAt(url: string) {
  return render(
    <StrictMode>
      <MantineProvider>
        <MemoryRouter initialEntries={[url]}>
          <SuccessPage />
        </MemoryRouter>
      </MantineProvider>
    </StrictMode>,
  );
}

describe('subscription success page', () => {
  it('confirms the checkout session once, reloads the session, and says the subscription is active', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse({ abo: null, aboactif: true }));
    vi.stubGlobal('fetch', fetch);
    renderAt('/abo/succes?session_id=cs_test_1');
    expect((await screen.findByTestId('success-state')).textContent).toContain('Votre abonnement est actif.');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/stripe/sync');
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ sessionId: 'cs_test_1' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says the payment will count in a moment when Stripe cannot confirm it yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Paiement introuvable.' }, 404)),
    );
    renderAt('/abo/succes?session_id=cs_test_2');
    expect(await screen.findByText(/Paiement introuvable\. Votre paiement sera pris en compte dans quelques instants\./)).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });
});
