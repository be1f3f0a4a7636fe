/** The page of the e-mailed reset link: choose a new password (every session ends). */
import { messageResponseSchema } from '@immoloupe/shared/accounts/contracts';
import { weakPasswordMessage } from '@immoloupe/shared/accounts/password-strength';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api';
import { PasswordStrengthMeter } from './password-strength-meter';

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem = password ? weakPasswordMessage(password) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const body = await apiFetch('/api/account/password/reset', messageResponseSchema, {
        method: 'POST',
        body: JSON.stringify({ token, password }),
      });
      onDone(body.message);
    } catch (err) {
      setError(err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'Erreur inattendue.');
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Nouveau mot de passe">
      <Stack gap="md">
        <Text>Choisissez votre nouveau mot de passe. Vos autres sessions seront fermées.</Text>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <PasswordInput
          label="Nouveau mot de passe"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={problem}
        />
        <PasswordStrengthMeter password={password} />
        <Button type="submit" loading={pending} disabled={!password || Boolean(problem)}>
          Changer le mot de passe
        </Button>
      </Stack>
    </form>
  );
}
