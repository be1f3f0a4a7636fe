/** "Mot de passe oublié": a reset link is e-mailed; the answer is the same for any address. */
import { linkSentResponseSchema } from '@immoloupe/shared/accounts/contracts';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api';

export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      const body = await apiFetch('/api/account/password/forgot', linkSentResponseSchema, {
        method: 'POST',
        body: JSON.stringify({ email }),
      });
      setResult({ ok: true, message: body.message });
    } catch (err) {
      setResult({ ok: false, message: err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'Erreur inattendue.' });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Mot de passe oublié">
      <Stack gap="md">
        <Text>Indiquez l’adresse de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de passe.</Text>
        {result ? (
          <Alert color={result.ok ? 'teal' : 'red'} role="status">
            {result.message}
          </Alert>
        ) : null}
        <TextInput
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" loading={pending} disabled={!email}>
          Envoyer le lien
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          Retour à la connexion
        </Anchor>
      </Stack>
    </form>
  );
}
