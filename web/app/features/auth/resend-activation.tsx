/** « Renvoyer le lien de confirmation »: a new link for an account not confirmed yet; the answer is the same for any address. */
import { linkSentResponseSchema } from '@immoloupe/shared/accounts/contracts';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api';

export function ResendActivation({ initialEmail, onSent }: { initialEmail: string; onSent?: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      const body = await apiFetch('/api/account/activate/resend', linkSentResponseSchema, {
        method: 'POST',
        body: JSON.stringify({ email: email.trim() }),
      });
      setResult({ ok: true, message: body.message });
      onSent?.();
    } catch (err) {
      setResult({ ok: false, message: err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'Erreur inattendue.' });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Nouveau lien de confirmation">
      <Stack gap="xs">
        <TextInput
          label="Adresse e-mail du compte à confirmer"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" variant="light" loading={pending} disabled={!email.trim()}>
          Renvoyer le lien de confirmation
        </Button>
        {result ? (
          <Alert color={result.ok ? 'teal' : 'red'} role="status" data-testid="resend-result">
            {result.message}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
