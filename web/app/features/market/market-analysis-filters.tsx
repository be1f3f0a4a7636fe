/**
 * The settings card of the market analysis: the zone, then period, types and natures, how the
 * period was chosen, and the printable version and PDF of exactly what is on screen.
 */
import { NBSP } from '@immoloupe/shared/format';
import { NATURE_LABELS, PROPERTY_TYPES, STAT_NATURES } from '@immoloupe/shared/market/dvf';
import { Button, Card, Checkbox, Grid, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DateField } from '~/components/date-field';
import { GroupLabel } from '~/components/group-label';
import { TYPE_PLURALS } from './labels';
import { MarketAnalysisZone, type MarketAnalysisZoneProps } from './market-analysis-zone';
import { PeriodNote } from './period-note';
import type { MarketAnalysisState } from './use-market-analysis';

type MarketAnalysisFiltersProps = MarketAnalysisZoneProps &
  Pick<MarketAnalysisState, 'from' | 'to' | 'types' | 'natures' | 'toggle' | 'shown' | 'printQuery' | 'pdfAvailable'>;

export function MarketAnalysisFilters(props: MarketAnalysisFiltersProps) {
  const { from, to, types, natures, toggle, shown, printQuery, pdfAvailable, update } = props;
  return (
    <Card withBorder radius="md" padding="lg" className="no-print">
      <Stack gap="sm">
        <MarketAnalysisZone {...props} />
        <Grid>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <DateField label="Du" value={from} maxDate={to || undefined} onChange={(iso) => iso && update({ from: iso, to })} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <DateField label="Au" value={to} minDate={from || undefined} onChange={(iso) => iso && update({ from, to: iso })} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 3 }} role="group" aria-labelledby="analyse-types">
            <GroupLabel id="analyse-types">Types</GroupLabel>
            {PROPERTY_TYPES.map((t) => (
              <Checkbox key={t} label={TYPE_PLURALS[t]} checked={types.includes(t)} onChange={() => toggle(types, t, 'types')} mt={4} />
            ))}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 3 }} role="group" aria-labelledby="analyse-natures">
            <GroupLabel id="analyse-natures">Natures de mutation</GroupLabel>
            {STAT_NATURES.map((n) => (
              <Checkbox
                key={n}
                label={NATURE_LABELS[n]}
                checked={natures.includes(n)}
                onChange={() => toggle(natures, n, 'natures')}
                mt={4}
              />
            ))}
          </Grid.Col>
        </Grid>
        {shown && <PeriodNote data={shown} onReset={() => update({ from: null, to: null })} />}
        {printQuery && (
          <Group>
            <Button component={Link} to={`/pdf/printanalysemarche?${printQuery}`} target="_blank" variant="light">
              Version imprimable
            </Button>
            {pdfAvailable ? (
              <Button component="a" href={`/api/reports/market.pdf?${printQuery}`} variant="light" download>
                Télécharger le PDF
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                PDF côté serveur indisponible (Chromium absent){NBSP}: utilisez la version imprimable et «{NBSP}Enregistrer au format PDF
                {NBSP}».
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
