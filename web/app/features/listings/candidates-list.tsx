/** The localisation candidates: score, address, reasons, and a link to the address analysis. */
import type { LocalisationCandidate } from '@immoloupe/shared/listings/localisation.logic';
import { addressAnalysisUrl } from '@immoloupe/shared/market/address-contracts';
import { Anchor, Badge, Card, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ImportHint } from '~/components/import-hint';

/**
 * Below this note the best DPE differs from the listing beyond rounding on a value, or by far on the
 * surface: none is the listing's own DPE but by chance, and the page says so.
 */
const WEAK_SCORE = 10;

/** A colour per likelihood; the address the listing writes, with no DPE to score, in blue. */
export function scoreColor(score: number | null): string {
  if (score === null) return '#1c7ed6';
  return score >= 80 ? '#2b8a3e' : score >= 50 ? '#e67700' : '#868e96';
}

export function CandidatesList({
  candidates,
  departement = null,
}: {
  candidates: readonly LocalisationCandidate[];
  /** The listing's département, when known: named in the hint on missing DPE. */
  departement?: string | null;
}) {
  if (candidates.length === 0) {
    return (
      <Text>
        Aucun DPE de la zone ne correspond à ces valeurs. Vérifiez le code postal et les valeurs lues. Les DPE du département ne sont
        peut-être pas encore importés. <ImportHint source="dpe" departement={departement} />
      </Text>
    );
  }
  return (
    <Stack gap="sm" role="region" aria-label="Adresses candidates">
      <Text size="sm" c="dimmed">
        La vraisemblance dit à quel point ce DPE explique les valeurs de l’annonce (surface, consommation, émissions, étiquettes)
        {'\u00a0'}: ce n’est pas une certitude, vérifiez sur place. Les adresses sont classées sur l’ensemble de leurs DPE{'\u00a0'}:
        plusieurs logements proches des valeurs à une même adresse la placent devant un DPE isolé mieux noté.
      </Text>
      {Math.max(0, ...candidates.map((c) => c.score ?? 0)) < WEAK_SCORE && (
        <Text size="sm">
          Aucun DPE du secteur ne reprend exactement ces valeurs (DPE de l’annonce absent des données importées, refait ou mal recopié) :
          voici les plus proches.
        </Text>
      )}
      {candidates.map((c, i) => (
        <Card key={c.dpeNumber ?? c.address} withBorder padding="sm" data-testid="candidat">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>
              {i + 1}. {c.address}
            </Text>
            <Badge variant="outline" color={scoreColor(c.score)} style={{ flexShrink: 0 }}>
              {/* The same words as the browser extension's panel: a likelihood, « < 1 % » rather than « 0 ». */}
              {c.score === null ? 'Adresse de l’annonce' : `Vraisemblance ${c.score < 1 ? '<\u00a01' : Math.round(c.score)}\u00a0%`}
            </Badge>
          </Group>
          <List size="sm">
            {c.reasons.map((r) => (
              <List.Item key={r}>{r}</List.Item>
            ))}
          </List>
          <Group gap="md">
            {c.dpeNumber && (
              <Text size="xs" c="dimmed">
                DPE n° {c.dpeNumber}
              </Text>
            )}
            {c.lat !== null && c.lon !== null && (
              <Anchor component={Link} to={addressAnalysisUrl({ lat: c.lat, lon: c.lon, address: c.address })} size="sm">
                Ouvrir dans l’analyse d’adresse
              </Anchor>
            )}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
