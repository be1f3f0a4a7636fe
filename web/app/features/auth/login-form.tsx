/** Sign-in with e-mail and password through Auth.js; the page asked for opens next. */
import { AuthClientError } from '@immoloupe/shared/accounts/session-client';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '~/lib/session';
import { useValuesTypedEarly } from '~/lib/use-values-typed-early';
import { afterSignInPath, signInErrorMessage } from './messages';
import { ResendActivation } from './resend-activation';

export function LoginForm({ onForgot }: { onForgot: (email: string) => void }) {
  const [params] = useSearchParams();
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(params.get('code'));
  const [resent, setResent] = useState(false);
  const notice = signInErrorMessage(params.get('error'), params.get('code'));
  const formRef = useRef<HTMLFormElement>(null);
  useValuesTypedEarly(formRef, { email: setEmail, password: setPassword });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    setCode(null);
    setResent(false);
    try {
      const result = await session.signIn(email.trim(), password, afterSignInPath(params, window.location.origin));
      if (!result.ok) {
        setError(signInErrorMessage(result.error, result.code));
        setCode(result.code);
        setPending(false);
      }
      // Signed in: the navigation guard opens the page asked for.
    } catch (err) {
      setError(
        err instanceof AuthClientError && err.status < 500
          ? err.message
          : 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
      );
      setPending(false);
    }
  }

  const shown = error ?? notice;
  const unconfirmed = code === 'adresse-non-confirmee';
  return (
    <Stack gap="md">
      {/* Once a new link is sent, the refusal has its answer just below: it is no longer shown in red. */}
      {shown && !(unconfirmed && resent) ? (
        <Alert color={error || params.get('error') !== 'SessionRequired' ? 'red' : 'blue'} role="alert" data-testid="login-message">
          {shown}
        </Alert>
      ) : null}
      {/* Its own form, beside the refusal it answers and outside the sign-in one: forms do not nest. */}
      {unconfirmed ? <ResendActivation initialEmail={email.trim()} onSent={() => setResent(true)} /> : null}
      <form ref={formRef} onSubmit={submit} noValidate aria-label="Connexion">
        <Stack gap="md">
          <TextInput
            label="Adresse e-mail"
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label="Mot de passe"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={pending} disabled={!email || !password}>
            Se connecter
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={() => onForgot(email)}>
            Mot de passe oublié ?
          </Anchor>
          <Text size="sm">
            Pas encore de compte ?{' '}
            <Anchor component={Link} to="/abo/nouveaucompte">
              Créer un compte
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Stack>
  );
}
