/**
 * The administrator's access actions on one account: confirm its address (when the link never
 * arrived), disable or enable it, and sign it out of every browser. Each is checked and logged in the audit log by the server.
 */
import { type AdminUser, messageResponseSchema } from '@immoloupe/shared/accounts/contracts';
import { NBSP } from '@immoloupe/shared/format';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiError, apiFetch } from '~/lib/api';

type AccessAction = 'disable' | 'enable' | 'signout' | 'verify';

const CONFIRM: Record<AccessAction, (email: string) => string> = {
  disable: (email) => `Désactiver le compte ${email}${NBSP}? Ses sessions seront fermées et il ne pourra plus se connecter.`,
  enable: (email) => `Réactiver le compte ${email}${NBSP}?`,
  signout: (email) => `Déconnecter ${email} de tous ses navigateurs${NBSP}?`,
  verify: (email) =>
    `Confirmer l’adresse ${email} sans le lien envoyé par e-mail${NBSP}? Faites-le seulement si vous savez que cette adresse est bien celle de la personne.`,
};

export function UserAccessMenu({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  async function run(action: AccessAction) {
    if (!window.confirm(CONFIRM[action](user.email))) return;
    try {
      const res = await apiFetch(`/api/admin/users/${user.id}/${action}`, messageResponseSchema.loose(), { method: 'POST' });
      notifications.show({ color: 'teal', message: res.message });
      onDone();
    } catch (err) {
      notifications.show({ color: 'red', title: 'Action refusée', message: err instanceof ApiError ? err.message : 'Erreur inattendue.' });
    }
  }
  return (
    <Menu>
      <Menu.Target>
        <Button size="xs" variant="default">
          Accès
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {user.emailVerified ? null : <Menu.Item onClick={() => run('verify')}>Confirmer l’adresse e-mail</Menu.Item>}
        <Menu.Item onClick={() => run('signout')}>Déconnecter partout</Menu.Item>
        {user.disabled ? (
          <Menu.Item onClick={() => run('enable')}>Réactiver le compte</Menu.Item>
        ) : (
          <Menu.Item color="red" onClick={() => run('disable')}>
            Désactiver le compte
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
