/**
 * The value opinion's « Estimation » card: the figures, how the comparables were searched, the
 * comparables kept (to remove) and the other similar sales (to add), the rent and yield, the
 * subject's own earlier sales apart, then save, print and PDF.
 */
import { formatDate, NBSP } from '@immoloupe/shared/format';
import type { ComparableDto, EstimateResponse, SavedOpinion } from '@immoloupe/shared/market/estimate-contracts';
import { Alert, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ComparablesMap } from './comparables-map';
import { salesCount, stepLabel } from './labels';
import { ComparablesTable } from './value-opinion-comparables';
import { PreviousSales, ValueOpinionRent } from './value-opinion-rent';
import { ValueOpinionValue } from './value-opinion-value';

export function ValueOpinionEstimate({
  result,
  adjustment,
  setAdjustment,
  finalValue,
  comment,
  setComment,
  remove,
  add,
  saved,
  save,
  pdfAvailable,
  notice,
  pricingFields,
}: {
  result: EstimateResponse;
  adjustment: number | '';
  setAdjustment: (value: number | '') => void;
  finalValue: number | null;
  comment: string;
  setComment: (value: string) => void;
  remove: (c: ComparableDto) => void;
  add: (c: ComparableDto) => void;
  saved: SavedOpinion | null;
  save: () => Promise<void>;
  pdfAvailable: boolean | null;
  notice: string | null;
  /** The asking price, fees and margin, beside the adjustment. */
  pricingFields?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Estimation">
      <Stack gap="md">
        <Title order={2} fz="h4">
          Estimation par comparaison
        </Title>
        <ValueOpinionValue
          result={result}
          adjustment={adjustment}
          setAdjustment={setAdjustment}
          finalValue={finalValue}
          comment={comment}
          setComment={setComment}
          pricingFields={pricingFields}
        />
        <ValueOpinionRent result={result} value={finalValue} />

        <div>
          <Text fw={600}>Recherche des comparables{NBSP}:</Text>
          <List size="sm" data-testid="steps">
            {result.steps.map((s, i) => (
              <List.Item key={`${s.radiusM}-${s.months}`}>
                {stepLabel(s)} → {salesCount(s.found)}
                {i === result.steps.length - 1 ? ' (retenue)' : ''}
              </List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            Ventes simples de même type, surface ±20{NBSP}%, pièces ±1, du {formatDate(result.used.from)} au {formatDate(result.used.to)}
            {NBSP}; au plus 8, les plus proches.
          </Text>
        </div>

        <ComparablesMap result={result} />

        <Title order={3} fz="h5">
          Comparables retenus ({result.comparables.length})
        </Title>
        <ComparablesTable rows={result.comparables} numbered action={(c) => ({ label: 'Retirer', run: () => remove(c) })} />
        {result.candidates.length > 0 && (
          <details>
            <summary>Autres ventes similaires à ajouter ({result.candidates.length})</summary>
            <ComparablesTable rows={result.candidates} action={(c) => ({ label: 'Ajouter', run: () => add(c) })} />
          </details>
        )}
        <PreviousSales result={result} />

        <Group>
          <Button onClick={() => void save()} variant="filled">
            {saved ? 'Mettre à jour l’avis de valeur' : 'Enregistrer l’avis de valeur'}
          </Button>
          {saved && (
            <>
              <Button component={Link} to={`/pdf/printestimationavis?id=${saved.id}`} variant="light" target="_blank">
                Version imprimable
              </Button>
              {pdfAvailable ? (
                <Button component="a" href={`/api/reports/estimates/${saved.id}.pdf`} variant="light" download>
                  Télécharger le PDF
                </Button>
              ) : (
                <Text size="sm" c="dimmed">
                  PDF côté serveur indisponible (Chromium absent sur le serveur){NBSP}: ouvrez la version imprimable puis «{NBSP}
                  Imprimer{NBSP}» → «{NBSP}Enregistrer au format PDF{NBSP}».
                </Text>
              )}
            </>
          )}
        </Group>
        {notice && (
          <Alert color="green" role="status">
            {notice}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
