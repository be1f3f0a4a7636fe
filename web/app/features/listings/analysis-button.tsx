/** « Analyser »: the analysis of one listing's fields, fetched on the first click, in a window. */
import type { ListingAnalysis, ListingFields } from '@immoloupe/shared/listings/store.logic';
import { Alert, Button, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '~/lib/api';
import { AnalysisView } from './analysis-view';
import { analyseListing } from './api';

export function AnalysisButton({ fields, title, label = 'Analyser' }: { fields: ListingFields; title: string; label?: string }) {
  const [open, setOpen] = useState(false);
  const [analysis, setAnalysis] = useState<ListingAnalysis | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const analyse = async () => {
    setOpen(true);
    if (analysis || busy) return;
    setBusy(true);
    setError(null);
    try {
      setAnalysis(await analyseListing(fields));
    } catch (e) {
      setError(e instanceof ApiError ? (e.issues[0]?.message ?? e.message) : 'L’analyse a échoué.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="xs" variant="default" onClick={analyse}>
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={title} size="xl">
        {busy && <Text>Analyse en cours…</Text>}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {analysis && <AnalysisView a={analysis} fields={fields} />}
      </Modal>
    </>
  );
}
