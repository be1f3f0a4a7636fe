/** Change of password from the account page; the other sessions of the account end. */
import { messageResponseSchema } from '@immoloupe/shared/accounts/contracts';
import { weakPasswordMessage } from '@immoloupe/shared/accounts/password-strength';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api';
import { PasswordStrengthMeter } from './password-strength-meter';

/** The fields that show their own error: an error about one of them is said there, not again above the form. */
const FIELDS = new Set(['currentPassword', 'newPassword']);

export function ChangePasswordForm() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string | null; fields?: Record<string, string> } | null>(null);
  const problem = newPassword ? weakPasswordMessage(newPassword) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setResult(null);
    try {
      const body = await apiFetch('/api/account/password', messageResponseSchema, {
        method: 'POST',
        body: JSON.stringify({ currentPassword, newPassword }),
      });
      setResult({ ok: true, message: body.message });
      setCurrent('');
      setNew('');
    } catch (err) {
      if (err instanceof ApiError) {
        const onFields = err.issues.filter((i) => FIELDS.has(i.path));
        const elsewhere = err.issues.filter((i) => !FIELDS.has(i.path)).map((i) => i.message);
        setResult({
          ok: false,
          message: onFields.length === 0 ? err.message : elsewhere.length > 0 ? elsewhere.join(' ') : null,
          fields: Object.fromEntries(onFields.map((i) => [i.path, i.message])),
        });
      } else setResult({ ok: false, message: 'Erreur inattendue.' });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Changer de mot de passe">
      <Stack gap="sm">
        {result?.message ? (
          <Alert color={result.ok ? 'teal' : 'red'} role="status">
            {result.message}
          </Alert>
        ) : null}
        <PasswordInput
          label="Mot de passe actuel"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          error={result?.fields?.currentPassword}
        />
        <PasswordInput
          label="Nouveau mot de passe"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNew(e.currentTarget.value)}
          error={result?.fields?.newPassword ?? problem}
        />
        <PasswordStrengthMeter password={newPassword} />
        <Button type="submit" loading={pending} disabled={!currentPassword || !newPassword || Boolean(problem)} w="fit-content">
          Changer le mot de passe
        </Button>
      </Stack>
    </form>
  );
}
