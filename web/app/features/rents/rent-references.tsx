/**
 * The rent references of a commune (Carte des loyers): the predicted rent per m² a month of each
 * dwelling type, its 95 % prediction interval, where the prediction comes from and how many ads it
 * rests on. Rents of ads, charges included: what a landlord asks, not a signed lease.
 */
import { formatInteger } from '@immoloupe/shared/format';
import { RENT_DWELLING_LABELS, type RentReference } from '@immoloupe/shared/rents/contracts';
import { formatRentM2, predictionLevelLabel, rentSourceLabel } from '@immoloupe/shared/rents/rents.logic';
import { Table, Text } from '@mantine/core';
import { WideTable } from '~/components/wide-table';

export function RentReferencesTable({ references, commune }: { references: readonly RentReference[]; commune: string }) {
  const editions = [...new Set(references.map((r) => rentSourceLabel(r.edition)))];
  const caption = `Loyers de référence à ${commune}`;
  return (
    <>
      <WideTable label={`Tableau des loyers de référence\u00a0: ${commune}`} minWidth={480}>
        <Table striped fz="sm" horizontalSpacing="xs" captionSide="top" data-testid="rent-references">
          <Table.Caption ta="left" fw={600}>
            {caption}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th ta="right">Loyer prédit (intervalle à 95&nbsp;%)</Table.Th>
              <Table.Th>Prédit sur</Table.Th>
              <Table.Th ta="right">Annonces</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {references.map((r) => (
              <Table.Tr key={`${r.dwelling}-${r.edition ?? ''}`}>
                <Table.Th scope="row">{RENT_DWELLING_LABELS[r.dwelling]}</Table.Th>
                <Table.Td ta="right" fw={600}>
                  {formatRentM2(r)}
                </Table.Td>
                <Table.Td>{predictionLevelLabel(r.predictionLevel)}</Table.Td>
                <Table.Td ta="right">{r.observationsCommune === null ? '—' : formatInteger(r.observationsCommune)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
      <Text size="sm" c="dimmed" mt="xs">
        {`${editions.join(', ')}, ANIL et ministère du Logement\u00a0: loyers d’annonce charges comprises, prédits pour la commune. ` +
          '«\u00a0Annonces\u00a0» compte celles observées dans la commune.'}
      </Text>
    </>
  );
}
