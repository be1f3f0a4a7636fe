/** Subscribe: a Stripe Checkout Session, then a full page load to Stripe's payment page. */
import { redirectUrlResponseSchema } from '@immoloupe/shared/accounts/contracts';
import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { externalRedirect } from '~/features/auth/redirect';
import { ApiError, apiFetch } from '~/lib/api';

export function CheckoutButton({ label = 'S’abonner' }: { label?: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setPending(true);
    setError(null);
    try {
      const { url } = await apiFetch('/api/stripe/checkout', redirectUrlResponseSchema, { method: 'POST', body: '{}' });
      await externalRedirect(url);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Erreur inattendue. Réessayez.');
      setPending(false);
    }
  }

  return (
    <Stack gap="xs">
      <Button size="md" onClick={start} loading={pending} data-testid="checkout">
        {label}
      </Button>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The customer portal of Stripe (payment method, invoices, cancellation). */
export function PortalButton() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function open() {
    setPending(true);
    setError(null);
    try {
      const { url } = await apiFetch('/api/stripe/portal', redirectUrlResponseSchema, { method: 'POST', body: '{}' });
      await externalRedirect(url);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Erreur inattendue. Réessayez.');
      setPending(false);
    }
  }
  return (
    <Stack gap="xs">
      <Button variant="default" onClick={open} loading={pending}>
        Gérer le paiement et les factures
      </Button>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
