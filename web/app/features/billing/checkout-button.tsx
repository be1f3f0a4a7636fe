/** Buttons that open a Stripe page: a POST gives its URL, then a full page load goes there. */
import { redirectUrlResponseSchema } from '@immoloupe/shared/accounts/contracts';
import { Alert, Button, type ButtonProps, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { externalRedirect } from '~/features/auth/redirect';
import { ApiError, apiFetch } from '~/lib/api';

function StripeRedirectButton({
  endpoint,
  children,
  ...button
}: { endpoint: string; children: ReactNode } & ButtonProps & { 'data-testid'?: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function go() {
    setPending(true);
    setError(null);
    try {
      const { url } = await apiFetch(endpoint, redirectUrlResponseSchema, { method: 'POST', body: '{}' });
      await externalRedirect(url);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Erreur inattendue. Réessayez.');
      setPending(false);
    }
  }

  return (
    <Stack gap="xs">
      <Button {...button} onClick={go} loading={pending}>
        {children}
      </Button>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Subscribe: a Stripe Checkout Session. */
export function CheckoutButton({ label = 'S’abonner' }: { label?: string }) {
  return (
    <StripeRedirectButton endpoint="/api/stripe/checkout" size="md" data-testid="checkout">
      {label}
    </StripeRedirectButton>
  );
}

/** The customer portal of Stripe (payment method, invoices, cancellation). */
export function PortalButton() {
  return (
    <StripeRedirectButton endpoint="/api/stripe/portal" variant="default">
      Gérer le paiement et les factures
    </StripeRedirectButton>
  );
}
