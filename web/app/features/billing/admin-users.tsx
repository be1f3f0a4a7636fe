/**
 * The administrator's users tab: every account with its subscription state, searchable by
 * e-mail, and the manual grant, extension or end of a subscription (checked again on the server).
 */
import {
  ADMIN_PAGE_SIZE,
  type AdminSubscriptionRequest,
  type AdminUser,
  messageResponseSchema,
} from '@immoloupe/shared/accounts/contracts';
import { formatDate, formatInteger, NBSP } from '@immoloupe/shared/format';
import { Alert, Badge, Button, Group, Menu, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Busy } from '~/components/busy';
import { useConfirm } from '~/components/confirm-dialog';
import { UserAccessMenu } from '~/features/admin/user-access-menu';
import { ApiError, apiFetch } from '~/lib/api';
import { describeAbo } from './subscription-state.logic';
import { useAdminUsers } from './use-admin-users';

const MONTHS = [1, 3, 12];

export function AdminUsers() {
  const { query, type, search, page, setPage, data, error, load } = useAdminUsers();
  const { ask, dialog } = useConfirm();

  async function act(user: AdminUser, request: AdminSubscriptionRequest) {
    try {
      const res = await apiFetch(`/api/admin/users/${user.id}/subscription`, messageResponseSchema.loose(), {
        method: 'POST',
        body: JSON.stringify(request),
      });
      notifications.show({ color: 'teal', message: `${user.email}${NBSP}: ${res.message}` });
      await load();
    } catch (err) {
      notifications.show({ color: 'red', title: 'Action refusée', message: err instanceof ApiError ? err.message : 'Erreur inattendue.' });
    }
  }

  const end = (user: AdminUser) =>
    ask({
      title: 'Terminer l’abonnement',
      message: `Terminer maintenant l’abonnement du compte ${user.email}${NBSP}?`,
      detail: `Son accès aux outils réservés aux abonnés s’arrête aussitôt${NBSP}; un abonnement payé par carte est aussi résilié chez Stripe.`,
      verb: 'Terminer',
      destructive: true,
      action: () => act(user, { action: 'end' }),
    });

  const pages = data ? Math.max(1, Math.ceil(data.total / ADMIN_PAGE_SIZE)) : 1;
  return (
    <Stack gap="md">
      {dialog}
      <TextInput
        type="search"
        label="Rechercher une adresse e-mail"
        description="La liste suit le texte tapé."
        value={query}
        onChange={(e) => type(e.currentTarget.value)}
      />
      {error ? <Alert color="red">{error}</Alert> : null}
      {!data ? (
        <Busy size="sm" />
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="admin-users-count">
            {data.total === 0 && search
              ? `Aucun compte ne correspond à «${NBSP}${search}${NBSP}».`
              : `${formatInteger(data.total)} compte${data.total > 1 ? 's' : ''}`}
          </Text>
          <Table.ScrollContainer minWidth={760} hidden={data.total === 0}>
            <Table striped data-testid="admin-users">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Adresse e-mail</Table.Th>
                  <Table.Th>Créé le</Table.Th>
                  <Table.Th>Abonnement</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.users.map((u) => {
                  const abo = describeAbo({ abo: u.abo, aboactif: u.aboactif }, u.role);
                  const paidByCard = u.abo?.source === 'stripe' && u.aboactif;
                  return (
                    <Table.Tr key={u.id}>
                      <Table.Td>
                        <Text size="sm">{u.email}</Text>
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
                      </Table.Td>
                      <Table.Td>{formatDate(u.createdAt)}</Table.Td>
                      <Table.Td>
                        <Badge color={abo.color} variant="light">
                          {abo.label}
                        </Badge>
                        <Text size="xs" c="dimmed">
                          {u.abo ? abo.detail : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs">
                          {!paidByCard && (u.role !== 'admin' || u.abo) ? (
                            <Menu>
                              <Menu.Target>
                                <Button size="xs" variant="light">
                                  {u.aboactif && u.abo ? 'Prolonger' : 'Accorder'}
                                </Button>
                              </Menu.Target>
                              <Menu.Dropdown>
                                {MONTHS.map((m) => (
                                  <Menu.Item
                                    key={m}
                                    onClick={() => act(u, { action: u.aboactif && u.abo ? 'extend' : 'grant', months: m })}
                                  >
                                    {m === 12 ? '1 an' : `${m} mois`}
                                  </Menu.Item>
                                ))}
                              </Menu.Dropdown>
                            </Menu>
                          ) : null}
                          {u.abo && u.aboactif ? (
                            <Button size="xs" color="red" variant="subtle" onClick={() => end(u)}>
                              Terminer
                            </Button>
                          ) : null}
                          <UserAccessMenu user={u} onDone={() => void load()} />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} /> : null}
        </>
      )}
    </Stack>
  );
}
