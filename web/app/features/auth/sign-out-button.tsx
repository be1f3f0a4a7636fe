/** Sign-out through Auth.js (its CSRF token); then the home page. */
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSession } from '~/lib/session';

export function SignOutButton({ variant = 'default' }: { variant?: 'default' | 'subtle' }) {
  const session = useSession();
  const [pending, setPending] = useState(false);
  async function signOut() {
    setPending(true);
    try {
      await session.signOut('/');
    } catch (err) {
      notifications.show({ color: 'red', title: 'Déconnexion impossible', message: err instanceof Error ? err.message : String(err) });
      setPending(false);
    }
  }
  return (
    <Button variant={variant} onClick={signOut} loading={pending}>
      Se déconnecter
    </Button>
  );
}
