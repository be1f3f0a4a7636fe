/** "Mot de passe oublié": a reset link is e-mailed; the answer is the same for any address. */
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useEmailLink } from './use-email-link';

export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { email, setEmail, pending, result, submit } = useEmailLink('/api/account/password/forgot', initialEmail);

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
