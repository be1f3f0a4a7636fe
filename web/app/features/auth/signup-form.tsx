/** Sign-up: e-mail, password with its strength meter, terms; a confirmation link is e-mailed. */
import { type LinkSentResponse, linkSentResponseSchema } from '@immoloupe/shared/accounts/contracts';
import { PASSWORD_RULE, weakPasswordMessage } from '@immoloupe/shared/accounts/password-strength';
import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, apiFetch } from '~/lib/api';
import { PasswordStrengthMeter } from './password-strength-meter';

export function SignupForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [marketingConsent, setMarketingConsent] = useState(false);
  const [terms, setTerms] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [done, setDone] = useState<LinkSentResponse | null>(null);
  const problem = password ? weakPasswordMessage(password) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      setDone(
        await apiFetch('/api/account/signup', linkSentResponseSchema, {
          method: 'POST',
          body: JSON.stringify({ email, password, marketingConsent }),
        }),
      );
    } catch (err) {
      if (err instanceof ApiError)
        setError({ message: err.message, fields: Object.fromEntries(err.issues.map((i) => [i.path, i.message])) });
      else setError({ message: 'Erreur inattendue.', fields: {} });
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <Alert
        color={done.mailDelivery === 'log' ? 'yellow' : 'teal'}
        title="Vérifiez votre boîte e-mail"
        role="status"
        data-testid="signup-done"
      >
        {done.message}
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Création de compte">
      <Stack gap="md">
        {error ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : null}
        <TextInput
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={error?.fields.email}
        />
        <PasswordInput
          label="Mot de passe"
          description={PASSWORD_RULE.replace(/^a/, 'A')}
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={error?.fields.password ?? problem}
        />
        <PasswordStrengthMeter password={password} />
        <Checkbox
          checked={terms}
          onChange={(e) => setTerms(e.currentTarget.checked)}
          label={
            <>
              J’accepte les{' '}
              <Anchor component={Link} to="/cgu" target="_blank">
                conditions générales
              </Anchor>
            </>
          }
        />
        <Checkbox
          checked={marketingConsent}
          onChange={(e) => setMarketingConsent(e.currentTarget.checked)}
          label="Je souhaite recevoir la lettre d’information d’Immoloupe (facultatif, désinscription en un clic)"
        />
        <Button type="submit" loading={pending} disabled={!email || !password || Boolean(problem) || !terms}>
          Créer mon compte
        </Button>
        <Text size="sm">
          Déjà un compte ?{' '}
          <Anchor component={Link} to="/abo/connexion">
            Se connecter
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
