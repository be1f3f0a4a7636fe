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
import { formatInteger, NBSP } from '@immoloupe/shared/format';
import { Alert, Box, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Busy } from '~/components/busy';
import { useConfirm } from '~/components/confirm-dialog';
import { ResponsiveTable } from '~/components/responsive-table';
import { ApiError, apiFetch } from '~/lib/api';
import { adminUserColumns } from './admin-user-columns';
import { useAdminUsers } from './use-admin-users';

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
          {data.total > 0 && (
            <Box data-testid="admin-users">
              <ResponsiveTable
                rows={data.users}
                rowKey={(u) => u.id}
                columns={adminUserColumns({ act, end, reload: () => void load() })}
                label="Comptes"
                minWidth={760}
                tableProps={{ striped: true, highlightOnHover: false }}
              />
            </Box>
          )}
          {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} /> : null}
        </>
      )}
    </Stack>
  );
}
