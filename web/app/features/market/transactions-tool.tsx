/**
 * The transactions tool (/pro/transactions): DVF sales on a clustered map and in a sortable,
 * paginated table side by side (a marker clicked highlights its row, a row clicked centres the map
 * on its sale); filters on place (commune, parcel, address + radius, the map view
 * or a drawn area), period, nature, type, surface, rooms, price and €/m²; the whole mutation of a
 * selected sale; CSV export. Every filter and the map view live in the URL.
 *
 * The state lives in `use-transactions.ts`; this file only lays the pieces out.
 */
import { Alert, Stack } from '@mantine/core';
import { MapLegend } from '~/features/map/map-legend';
import { MapView } from '~/features/map/map-view';
import { ResultsWithMap } from '~/features/map/results-with-map';
import { salesLegendEntries } from '~/features/map/sales-legend';
import { TransactionsFilters } from './transactions-filters';
import { MutationDrawer } from './transactions-mutation-drawer';
import { TransactionsResults } from './transactions-results';
import { useTransactions } from './use-transactions';

// Importers (the page URL tests among them) know the query builder by this module.
export { filterQuery } from './transactions-query';

export function TransactionsTool() {
  const t = useTransactions();
  return (
    <Stack gap="md">
      <TransactionsFilters {...t} newestOfPlace={t.list?.newest ?? null} />

      {t.error && (
        <Alert color="red" role="alert">
          {t.error}
        </Alert>
      )}

      <ResultsWithMap
        sideFrom="xl"
        results={<TransactionsResults {...t} onSelect={t.chooseRow} />}
        map={
          <>
            <MapView label="Carte des ventes" {...t.initialView} height={620} onMoveEnd={t.onMoveEnd} onReady={t.onMapReady} />
            <MapLegend label="Légende de la carte des ventes" entries={salesLegendEntries({ parcel: 'Parcelles de la vente choisie' })} />
          </>
        }
      />
      <MutationDrawer id={t.selected} selection={t.selection} onClose={() => t.setSelected(null)} />
    </Stack>
  );
}
