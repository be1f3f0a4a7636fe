/** The whole mutation of a sale picked on the map or in the table: every line, its lots and the parcels it covers. */
import { formatDate, formatEuros, formatSurface, NBSP } from '@immoloupe/shared/format';
import { Alert, Drawer, Stack, Table, Text, Title } from '@mantine/core';
import { Busy } from '~/components/busy';
import { WideTable } from '~/components/wide-table';
import { labelled } from './labels';
import type { MutationSelection } from './use-transactions';

/** Carrez surfaces are published to the hundredth of m²: shown as published. */
const carrez = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** The mutation's detail is loaded by the tool, which also outlines its parcels on the map. */
export function MutationDrawer({ id, selection, onClose }: { id: string | null; selection: MutationSelection; onClose: () => void }) {
  const { detail, error } = selection;
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="xl" title="Détail de la mutation">
      {error && <Alert color="red">{error}</Alert>}
      {!detail && !error && <Busy />}
      {detail && (
        <Stack gap="sm" data-testid="mutation-detail">
          <Title order={3} fz="h4">
            {detail.natureLabel} du {formatDate(detail.date)} — {detail.price === null ? 'prix non publié' : formatEuros(detail.price)}
          </Title>
          <Text>{labelled('Adresse', `${detail.address || 'non publiée'}, ${detail.codePostal ?? ''} ${detail.commune}`)}</Text>
          <Text size="sm">{detail.statistics}</Text>
          <Title order={4} fz="h5">
            Lignes de la mutation ({detail.lines.length})
          </Title>
          <WideTable label="Tableau des lignes de la mutation" minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Parcelle</Table.Th>
                  <Table.Th>Local ou culture</Table.Th>
                  <Table.Th ta="right">Surface bâtie</Table.Th>
                  <Table.Th ta="right">Pièces</Table.Th>
                  <Table.Th ta="right">Terrain</Table.Th>
                  <Table.Th>Lots (Carrez)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detail.lines.map((l) => (
                  <Table.Tr key={l.lineNo}>
                    <Table.Td>
                      {l.idParcelle ? `${l.idParcelle.slice(8, 10).replace(/^0/, '')} ${l.idParcelle.slice(10).replace(/^0+/, '')}` : '—'}
                    </Table.Td>
                    <Table.Td>{l.typeLocal ?? l.natureCulture ?? '—'}</Table.Td>
                    <Table.Td ta="right">{l.surface ? formatSurface(l.surface) : '—'}</Table.Td>
                    <Table.Td ta="right">{l.rooms || '—'}</Table.Td>
                    <Table.Td ta="right">{l.landSurface ? formatSurface(l.landSurface) : '—'}</Table.Td>
                    <Table.Td>
                      {l.lots.length === 0
                        ? '—'
                        : l.lots
                            .map((lot) => `n° ${lot.numero}${lot.surfaceCarrez ? ` (${carrez.format(lot.surfaceCarrez)}${NBSP}m²)` : ''}`)
                            .join(', ')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
          <Title order={4} fz="h5">
            Parcelles liées
          </Title>
          {detail.parcels.map((p) => (
            <Text key={p.id}>
              Section {p.section} n° {p.numero} ({p.id}){p.contenance ? ` — ${formatSurface(p.contenance)}` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
