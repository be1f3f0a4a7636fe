/** « Renvoyer le lien de confirmation »: a new link for an account not confirmed yet; the answer is the same for any address. */
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useEmailLink } from './use-email-link';

export function ResendActivation({ initialEmail, onSent }: { initialEmail: string; onSent?: () => void }) {
  const { email, setEmail, pending, result, submit } = useEmailLink('/api/account/activate/resend', initialEmail, onSent);
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
