/** The address analysis' diagnostics (DPE) and registered copropriétés near the point, side by side. */
import { formatDate, formatSurface, NBSP } from '@immoloupe/shared/format';
import type { AddressAnalysis } from '@immoloupe/shared/market/address-contracts';
import { departementOfCodes } from '@immoloupe/shared/opendata/import-hint';
import { Badge, Card, Grid, Table, Text, Title } from '@mantine/core';
import { ImportHint } from '~/components/import-hint';

export function AddressAnalysisDpeCopros({ data }: { data: Pick<AddressAnalysis, 'dpe' | 'copros' | 'commune'> }) {
  const departement = departementOfCodes(data.commune ? [data.commune.insee] : []);
  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Card withBorder radius="md" padding="lg" component="section" aria-label="Diagnostics de performance énergétique">
          <Title order={2} fz="h4" mb="sm">
            DPE à proximité ({data.dpe.length})
          </Title>
          {data.dpe.length === 0 ? (
            <Text c="dimmed">
              Aucun DPE importé à moins de 150{NBSP}m. <ImportHint source="dpe" departement={departement} />
            </Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Adresse</Table.Th>
                  <Table.Th>Classes</Table.Th>
                  <Table.Th ta="right">Surface</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.dpe.map((d) => (
                  <Table.Tr key={d.numero}>
                    <Table.Td>{formatDate(d.date)}</Table.Td>
                    <Table.Td>{d.adresse ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge size="sm">{d.etiquetteDpe ?? '?'}</Badge>{' '}
                      <Badge size="sm" color="gray">
                        {d.etiquetteGes ?? '?'}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">{d.surface === null ? '—' : formatSurface(d.surface)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Card withBorder radius="md" padding="lg" component="section" aria-label="Copropriétés">
          <Title order={2} fz="h4" mb="sm">
            Copropriétés ({data.copros.length})
          </Title>
          {data.copros.length === 0 ? (
            <Text c="dimmed">
              Aucune copropriété immatriculée importée sur la parcelle ou à moins de 150{NBSP}m.{' '}
              <ImportHint source="copro" departement={departement} />
            </Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Copropriété</Table.Th>
                  <Table.Th ta="right">Lots</Table.Th>
                  <Table.Th>Syndic</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.copros.map((c) => (
                  <Table.Tr key={c.numero}>
                    <Table.Td>
                      {c.nom ?? c.adresse ?? c.numero} {c.onParcel && <Badge size="xs">sur la parcelle</Badge>}
                    </Table.Td>
                    <Table.Td ta="right">{c.lots ?? '—'}</Table.Td>
                    <Table.Td>{c.syndic ?? 'non communiqué'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      </Grid.Col>
    </Grid>
  );
}
