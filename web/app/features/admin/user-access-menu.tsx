/**
 * The administrator's access actions on one account: confirm its address (when the link never
 * arrived), disable or enable it, and sign it out of every browser, each confirmed in a window of
 * the page first. Each is checked and logged in the audit log by the server.
 */
import { type AdminUser, messageResponseSchema } from '@immoloupe/shared/accounts/contracts';
import { NBSP } from '@immoloupe/shared/format';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ConfirmRequest, useConfirm } from '~/components/confirm-dialog';
import { ApiError, apiFetch } from '~/lib/api';

type AccessAction = 'disable' | 'enable' | 'signout' | 'verify';

/** The confirmation window of each action: title, what will happen, the verb of its button. */
export const ACCESS_CONFIRM: Record<AccessAction, (email: string) => Omit<ConfirmRequest, 'action'>> = {
  disable: (email) => ({
    title: 'Désactiver le compte',
    message: `Désactiver le compte ${email}${NBSP}?`,
    detail:
      'Ses sessions seront fermées, et ni lui ni ses clés d’accès ne pourront plus se connecter tant que le compte n’est pas réactivé.',
    verb: 'Désactiver',
    destructive: true,
  }),
  enable: (email) => ({
    title: 'Réactiver le compte',
    message: `Réactiver le compte ${email}${NBSP}?`,
    detail: 'Il pourra de nouveau se connecter.',
    verb: 'Réactiver',
  }),
  signout: (email) => ({
    title: 'Déconnecter partout',
    message: `Déconnecter ${email} de tous ses navigateurs${NBSP}?`,
    detail: `Chacune de ses sessions sera fermée${NBSP}: il devra se reconnecter.`,
    verb: 'Déconnecter',
  }),
  verify: (email) => ({
    title: 'Confirmer l’adresse e-mail',
    message: `Confirmer l’adresse ${email} sans le lien envoyé par e-mail${NBSP}?`,
    detail: 'Faites-le seulement si vous savez que cette adresse est bien celle de la personne.',
    verb: 'Confirmer',
  }),
};

export function UserAccessMenu({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const { ask, dialog } = useConfirm();
  async function run(action: AccessAction) {
    try {
      const res = await apiFetch(`/api/admin/users/${user.id}/${action}`, messageResponseSchema.loose(), { method: 'POST' });
      notifications.show({ color: 'teal', message: res.message });
      onDone();
    } catch (err) {
      notifications.show({ color: 'red', title: 'Action refusée', message: err instanceof ApiError ? err.message : 'Erreur inattendue.' });
    }
  }
  const confirm = (action: AccessAction) => ask({ ...ACCESS_CONFIRM[action](user.email), action: () => run(action) });
  return (
    <>
      {dialog}
      <Menu>
        <Menu.Target>
          <Button size="xs" variant="default">
            Accès
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {user.emailVerified ? null : <Menu.Item onClick={() => confirm('verify')}>Confirmer l’adresse e-mail</Menu.Item>}
          <Menu.Item onClick={() => confirm('signout')}>Déconnecter partout</Menu.Item>
          {user.disabled ? (
            <Menu.Item onClick={() => confirm('enable')}>Réactiver le compte</Menu.Item>
          ) : (
            <Menu.Item color="red" onClick={() => confirm('disable')}>
              Désactiver le compte
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
