/** The printed market report (A4): agency header, the same report as /pro/analysemarche, its section map, the signature. */
import { formatDate } from '@immoloupe/shared/format';
import { type MarketAnalysis, marketAnalysisResponseSchema } from '@immoloupe/shared/market/contracts';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api';
import { analysisQuery } from './market-analysis';
import { MarketReport } from './market-report';
import { PrintedSectionsMap } from './print-market-map';
import { AgencyHeader, ReportReady, SignatureBlock, SourcesFooter, useAgency } from './print-parts';

export function PrintedMarketReport({ params }: { params: URLSearchParams }) {
  const agency = useAgency();
  const [data, setData] = useState<MarketAnalysis | null>(null);
  const [error, setError] = useState<string | null>(null);
  const query = analysisQuery(params);

  useEffect(() => {
    if (!query) {
      setError('Zone manquante\u00a0: ouvrez cette page depuis l’analyse de marché.');
      return;
    }
    apiFetch(`/api/market/analysis?${query}`, marketAnalysisResponseSchema)
      .then(setData)
      .catch((err: unknown) =>
        setError(err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'L’analyse n’a pas pu être chargée.'),
      );
  }, [query]);

  if (error) return <Alert color="red">{error}</Alert>;
  if (!data || agency === undefined) return <Text>Chargement du rapport…</Text>;
  return (
    <ReportReady ready>
      <Group className="no-print" mb="sm">
        <Button onClick={() => window.print()} size="xs">
          Imprimer ou enregistrer en PDF
        </Button>
      </Group>
      <AgencyHeader
        agency={agency}
        title="Analyse de marché"
        subtitle={`${data.zone.label} — du ${formatDate(data.from)} au ${formatDate(data.to)}`}
      />
      <MarketReport data={data} print />
      <PrintedSectionsMap data={data} />
      <div className="report-end">
        <SignatureBlock agency={agency} date={new Date()} />
        <SourcesFooter lastMutationDate={data.freshness.lastMutationDate} />
      </div>
    </ReportReady>
  );
}
