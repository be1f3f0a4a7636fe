/** The agent's saved value opinions, each opened again from its address. */
import { formatDate, formatEstimate, formatSurface } from '@immoloupe/shared/format';
import { Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { typeLabel } from './labels';
import type { OpinionSummary } from './use-value-opinion';

export function ValueOpinionSavedList({ list }: { list: OpinionSummary[] }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Avis de valeur enregistrés">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Avis de valeur enregistrés
        </Title>
        {list.length === 0 ? (
          <Text c="dimmed">Aucun avis enregistré pour l’instant.</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Adresse</Table.Th>
                <Table.Th>Bien</Table.Th>
                <Table.Th ta="right">Valeur retenue</Table.Th>
                <Table.Th>Date</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/pro/avisdevaleur?id=${o.id}`}>
                      {o.label}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {typeLabel(o.type)}, {formatSurface(o.surface)}
                  </Table.Td>
                  <Table.Td ta="right">{o.finalValue === null ? '—' : formatEstimate(o.finalValue)}</Table.Td>
                  <Table.Td>{formatDate(o.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
