/**
 * One pool listing (an imported feed's listing) in /pro/listeautomatique and under the listings
 * map: its facts, its €/m² against the local DVF median with the sales behind it, the « Nouveau »
 * mark, its publication date and photo when the feed gives them, its analysis (in a window) and
 * « Enregistrer dans Mes annonces ».
 */
import { formatDate, formatEurosPerSquareMetre, formatInteger, formatPercent, formatSurface } from '@immoloupe/shared/format';
import { PORTAL_LABELS, type Portal } from '@immoloupe/shared/listings/contracts';
import { MIN_MEDIAN_SALES, type PoolListing } from '@immoloupe/shared/listings/search';
import type { ListingFields } from '@immoloupe/shared/listings/store.logic';
import { Alert, Anchor, Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '~/lib/api';
import { AnalysisButton } from './analysis-button';
import { savePoolListing } from './api';
import { priceLabel, pricePerM2Label } from './price-labels';

const errorOf = (e: unknown, fallback: string) => (e instanceof ApiError ? (e.issues[0]?.message ?? e.message) : fallback);

/** The fields the analysis takes, from what the pool holds of the listing. */
export function fieldsOfPool(l: PoolListing): ListingFields {
  const source = l.sources[0];
  return {
    portal: (source?.portal ?? 'leboncoin') as Portal,
    url: source?.url ?? null,
    portalId: source?.portalId ?? null,
    title: l.title,
    transaction: l.transaction,
    propertyType: l.propertyType,
    price: l.price,
    surface: l.surface,
    rooms: l.rooms,
    dpeClass: l.dpeClass,
    postcode: l.postcode,
    city: l.city,
    lat: l.lat,
    lon: l.lon,
  };
}

/** « 12 % sous la médiane de Hendaye (340 ventes) », or why there is no comparison. */
export function marketLine(l: PoolListing): string {
  const m = l.median;
  if (!l.pricePerM2) return 'Pas de prix au m² (prix ou surface absents, ou location).';
  if (!m) return 'Pas de médiane DVF (type de bien autre qu’appartement ou maison, ou commune inconnue).';
  if (m.value === null || m.count < MIN_MEDIAN_SALES)
    return `Trop peu de ventes (${formatInteger(m.count)}) ${m.level === 'section' ? `dans la ${m.label}` : `à ${m.label}`} pour une médiane fiable.`;
  const where = m.level === 'section' ? `de la ${m.label}` : `de ${m.label}`;
  const sales = `${formatInteger(m.count)}\u00a0ventes`;
  if (l.gap === null) return `Médiane ${where}\u00a0: ${formatEurosPerSquareMetre(m.value)} (${sales}).`;
  const side = l.gap < 0 ? 'sous' : 'au-dessus de';
  return `${formatPercent(Math.abs(l.gap))} ${side} la médiane ${where} (${formatEurosPerSquareMetre(m.value)}, ${sales}).`;
}

export function PoolRow({ l, isNew, searches }: { l: PoolListing; isNew?: boolean; searches?: string[] }) {
  const [busy, setBusy] = useState(false);
  const [savedId, setSavedId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const url = l.sources.find((s) => s.url)?.url;

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      setSavedId((await savePoolListing(l.id)).id);
    } catch (e) {
      setError(errorOf(e, 'L’enregistrement a échoué.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder data-testid="annonce-auto">
      <Group align="flex-start" wrap="nowrap" gap="md">
        {l.photoUrl && (
          // The title says what the photo shows: for a screen reader it is decoration.
          <Image src={l.photoUrl} alt="" w={{ base: 88, sm: 140 }} h={{ base: 66, sm: 105 }} fit="cover" radius="sm" loading="lazy" />
        )}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap">
            <Title order={3} size="h4">
              {l.title ?? 'Annonce sans titre'}
            </Title>
            {/* The badges keep their width: a long title wraps instead of cutting « Nouveau ». */}
            <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
              {isNew && <Badge color="orange">Nouveau</Badge>}
              {l.gap !== null && l.gap <= -0.1 && (
                <Badge color="green" variant="light">
                  Bonne affaire
                </Badge>
              )}
            </Group>
          </Group>
          <Text>
            {[
              l.price ? priceLabel(l.price, l.transaction) : null,
              l.surface ? formatSurface(l.surface) : null,
              l.pricePerM2 ? pricePerM2Label(l.pricePerM2, l.transaction) : null,
              l.rooms ? `${l.rooms}\u00a0pièce${l.rooms > 1 ? 's' : ''}` : null,
              l.dpeClass ? `DPE ${l.dpeClass}` : null,
              [l.postcode, l.city].filter(Boolean).join(' '),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Text size="sm" data-testid="ecart-mediane">
            {marketLine(l)}
          </Text>
          <Text size="sm" c="dimmed">
            {l.sources.map((s) => PORTAL_LABELS[s.portal as Portal] ?? s.portal).join(', ')}
            {l.publishedAt ? ` · publiée le ${formatDate(l.publishedAt)}` : ''}
            {searches?.length ? ` · recherche${searches.length > 1 ? 's' : ''}\u00a0: ${searches.join(', ')}` : ''}
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group gap="sm">
            <AnalysisButton fields={fieldsOfPool(l)} title={l.title ?? 'Analyse de l’annonce'} />
            {savedId ? (
              <Anchor component={Link} to="/pro/mesannonces" size="sm">
                Enregistrée dans Mes annonces
              </Anchor>
            ) : (
              <Button size="xs" onClick={save} loading={busy}>
                Enregistrer dans Mes annonces
              </Button>
            )}
            {url && (
              <Anchor href={url} target="_blank" rel="noreferrer noopener" size="sm">
                Voir sur le portail
              </Anchor>
            )}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
