/**
 * The market analysis tool (/pro/analysemarche): a zone (communes, a cadastral section, or a radius
 * around an address), a period, types and natures → the market report, with the median €/m² by
 * section on a map. Every setting lives in the URL; print and PDF use the same query.
 *
 * The state lives in `use-market-analysis.ts`; this file only lays the pieces out.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { Busy } from '~/components/busy';
import { MarketAnalysisFilters } from './market-analysis-filters';
import { MarketAnalysisMap } from './market-analysis-map';
import { MarketReport } from './market-report';
import { useMarketAnalysis } from './use-market-analysis';

// Importers (the printed report and the page URL tests among them) know the query builder by this module.
export { analysisQuery } from './use-market-analysis';

export function MarketAnalysisTool() {
  const m = useMarketAnalysis();
  return (
    <Stack gap="lg">
      <MarketAnalysisFilters {...m} />

      {!m.query && <Text c="dimmed">Choisissez une zone pour lancer l’analyse.</Text>}
      {m.error && (
        <Alert color="red" role="alert">
          {m.error}
        </Alert>
      )}
      {m.loading && <Busy label="Analyse en cours" />}

      {/* A zone being chosen anew: the previous zone's report is not shown under « Choisissez une zone ». */}
      <MarketAnalysisMap data={m.query ? m.data : null} onMapReady={m.onMapReady} />

      {m.query && m.data && <MarketReport data={m.data} />}
    </Stack>
  );
}
