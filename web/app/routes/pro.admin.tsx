/**
 * `/pro/admin`: administration (administrators only, checked on the server for the page and for
 * every API call): users and their subscriptions, imports of the open data, messages of the
 * contact form, the data dashboard and the audit log of administrator actions.
 */
import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AuditLog } from '~/features/admin/audit-log';
import { DataDashboard } from '~/features/admin/data-dashboard';
import { AdminUsers } from '~/features/billing/admin-users';
import { AdminContactMessages } from '~/features/contact/admin-messages';
import { AdminImports } from '~/features/imports/admin-imports';
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
      <Tabs defaultValue="utilisateurs" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="utilisateurs">Utilisateurs</Tabs.Tab>
          <Tabs.Tab value="donnees">Tableau de bord des données</Tabs.Tab>
          <Tabs.Tab value="imports">Imports de données</Tabs.Tab>
          <Tabs.Tab value="messages">Messages de contact</Tabs.Tab>
          <Tabs.Tab value="journal">Journal</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="utilisateurs" pt="md">
          <AdminUsers />
        </Tabs.Panel>
        <Tabs.Panel value="donnees" pt="md">
          <DataDashboard headingOrder={2} />
        </Tabs.Panel>
        <Tabs.Panel value="imports" pt="md">
          <AdminImports headingOrder={2} />
        </Tabs.Panel>
        <Tabs.Panel value="messages" pt="md">
          <AdminContactMessages headingOrder={2} />
        </Tabs.Panel>
        <Tabs.Panel value="journal" pt="md">
          <AuditLog headingOrder={2} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
