/**
 * The printed value opinion (A4): agency header, subject (its photo fitted, never cropped),
 * estimate, rent and gross yield, method, the map of the subject and its numbered comparables,
 * comparables, the subject's own earlier sales apart, agent’s adjustment and comment, signature.
 */
import {
  estimateRounding,
  formatDate,
  formatEstimate,
  formatEuros,
  formatEurosPerSquareMetre,
  formatSignedPercent,
  formatSurface,
  NBSP,
  roundEstimate,
} from '@immoloupe/shared/format';
import { staleDataNote } from '@immoloupe/shared/market/comparables.logic';
import { type ComparableDto, savedOpinionSchema } from '@immoloupe/shared/market/estimate-contracts';
import { formatMonthlyRent, formatYield, rentAtValue, rentReferenceLine } from '@immoloupe/shared/rents/rents.logic';
import { Alert, Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PrintedRisks } from '~/features/risks/print-risks';
import { apiFetch } from '~/lib/api';
import { errorText } from '~/lib/query-client';
import { ComparablesMap } from './comparables-map';
import { distanceLabel, labelled, salesCount, stepLabel, typeLabel } from './labels';
import { PrintOpinionFigures } from './print-opinion-figures';
import { AgencyHeader, ReportReady, SignatureBlock, SourcesFooter, Unbroken, useAgency } from './print-parts';
import { PREVIOUS_SALES_NOTE } from './value-opinion-rent';

export function PrintedEstimate({ id }: { id: string | null }) {
  const agency = useAgency();
  const q = useQuery({
    queryKey: ['estimates', 'saved', id],
    queryFn: ({ signal }) => apiFetch(`/api/estimates/saved/${encodeURIComponent(id ?? '')}`, savedOpinionSchema, { signal }),
    enabled: Boolean(id),
  });
  const opinion = q.data ?? null;
  const error = !id
    ? `Aucun avis de valeur indiqué${NBSP}: ouvrez cette page depuis l’avis enregistré.`
    : errorText(q.error, 'L’avis de valeur n’a pas pu être chargé.');

  if (error) return <Alert color="red">{error}</Alert>;
  if (!opinion || agency === undefined) return <Text>Chargement de l’avis de valeur…</Text>;
  const { result } = opinion;
  const s = result.subject;
  const e = result.estimate;
  const stale = staleDataNote(result.asOf, opinion.updatedAt);
  const retained = e ? roundEstimate(opinion.finalValue ?? e.value) : null;
  const rent = result.rent && rentAtValue(result.rent, retained);
  return (
    <ReportReady ready>
      <Group className="no-print" mb="sm">
        <Button onClick={() => window.print()} size="xs">
          Imprimer ou enregistrer en PDF
        </Button>
      </Group>
      <AgencyHeader agency={agency} title="Avis de valeur" subtitle={`${s.label} — établi le ${formatDate(opinion.updatedAt)}`} />
      <section aria-label="Le bien">
        <Title order={2} fz="h4">
          Le bien
        </Title>
        <Group align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ flex: 1 }}>
            <Text>
              Adresse{NBSP}: <Unbroken text={s.label} />
            </Text>
            <Text>
              {labelled('Type', typeLabel(s.type))} ·{' '}
              {labelled(s.type === 'local' ? 'surface bâtie' : 'surface habitable', formatSurface(s.surface))}
              {s.rooms !== null ? ` · ${s.rooms} pièce${s.rooms > 1 ? 's' : ''}` : ''}
            </Text>
            {s.landSurface !== null && <Text>{labelled('Terrain', formatSurface(s.landSurface))}</Text>}
            {s.dpe && <Text>{labelled('Classe énergie (DPE)', s.dpe)}</Text>}
            {s.notes && <Text style={{ whiteSpace: 'pre-line' }}>{s.notes}</Text>}
          </Stack>
          {opinion.hasPhoto && (
            <Image src={`/api/estimates/saved/${opinion.id}/photo`} alt="Photo du bien" w={220} h={165} fit="contain" radius="sm" />
          )}
        </Group>
      </section>
      <section aria-label="Estimation">
        <Title order={2} fz="h4">
          Estimation
        </Title>
        {e ? (
          <Stack gap={2}>
            <Text fz={22} fw={700} data-testid="printed-value">
              {labelled('Valeur retenue', formatEstimate(opinion.finalValue ?? e.value))}
            </Text>
            <Text>
              {labelled('Estimation par comparaison', formatEstimate(e.value))} (médiane {formatEurosPerSquareMetre(e.pricePerM2.median)} ×{' '}
              {formatSurface(s.surface)} = {formatEuros(e.value)}, {estimateRounding(e.value)})
            </Text>
            <Text>{labelled('Fourchette (1er–3e quartile)', `${formatEstimate(e.low)} à ${formatEstimate(e.high)}`)}</Text>
            {opinion.adjustmentPct !== 0 && <Text>{labelled('Ajustement de l’agent', formatSignedPercent(opinion.adjustmentPct))}</Text>}
            <PrintOpinionFigures result={result} />
          </Stack>
        ) : (
          <Text>Pas assez de ventes comparables (moins de 3){NBSP}: pas d’estimation chiffrée.</Text>
        )}
        {opinion.comment && (
          <Text mt="xs" style={{ whiteSpace: 'pre-line' }}>
            {opinion.comment}
          </Text>
        )}
      </section>
      {rent?.reference && rent.monthly && (
        <section aria-label="Loyer et rendement">
          <Title order={2} fz="h4">
            Loyer et rendement
          </Title>
          <Stack gap={2}>
            <Text data-testid="printed-rent">{labelled('Loyer estimé', formatMonthlyRent(rent.monthly))}</Text>
            {rent.grossYield && (
              <Text data-testid="printed-yield">{labelled('Rendement brut à la valeur retenue', formatYield(rent.grossYield))}</Text>
            )}
            <Text size="sm">
              {`${rentReferenceLine(rent.reference)}. Rendement brut = 12 × loyer mensuel / valeur, avant charges, taxes et vacance${NBSP}; loyers d’annonce charges comprises (ANIL, ministère du Logement).`}
            </Text>
          </Stack>
        </section>
      )}
      <section aria-label="Méthode">
        <Title order={2} fz="h4">
          Méthode
        </Title>
        <Text size="sm">
          Méthode par comparaison{NBSP}: ventes DVF d’un seul bien, de même type, surface ±20{NBSP}%
          {s.type === 'local' || s.rooms === null ? '' : ', pièces ±1'}. Échantillon{NBSP}: {salesCount(result.comparables.length)},{' '}
          {result.used.radiusM === null ? 'dans la commune' : `dans un rayon de ${distanceLabel(result.used.radiusM)}`}, du{' '}
          {formatDate(result.used.from)} au {formatDate(result.used.to)}. Élargissements{NBSP}:{' '}
          {result.steps.map((st) => `${stepLabel(st)} → ${salesCount(st.found)}`).join(`${NBSP}; `)}.
        </Text>
        {stale && <Text size="sm">{stale}</Text>}
      </section>
      {result.comparables.length > 0 && (
        <section aria-label="Carte des comparables">
          <Title order={2} fz="h4">
            Carte du bien et des ventes comparables
          </Title>
          <ComparablesMap result={result} print />
        </section>
      )}
      <section aria-label="Comparables" className="breakable">
        <Title order={2} fz="h4">
          Ventes comparables
        </Title>
        <SalesTable rows={result.comparables} numbered />
      </section>
      <PrintedRisks lat={s.lat} lon={s.lon} insee={s.insee} />
      {result.previousSales.length > 0 && (
        <section aria-label="Ventes précédentes de ce bien">
          <Title order={2} fz="h4">
            Ventes précédentes de ce bien
          </Title>
          <Text size="sm">{PREVIOUS_SALES_NOTE}</Text>
          <SalesTable rows={result.previousSales} />
        </section>
      )}
      <div className="report-end">
        <SignatureBlock agency={agency} date={opinion.updatedAt} />
        <Text size="xs" c="dimmed">
          Cet avis de valeur est une estimation statistique fondée sur les ventes publiées{NBSP}; il ne constitue pas une expertise
          immobilière.
        </Text>
        <SourcesFooter />
      </div>
    </ReportReady>
  );
}

function SalesTable({ rows, numbered = false }: { rows: readonly ComparableDto[]; numbered?: boolean }) {
  return (
    <table>
      <thead>
        <tr>
          {numbered && <th className="num">N°</th>}
          <th>Adresse</th>
          <th>Date</th>
          <th className="num">Prix</th>
          <th className="num">Surface</th>
          <th className="num">Pièces</th>
          <th className="num">€/m²</th>
          <th className="num">Distance</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((c, i) => (
          <tr key={c.id}>
            {numbered && <td className="num">{i + 1}</td>}
            <td>
              <Unbroken text={`${c.address || 'Adresse non publiée'}, ${c.commune}`} />
              {c.added ? ' (ajoutée)' : ''}
            </td>
            <td>{formatDate(c.date)}</td>
            <td className="num">{formatEuros(c.price)}</td>
            <td className="num">{formatSurface(c.surface)}</td>
            <td className="num">{c.rooms ?? '—'}</td>
            <td className="num">{formatEurosPerSquareMetre(c.pricePerM2)}</td>
            <td className="num">{distanceLabel(c.distanceM)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
