/** `/pro/transactions`: DVF sales on the map and in a table, filtered, with the whole mutation and a CSV export. */
import { Group, Stack, Text, Title } from '@mantine/core';
import { TransactionsTool } from '~/features/market/transactions-tool';
import { SaveSearchButton } from '~/features/saved-searches/save-search-button';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.transactions';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function TransactionsPage() {
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Transactions</Title>
        <SaveSearchButton tool="transactions" />
      </Group>
      <Text maw={900}>
        Les ventes DVF, toutes natures confondues, sur la carte et en tableau. Un lien vers cette page reproduit les filtres et la vue de la
        carte. Les données des derniers mois sont publiées avec retard{'\u00a0'}; l’Alsace, la Moselle et Mayotte ne sont pas couvertes.
      </Text>
      <TransactionsTool />
    </Stack>
  );
}
