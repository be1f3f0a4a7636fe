/** The analysis of a listing: €/m² against the DVF medians, estimate and gap, rent reference or yield, candidates, DPE. */
import { formatDate, formatEstimate, formatEuros, formatEurosPerSquareMetre, formatInteger, formatSurface } from '@immoloupe/shared/format';
import type { ListingAnalysis, ListingFields } from '@immoloupe/shared/listings/store.logic';
import { departementOfCodes } from '@immoloupe/shared/opendata/import-hint';
import { Alert, Anchor, Badge, Card, Grid, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DPE_CREDIT } from '~/features/map/attributions';
import { PropertyRentCard } from '~/features/rents/property-rent';
import { localisationHref } from './api';
import { CANDIDATES_LEGEND } from './candidates-legend';
import { CandidatesList, scoreColor } from './candidates-list';
import { NegotiationMargin } from './negotiation-margin';
import { PointMap } from './point-map';
import { noEstimateLabel, pricePerM2Label, verdictsDisagreeLabel } from './price-labels';

export const POSITION_LABELS = { dessous: 'Sous le marché', aligne: 'Dans le marché', dessus: 'Au-dessus du marché' } as const;
export const POSITION_COLORS = { dessous: '#2b8a3e', aligne: '#1971c2', dessus: '#c92a2a' } as const;
/** A listing with no median to compare with (a rent, or too few sales). */
export const NO_COMPARISON_COLOR = '#868e96';

/** No DPE class read: saying « no ban » would be advice the listing does not support. */
export const RENTAL_BAN_UNKNOWN =
  'Étiquette DPE absente de l’annonce\u00a0: vérifiez-la avant toute mise en location (classe G interdite depuis le 01/01/2025, F à partir du 01/01/2028, E à partir du 01/01/2034).';

/** The analysis `a` of the listing whose fields are `fields` (a rent is compared per month, not priced). */
export function AnalysisView({ a, fields }: { a: ListingAnalysis; fields: ListingFields }) {
  const price = fields.transaction === 'vente' ? fields.price : null;
  const localisation = localisationHref(fields);
  const disagree = price && a.estimate ? verdictsDisagreeLabel(a.position, price, a.estimate.value) : null;
  const points = a.candidates
    .filter((c) => c.lat !== null && c.lon !== null)
    .map((c, i) => ({
      id: c.dpeNumber ?? c.address,
      lat: c.lat as number,
      lon: c.lon as number,
      color: scoreColor(c.score),
      label: String(i + 1),
    }));
  return (
    <Stack gap="md" role="region" aria-label="Analyse de l’annonce">
      {a.notes.map((n) => (
        <Alert key={n} color="gray">
          {n}
        </Alert>
      ))}
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder>
            <Title order={3}>{fields.transaction === 'location' ? 'Loyer au m²' : 'Prix au m²'}</Title>
            <Text size="xl" fw={700} data-testid="prix-m2">
              {a.pricePerM2 !== null
                ? pricePerM2Label(a.pricePerM2, fields.transaction)
                : a.transaction === 'inconnue'
                  ? 'Vente ou location à préciser'
                  : fields.transaction === 'location'
                    ? 'Loyer ou surface absent'
                    : 'Prix ou surface absent'}
            </Text>
            {a.position && (
              <Badge variant="outline" color={POSITION_COLORS[a.position]}>
                {POSITION_LABELS[a.position]}
              </Badge>
            )}
            {a.period && (
              <Text size="sm" c="dimmed">
                Ventes DVF du {formatDate(a.period.from)} au {formatDate(a.period.to)}, même type de bien.
              </Text>
            )}
            <Table mt="xs" aria-label="Médianes DVF">
              <Table.Tbody>
                {a.market.map((m) => (
                  <Table.Tr key={m.label}>
                    <Table.Td>{m.label}</Table.Td>
                    <Table.Td>{m.median !== null ? formatEurosPerSquareMetre(m.median) : 'Pas assez de ventes'}</Table.Td>
                    <Table.Td>{`${formatInteger(m.count)} vente${m.count > 1 ? 's' : ''}`}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder>
            <Title order={3}>Estimation par comparables</Title>
            {a.estimate ? (
              <Stack gap={4}>
                <Text size="xl" fw={700}>
                  {formatEstimate(a.estimate.value)}
                </Text>
                <Text size="sm">
                  Fourchette {formatEstimate(a.estimate.low)} – {formatEstimate(a.estimate.high)}, sur {formatInteger(a.estimate.count)}{' '}
                  ventes comparables.
                </Text>
                {a.gap && price ? <NegotiationMargin price={price} estimate={a.estimate.value} /> : null}
                {disagree && (
                  <Text size="sm" c="dimmed" data-testid="ecart-explique">
                    {disagree}
                  </Text>
                )}
              </Stack>
            ) : (
              <Text data-testid="sans-estimation">{noEstimateLabel(a, fields)}</Text>
            )}
          </Card>
        </Grid.Col>
        {a.rent?.reference && (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <PropertyRentCard rent={a.rent} priceLabel="au prix demandé" />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder>
            <Title order={3}>DPE et location</Title>
            <Text>
              {a.rentalBan.kind === 'unknown'
                ? RENTAL_BAN_UNKNOWN
                : a.rentalBan.kind === 'none'
                  ? `DPE ${fields.dpeClass ?? ''}\u00a0: pas d’interdiction de louer prévue par la loi Climat et résilience.`
                  : a.rentalBan.kind === 'banned'
                    ? `Logement interdit à la location (nouveau bail) depuis le ${formatDate(a.rentalBan.date ?? '')}.`
                    : `Interdit à la location (nouveau bail) à partir du ${formatDate(a.rentalBan.date ?? '')}.`}
            </Text>
          </Card>
        </Grid.Col>
      </Grid>
      {a.comparables.length > 0 && (
        <Card withBorder>
          <Title order={3}>Ventes comparables</Title>
          <Table aria-label="Ventes comparables">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Adresse</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Prix</Table.Th>
                <Table.Th>Surface</Table.Th>
                <Table.Th>€/m²</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {a.comparables.map((c) => (
                <Table.Tr key={`${c.address}-${c.date}-${c.price}`}>
                  <Table.Td>{c.address}</Table.Td>
                  <Table.Td>{formatDate(c.date)}</Table.Td>
                  <Table.Td>{formatEuros(c.price)}</Table.Td>
                  <Table.Td>{formatSurface(c.surface)}</Table.Td>
                  <Table.Td>{formatEurosPerSquareMetre(c.pricePerM2)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
      <Group justify="space-between" align="baseline">
        <Title order={3}>Localisation par le DPE</Title>
        {localisation && (
          <Anchor component={Link} to={localisation} size="sm">
            Affiner les valeurs dans la localisation automatique
          </Anchor>
        )}
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <CandidatesList candidates={a.candidates} departement={departementOfCodes(a.commune ? [a.commune.insee] : [])} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          {points.length > 0 ? (
            <PointMap
              points={points}
              label="Carte des adresses candidates"
              numbered
              legend={CANDIDATES_LEGEND}
              height={360}
              credit={DPE_CREDIT}
            />
          ) : null}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
