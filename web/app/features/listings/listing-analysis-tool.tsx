/**
 * /pro/analyseannonce: paste a listing's URL, page source or text → the fields read (editable) →
 * the analysis → « Enregistrer dans Mes annonces ». A portal that blocks the server's fetch gives
 * its French message and the person pastes the text instead.
 */
import { PORTAL_LABELS, PORTALS, type Portal } from '@immoloupe/shared/listings/contracts';
import { type ListingAnalysis, type ListingFields, savedMessage } from '@immoloupe/shared/listings/store.logic';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Busy } from '~/components/busy';
import { Select } from '~/components/select';
import { ApiError } from '~/lib/api';
import { AnalysisView } from './analysis-view';
import { analyseListing, parseListingInput, readPaste, saveListing } from './api';
import { fieldsOf, ListingFieldsForm } from './listing-fields-form';
import { ListingPlaceField } from './listing-place-field';
import { TransactionQuestion, UnreadFields } from './transaction-question';

const message = (e: unknown, fallback: string) => (e instanceof ApiError ? (e.issues[0]?.message ?? e.message) : fallback);

export function ListingAnalysisTool() {
  const [paste, setPaste] = useState('');
  const [portal, setPortal] = useState<Portal | null>(null);
  const [fields, setFields] = useState<ListingFields | null>(null);
  const [sources, setSources] = useState<Record<string, string>>({});
  const [analysis, setAnalysis] = useState<ListingAnalysis | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'lecture' | 'analyse' | 'enregistrement' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  async function read() {
    setError(null);
    setSaved(null);
    setAnalysis(null);
    setBusy('lecture');
    try {
      const listing = await parseListingInput({ ...readPaste(paste), ...(portal ? { portal } : {}) });
      const read = fieldsOf(listing);
      setFields(read.fields);
      setSources(read.sources);
      await analyse(read.fields);
    } catch (e) {
      setError(message(e, 'La lecture de l’annonce a échoué.'));
    } finally {
      setBusy(null);
    }
  }

  async function analyse(f: ListingFields) {
    setBusy('analyse');
    setError(null);
    try {
      setAnalysis(await analyseListing(f));
    } catch (e) {
      setError(message(e, 'L’analyse a échoué.'));
    } finally {
      setBusy(null);
    }
  }

  async function save() {
    if (!fields) return;
    setBusy('enregistrement');
    try {
      const r = await saveListing(fields);
      setSaved(savedMessage(r));
    } catch (e) {
      setError(message(e, 'L’enregistrement a échoué.'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="md">
      <Card withBorder>
        <Stack gap="sm">
          <Textarea
            label="Lien, code source ou texte de l’annonce"
            description="Collez le lien de l’annonce (son adresse web) ; si le portail bloque sa lecture, ouvrez l’annonce et collez son texte (Ctrl+A, Ctrl+C) ou son code source (Ctrl+U)."
            autosize
            minRows={3}
            maxRows={10}
            value={paste}
            onChange={(e) => setPaste(e.currentTarget.value)}
          />
          <Group align="end">
            <Select
              label="Portail (pour un texte collé)"
              clearable
              value={portal}
              onChange={(v) => setPortal(v as Portal | null)}
              data={PORTALS.map((p) => ({ value: p, label: PORTAL_LABELS[p] }))}
            />
            <Button onClick={read} disabled={!paste.trim() || busy !== null}>
              Lire l’annonce
            </Button>
            {busy && <Busy size="sm" />}
          </Group>
        </Stack>
      </Card>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {fields && (
        <Card withBorder>
          <Stack gap="sm">
            <Title order={2}>Champs lus</Title>
            <TransactionQuestion
              fields={fields}
              onAnswer={(f) => {
                setFields(f);
                void analyse(f);
              }}
            />
            <UnreadFields fields={fields} sources={sources} />
            <ListingFieldsForm value={fields} sources={sources} onChange={setFields} />
            <ListingPlaceField
              fields={fields}
              readFromPage={Boolean(sources.lat)}
              onPlace={(f) => {
                setFields(f);
                void analyse(f);
              }}
            />
            <Group>
              <Button variant="outline" onClick={() => analyse(fields)} disabled={busy !== null}>
                Relancer l’analyse
              </Button>
              <Button onClick={save} disabled={busy !== null}>
                Enregistrer dans Mes annonces
              </Button>
            </Group>
            {saved && (
              <Alert color="green" role="status">
                {saved}{' '}
                <Anchor component={Link} to="/pro/mesannonces">
                  Voir Mes annonces
                </Anchor>
              </Alert>
            )}
          </Stack>
        </Card>
      )}
      {analysis && fields && <AnalysisView a={analysis} fields={fields} />}
      {!fields && !error && (
        <Text c="dimmed">Portails lus : leboncoin, SeLoger, PAP, Bien’ici, Logic-Immo, ParuVendu, Le Figaro Immobilier, Orpi.</Text>
      )}
    </Stack>
  );
}
