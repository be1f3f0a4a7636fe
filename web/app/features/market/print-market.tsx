/** The printed market report (A4): agency header, the same report as /pro/analysemarche, its section map, the signature. */
import { formatDate } from '@immoloupe/shared/format';
import { marketAnalysisResponseSchema } from '@immoloupe/shared/market/contracts';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '~/lib/api';
import { analysisQuery } from './market-analysis';
import { MarketReport } from './market-report';
import { PrintedSectionsMap } from './print-market-map';
import { AgencyHeader, ReportReady, SignatureBlock, SourcesFooter, useAgency } from './print-parts';

export function PrintedMarketReport({ params }: { params: URLSearchParams }) {
  const agency = useAgency();
  const query = analysisQuery(params);
  const q = useQuery({
    queryKey: ['market', 'analysis', query],
    queryFn: ({ signal }) => apiFetch(`/api/market/analysis?${query}`, marketAnalysisResponseSchema, { signal }),
    enabled: Boolean(query),
  });
  const data = q.data ?? null;
  const error = !query
    ? 'Zone manquante\u00a0: ouvrez cette page depuis l’analyse de marché.'
    : q.error
      ? q.error instanceof ApiError
        ? (q.error.issues[0]?.message ?? q.error.message)
        : 'L’analyse n’a pas pu être chargée.'
      : null;

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
