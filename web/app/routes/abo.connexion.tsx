/**
 * `/abo/connexion`: sign-in (signed-out visitors only), "mot de passe oublié", and the page of
 * the e-mailed reset link (`?reinitialisation=<token>`).
 */
import { LINK_TOKEN } from '@immoloupe/shared/accounts/contracts';
import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ForgotPasswordForm } from '~/features/auth/forgot-password-form';
import { LoginForm } from '~/features/auth/login-form';
import { AboPage } from '~/features/auth/page-frame';
import { ResetPasswordForm } from '~/features/auth/reset-password-form';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/abo.connexion';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function LoginPage() {
  const [params, setParams] = useSearchParams();
  const token = params.get('reinitialisation');
  // « Mot de passe oublié » has its own address (`?oubli=1`, the one the e-mails link to), so that
  // the browser's Back button returns to the sign-in form.
  const mode: 'login' | 'forgot' = params.get('oubli') ? 'forgot' : 'login';
  const setMode = (next: 'login' | 'forgot') => {
    const p = new URLSearchParams(params);
    // The used reset token must not come back into the address the shell took it out of.
    p.delete('reinitialisation');
    if (next === 'forgot') p.set('oubli', '1');
    else p.delete('oubli');
    setParams(p, { preventScrollReset: true });
  };
  const [email, setEmail] = useState('');
  const [resetDone, setResetDone] = useState<string | null>(null);

  if (token && !resetDone) {
    return (
      <AboPage title="Nouveau mot de passe">
        {LINK_TOKEN.test(token) ? (
          <ResetPasswordForm token={token} onDone={setResetDone} />
        ) : (
          <Alert color="red">Ce lien est incomplet. Copiez l’adresse entière reçue par e-mail, ou demandez un nouveau lien.</Alert>
        )}
      </AboPage>
    );
  }
  return (
    <AboPage title={mode === 'forgot' ? 'Mot de passe oublié' : 'Connexion'} lead="Votre espace professionnel Immoloupe.">
      <Stack>
        {resetDone ? (
          <Alert color="teal" role="status">
            {resetDone}
          </Alert>
        ) : null}
        {mode === 'forgot' ? (
          <ForgotPasswordForm initialEmail={email} onBack={() => setMode('login')} />
        ) : (
          <LoginForm
            onForgot={(typed) => {
              setEmail(typed);
              setMode('forgot');
            }}
          />
        )}
      </Stack>
    </AboPage>
  );
}
