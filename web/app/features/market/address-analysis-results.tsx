/**
 * What the address analysis found for the point: its parcel and the data freshness, the sales of
 * the parcel, the €/m² of the commune and of the radius with the trend, the sales around, then
 * the DPE and copropriétés nearby. A sale opens its whole mutation in a drawer, as in Transactions
 * (the « Ouvrir » of its card on a phone).
 */
import { formatDate, formatInteger, formatSurface } from '@immoloupe/shared/format';
import type { AddressAnalysis } from '@immoloupe/shared/market/address-contracts';
import { PROPERTY_TYPES } from '@immoloupe/shared/market/dvf';
import { departementOfCodes } from '@immoloupe/shared/opendata/import-hint';
import { Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ImportHint } from '~/components/import-hint';
import { Chart } from '~/features/charts/chart';
import { AddToListButton } from '~/features/prospecting/add-to-list-button';
import { RentReferencesTable } from '~/features/rents/rent-references';
import { PointRisks } from '~/features/risks/parcel-risks';
import { SaveAddressButton } from '~/features/saved-addresses/save-address-button';
import { ParcelZone } from '~/features/urbanism/parcel-zone';
import { AddressAnalysisDpeCopros } from './address-analysis-dpe-copros';
import { distanceLabel, labelled, parcelCommuneText, salesCount, TYPE_PLURALS } from './labels';
import { SalesTable } from './sales-table';
import { StatTable } from './stat-table';
import { MutationDrawer } from './transactions-mutation-drawer';
import type { AddressAnalysisState } from './use-address-analysis';
import { useMutationDetail } from './use-transactions';

type AddressAnalysisResultsProps = Pick<AddressAnalysisState, 'lat' | 'lon' | 'label' | 'placedByBan' | 'trend'> & {
  data: AddressAnalysis;
};

export function AddressAnalysisResults({ data, trend, lat, lon, label, placedByBan }: AddressAnalysisResultsProps) {
  const [sale, setSale] = useState<string | null>(null);
  const selection = useMutationDetail(sale);
  const trendTitle = `Évolution mensuelle du prix médian au m² à ${data.commune?.nom ?? 'la commune'} sur 5 ans`;
  return (
    <Stack gap="lg" data-testid="address-analysis">
      <Card withBorder radius="md" padding="lg" component="section" aria-label="Parcelle">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={2} fz="h4">
              {data.parcel ? `Parcelle ${data.parcel.section} ${data.parcel.numero}` : 'Parcelle non trouvée'}
            </Title>
            {data.parcel ? (
              <>
                <Text>{labelled('Identifiant', data.parcel.id)}</Text>
                <Text>
                  {labelled('Commune', parcelCommuneText(data.parcel, data.commune))} · {labelled('section', data.parcel.section)}
                </Text>
                <Text>{labelled('Contenance', data.parcel.contenance === null ? 'inconnue' : formatSurface(data.parcel.contenance))}</Text>
                <ParcelZone key={`plu-${data.parcel.id}`} id={data.parcel.id} />
              </>
            ) : (
              <Text c="dimmed">
                Aucune parcelle du cadastre importé ne contient ce point.{' '}
                <ImportHint source="cadastre" departement={departementOfCodes(data.commune ? [data.commune.insee] : [])} />
              </Text>
            )}
          </Stack>
          <Stack gap="xs" align="flex-end">
            <SaveAddressButton
              key={`${lat}/${lon}`}
              address={
                lat && lon
                  ? {
                      label,
                      lon: Number(lon),
                      lat: Number(lat),
                      insee: data.commune?.insee ?? null,
                      idParcelle: data.parcel?.id ?? null,
                      placedByBan,
                    }
                  : null
              }
            />
            {label ? (
              <AddToListButton key={`liste-${lat}/${lon}`} kind="address" refId={label.slice(0, 200)} label={label} address={label} />
            ) : null}
          </Stack>
        </Group>
        <Text size="sm" c="dimmed" mt="sm">
          {data.freshness.lastMutationDate
            ? `Données DVF à jour au ${formatDate(data.freshness.lastMutationDate)}`
            : 'Pas de données DVF pour cette commune'}
          {data.freshness.sources.map((s) => ` · ${s.label}${s.importedAt ? `, import du ${formatDate(s.importedAt)}` : ''}`).join('')}. Les
          derniers mois sont publiés avec retard.
        </Text>
      </Card>

      <Card withBorder radius="md" padding="lg" component="section" aria-label="Ventes de la parcelle">
        <Title order={2} fz="h4" mb="sm">
          Ventes de la parcelle ({data.parcelSales.length})
        </Title>
        {data.parcelSales.length ? (
          <SalesTable rows={data.parcelSales} label="Tableau des mutations de la parcelle" onSelect={(t) => setSale(t.id)} />
        ) : (
          <Text c="dimmed">Aucune vente DVF sur cette parcelle.</Text>
        )}
      </Card>

      <Card withBorder radius="md" padding="lg" component="section" aria-label="Prix au mètre carré">
        <Title order={2} fz="h4" mb="xs">
          Prix au m² du {formatDate(data.period.from)} au {formatDate(data.period.to)}
        </Title>
        {/* Side by side only from 1408 px: at 1280 px half a card hid the mean behind a scroll. */}
        <Grid>
          <Grid.Col span={{ base: 12, xl: 6 }}>
            <StatTable
              caption={data.commune ? `${data.commune.nom}, ventes simples` : 'Commune'}
              rows={PROPERTY_TYPES.map((t) => ({
                label: TYPE_PLURALS[t],
                ...(data.communeStats.find((s) => s.type === t) ?? { count: 0, median: null, mean: null, q1: null, q3: null }),
              }))}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xl: 6 }}>
            <StatTable
              caption={`Dans un rayon de ${distanceLabel(data.radius)}`}
              rows={PROPERTY_TYPES.map((t) => ({
                label: TYPE_PLURALS[t],
                ...(data.radiusStats.find((s) => s.type === t) ?? { count: 0, median: null, mean: null, q1: null, q3: null }),
              }))}
            />
          </Grid.Col>
        </Grid>
        {trend && (
          <>
            <Title order={3} fz="h5" mt="md" mb="xs">
              {trendTitle}
            </Title>
            <Chart option={trend} label={trendTitle} />
          </>
        )}
      </Card>

      <Card withBorder radius="md" padding="lg" component="section" aria-label="Ventes autour">
        <Title order={2} fz="h4" mb="sm">
          Ventes à moins de {distanceLabel(data.radius)} depuis le {formatDate(data.trendPeriod.from)} ({salesCount(data.nearby.total)}
          {data.nearby.total > data.nearby.items.length ? `, les ${formatInteger(data.nearby.items.length)} plus récentes` : ''})
        </Title>
        <SalesTable rows={data.nearby.items} label="Tableau des ventes voisines" onSelect={(t) => setSale(t.id)} />
      </Card>

      <Card withBorder radius="md" padding="lg" component="section" aria-label="Loyers de référence">
        <Title order={2} fz="h4" mb="xs">
          Loyers de référence
        </Title>
        {data.rents.length && data.commune ? (
          <RentReferencesTable references={data.rents} commune={data.commune.nom} />
        ) : (
          <Text c="dimmed">
            Pas de loyer de référence pour {data.commune ? data.commune.nom : 'ce point'}.{' '}
            <ImportHint source="loyers" departement={departementOfCodes(data.commune ? [data.commune.insee] : [])} />
          </Text>
        )}
      </Card>

      {data.commune ? (
        <Card withBorder radius="md" padding="lg" component="section" aria-label="Risques">
          <PointRisks point={{ lat: data.point.lat, lon: data.point.lon, insee: data.commune.insee }} />
        </Card>
      ) : null}

      <AddressAnalysisDpeCopros data={data} />
      <MutationDrawer id={sale} selection={selection} onClose={() => setSale(null)} />
    </Stack>
  );
}
