/**
 * The columns of the administrator's users: e-mail with its badges, creation date, subscription
 * state, and the grant, extension or end of a subscription. On a phone each account is a card:
 * its subscription first, then its e-mail, its creation date, its actions.
 */
import type { AdminSubscriptionRequest, AdminUser } from '@immoloupe/shared/accounts/contracts';
import { formatDate } from '@immoloupe/shared/format';
import { Badge, Button, Group, Menu, Text } from '@mantine/core';
import type { ResponsiveColumn } from '~/components/responsive-table';
import { UserAccessMenu } from '~/features/admin/user-access-menu';
import { describeAbo } from './subscription-state.logic';

const MONTHS = [1, 3, 12];

export interface AdminUserActions {
  act: (user: AdminUser, request: AdminSubscriptionRequest) => void;
  end: (user: AdminUser) => void;
  reload: () => void;
}

function Email({ u }: { u: AdminUser }) {
  return (
    <>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {u.email}
      </Text>
      <Group gap={4}>
        {u.role === 'admin' ? <Badge size="xs">administrateur</Badge> : null}
        {u.disabled ? (
          <Badge size="xs" color="red" variant="outline">
            désactivé
          </Badge>
        ) : null}
        {!u.emailVerified ? (
          <Badge size="xs" color="gray" variant="outline">
            adresse non confirmée
          </Badge>
        ) : null}
      </Group>
    </>
  );
}

function Subscription({ u }: { u: AdminUser }) {
  const abo = describeAbo({ abo: u.abo, aboactif: u.aboactif }, u.role);
  return (
    <>
      <Badge color={abo.color} variant="light">
        {abo.label}
      </Badge>
      <Text size="xs" c="dimmed" fw={400} style={{ whiteSpace: 'normal' }}>
        {u.abo ? abo.detail : ''}
      </Text>
    </>
  );
}

function Actions({ u, a }: { u: AdminUser; a: AdminUserActions }) {
  const paidByCard = u.abo?.source === 'stripe' && u.aboactif;
  const extending = u.aboactif && u.abo;
  return (
    <Group gap="xs">
      {!paidByCard && (u.role !== 'admin' || u.abo) ? (
        <Menu>
          <Menu.Target>
            <Button size="xs" variant="light">
              {extending ? 'Prolonger' : 'Accorder'}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {MONTHS.map((m) => (
              <Menu.Item key={m} onClick={() => a.act(u, { action: extending ? 'extend' : 'grant', months: m })}>
                {m === 12 ? '1 an' : `${m} mois`}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : null}
      {u.abo && u.aboactif ? (
        <Button size="xs" color="red" variant="subtle" onClick={() => a.end(u)}>
          Terminer
        </Button>
      ) : null}
      <UserAccessMenu user={u} onDone={a.reload} />
    </Group>
  );
}

export function adminUserColumns(a: AdminUserActions): ResponsiveColumn<AdminUser>[] {
  return [
    { key: 'email', header: 'Adresse e-mail', card: 'title', cell: (u) => <Email u={u} /> },
    { key: 'created', header: 'Créé le', card: 'detail', nowrap: true, cell: (u) => formatDate(u.createdAt) },
    { key: 'abo', header: 'Abonnement', card: 'figure', cell: (u) => <Subscription u={u} /> },
    { key: 'actions', header: 'Actions', card: 'action', cell: (u) => <Actions u={u} a={a} /> },
  ];
}
