/**
 * The tabs of /pro/admin. The tab shown is in the URL (`?onglet=imports`): a link opens it, a
 * reload keeps it, and each tab chosen is an entry of the history that Back returns from.
 */
import { Tabs } from '@mantine/core';
import { AdminUsers } from '~/features/billing/admin-users';
import { AdminContactMessages } from '~/features/contact/admin-messages';
import { AdminImports } from '~/features/imports/admin-imports';
import { useUrlParams } from '~/lib/use-url-params';
import { AuditLog } from './audit-log';
import { DataDashboard } from './data-dashboard';

export const ADMIN_TABS = ['utilisateurs', 'donnees', 'imports', 'messages', 'journal'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
const DEFAULT_TAB: AdminTab = 'utilisateurs';

/** The tab of `?onglet=`, the users' one when absent or unknown. */
export function adminTabOf(params: URLSearchParams): AdminTab {
  const tab = params.get('onglet');
  return ADMIN_TABS.find((t) => t === tab) ?? DEFAULT_TAB;
}

export function AdminTabs() {
  const { params, update } = useUrlParams();
  return (
    <Tabs
      value={adminTabOf(params)}
      // The default tab keeps the address short.
      onChange={(v) => v && update({ onglet: v === DEFAULT_TAB ? null : v })}
      keepMounted={false}
    >
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
  );
}
