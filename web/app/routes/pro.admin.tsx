/**
 * `/pro/admin`: administration (administrators only, checked on the server for the page and for
 * every API call): users and their subscriptions, imports of the open data, messages of the
 * contact form, the data dashboard and the audit log of administrator actions. The tab shown is
 * in the URL (`?onglet=imports`, see `AdminTabs`).
 */
import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AdminTabs } from '~/features/admin/admin-tabs';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.admin';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function AdminPage() {
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Administration</Title>
        <Button component={Link} to="/pro/admin/brevo" variant="default">
          Lettre d’information
        </Button>
      </Group>
      <AdminTabs />
    </Stack>
  );
}
