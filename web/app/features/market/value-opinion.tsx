/**
 * The value opinion tool (/pro/avisdevaleur): the subject property → comparables chosen by
 * METHODOLOGY §2 with every widening step shown; the agent removes or adds comparables and the
 * estimate is recomputed at once by the server; the agent's adjustment and comment; save, print
 * and PDF download; the saved opinions.
 */
import { formatDate, formatEuros, formatEurosPerSquareMetre, formatSurface, NBSP } from '@immoloupe/shared/format';
import {
  adjustedValue,
  type ComparableDto,
  DPE_CLASSES,
  type EstimateResponse,
  estimateResponseSchema,
  opinionSummarySchema,
  type SavedOpinion,
  SUBJECT_TYPES,
  type Subject,
  savedOpinionSchema,
} from '@immoloupe/shared/market/estimate-contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Grid,
  Group,
  List,
  NumberInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { DateField } from '~/components/date-field';
import { Select } from '~/components/select';
import { boundsOf, SALES_SOURCE, SUBJECT_SOURCE, salesLayers, subjectLayers } from '~/features/map/layers';
import { MapView } from '~/features/map/map-view';
import { ApiError, apiFetch, csrfToken } from '~/lib/api';
import { AddressSearch, type PickedAddress } from './address-search';
import { distanceLabel, labelled, salesCount, stepLabel, typeLabel } from './labels';

type FormState = {
  address: PickedAddress | null;
  addressText: string;
  type: Subject['type'];
  surface: number | '';
  rooms: number | '';
  landSurface: number | '';
  dpe: string | null;
  notes: string;
  asOf: string;
};

function subjectOf(f: FormState): Subject | string {
  if (!f.address) return 'Choisissez l’adresse dans la liste des suggestions.';
  if (f.surface === '' || f.surface <= 0) return 'Indiquez la surface habitable.';
  return {
    label: f.address.label,
    lon: f.address.lon,
    lat: f.address.lat,
    insee: f.address.insee,
    type: f.type,
    surface: Number(f.surface),
    rooms: f.rooms === '' ? null : Number(f.rooms),
    landSurface: f.landSurface === '' ? null : Number(f.landSurface),
    dpe: (f.dpe as Subject['dpe']) ?? null,
    notes: f.notes,
  };
}

function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.issues[0]?.message ?? err.message;
  return fallback;
}

function ComparablesMap({ result }: { result: EstimateResponse }) {
  const map = useRef<MapLibreMap | null>(null);
  const data = useMemo(
    () => ({
      subject: {
        type: 'FeatureCollection' as const,
        features: [
          {
            type: 'Feature' as const,
            properties: {},
            geometry: { type: 'Point' as const, coordinates: [result.subject.lon, result.subject.lat] },
          },
        ],
      },
      sales: {
        type: 'FeatureCollection' as const,
        features: result.comparables.map((c) => ({
          type: 'Feature' as const,
          properties: { id: c.id, ppm2: c.pricePerM2 },
          geometry: { type: 'Point' as const, coordinates: [c.lon, c.lat] },
        })),
      },
    }),
    [result],
  );
  const fit = useCallback(
    (m: MapLibreMap) => {
      const b = boundsOf([[result.subject.lon, result.subject.lat], ...result.comparables.map((c) => [c.lon, c.lat] as [number, number])]);
      if (b) m.fitBounds(b, { padding: 32, duration: 0, maxZoom: 17 });
    },
    [result],
  );
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    (m.getSource(SALES_SOURCE) as { setData?: (d: unknown) => void } | undefined)?.setData?.(data.sales);
    (m.getSource(SUBJECT_SOURCE) as { setData?: (d: unknown) => void } | undefined)?.setData?.(data.subject);
    fit(m);
  }, [data, fit]);
  return (
    <MapView
      label="Carte du bien et des comparables"
      center={[result.subject.lon, result.subject.lat]}
      zoom={15}
      height={320}
      onReady={(m) => {
        map.current = m;
        m.addSource(SALES_SOURCE, { type: 'geojson', data: data.sales });
        for (const layer of salesLayers(SALES_SOURCE)) m.addLayer(layer as Parameters<MapLibreMap['addLayer']>[0]);
        m.addSource(SUBJECT_SOURCE, { type: 'geojson', data: data.subject });
        for (const layer of subjectLayers()) m.addLayer(layer as Parameters<MapLibreMap['addLayer']>[0]);
        fit(m);
      }}
    />
  );
}

function ComparablesTable({ rows, action }: { rows: ComparableDto[]; action: (c: ComparableDto) => { label: string; run: () => void } }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Adresse</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Prix</Table.Th>
            <Table.Th ta="right">Surface</Table.Th>
            <Table.Th ta="right">Pièces</Table.Th>
            <Table.Th ta="right">Prix au m²</Table.Th>
            <Table.Th ta="right">Distance</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => {
            const a = action(c);
            return (
              <Table.Tr key={c.id}>
                <Table.Td>
                  {c.address || 'Adresse non publiée'}, {c.commune} {c.added && <Badge size="xs">ajouté</Badge>}
                </Table.Td>
                <Table.Td>{formatDate(c.date)}</Table.Td>
                <Table.Td ta="right">{formatEuros(c.price)}</Table.Td>
                <Table.Td ta="right">{formatSurface(c.surface)}</Table.Td>
                <Table.Td ta="right">{c.rooms ?? '—'}</Table.Td>
                <Table.Td ta="right">{formatEurosPerSquareMetre(c.pricePerM2)}</Table.Td>
                <Table.Td ta="right">{distanceLabel(c.distanceM)}</Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="light" onClick={a.run} aria-label={`${a.label} : ${c.address}, ${formatDate(c.date)}`}>
                    {a.label}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ValueOpinionTool() {
  const [params, setParams] = useSearchParams();
  const savedId = params.get('id');
  const [form, setForm] = useState<FormState>({
    address: null,
    addressText: '',
    type: 'appartement',
    surface: '',
    rooms: '',
    landSurface: '',
    dpe: null,
    notes: '',
    // Empty: the server searches up to the newest sale imported for the commune.
    asOf: '',
  });
  const [excluded, setExcluded] = useState<string[]>([]);
  const [added, setAdded] = useState<string[]>([]);
  const [result, setResult] = useState<EstimateResponse | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [adjustment, setAdjustment] = useState<number | ''>(0);
  const [comment, setComment] = useState('');
  const [saved, setSaved] = useState<SavedOpinion | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [list, setList] = useState<z.infer<typeof opinionSummarySchema>[]>([]);
  const [pdfAvailable, setPdfAvailable] = useState<boolean | null>(null);

  const loadList = useCallback(async () => {
    try {
      setList(await apiFetch('/api/estimates/saved', z.array(opinionSummarySchema)));
    } catch {
      // The list is a convenience; the tool works without it.
    }
  }, []);

  useEffect(() => {
    void loadList();
    apiFetch('/api/reports/status', z.object({ pdf: z.boolean() }))
      .then((s) => setPdfAvailable(s.pdf))
      .catch(() => setPdfAvailable(false));
  }, [loadList]);

  // Opening a saved opinion (?id=…): its subject, edits, adjustment and comment come back.
  useEffect(() => {
    if (!savedId) return;
    apiFetch(`/api/estimates/saved/${savedId}`, savedOpinionSchema)
      .then((o) => {
        const s = o.result.subject;
        setSaved(o);
        setResult(o.result);
        setExcluded(o.result.excluded);
        setAdded(o.result.added);
        setAdjustment(o.adjustmentPct);
        setComment(o.comment);
        setForm({
          address: { label: s.label, lon: s.lon, lat: s.lat, insee: s.insee, idParcelle: null },
          addressText: s.label,
          type: s.type,
          surface: s.surface,
          rooms: s.rooms ?? '',
          landSurface: s.landSurface ?? '',
          dpe: s.dpe,
          notes: s.notes,
          asOf: o.result.asOf,
        });
      })
      .catch((err: unknown) => setError(messageOf(err, 'L’avis de valeur n’a pas pu être chargé.')));
  }, [savedId]);

  const estimate = useCallback(
    async (next: { excluded: string[]; added: string[] }) => {
      const subject = subjectOf(form);
      if (typeof subject === 'string') {
        setError(subject);
        return;
      }
      setPending(true);
      setError(null);
      try {
        const r = await apiFetch('/api/estimates', estimateResponseSchema, {
          method: 'POST',
          body: JSON.stringify({ subject, asOf: form.asOf || undefined, excluded: next.excluded, added: next.added }),
        });
        setResult(r);
        setExcluded(next.excluded);
        setAdded(next.added);
      } catch (err) {
        setError(messageOf(err, 'L’estimation a échoué.'));
      } finally {
        setPending(false);
      }
    },
    [form],
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    void estimate({ excluded: [], added: [] });
  }

  async function save() {
    const subject = subjectOf(form);
    if (typeof subject === 'string') return setError(subject);
    setNotice(null);
    try {
      const body = JSON.stringify({
        subject,
        asOf: form.asOf || undefined,
        excluded,
        added,
        adjustmentPct: adjustment === '' ? 0 : adjustment,
        comment,
      });
      const o = saved
        ? await apiFetch(`/api/estimates/saved/${saved.id}`, savedOpinionSchema, { method: 'PUT', body })
        : await apiFetch('/api/estimates/saved', savedOpinionSchema, { method: 'POST', body });
      if (photo) {
        const res = await fetch(`/api/estimates/saved/${o.id}/photo`, {
          method: 'PUT',
          headers: { 'content-type': photo.type || 'application/octet-stream', 'x-csrf-token': csrfToken() },
          body: photo,
          credentials: 'same-origin',
        });
        if (!res.ok)
          setError(((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? 'La photo n’a pas été enregistrée.');
      }
      setSaved(o);
      setResult(o.result);
      setNotice('Avis de valeur enregistré.');
      if (!savedId) setParams({ id: o.id }, { replace: true });
      await loadList();
    } catch (err) {
      setError(messageOf(err, 'L’enregistrement a échoué.'));
    }
  }

  const finalValue = result?.estimate ? adjustedValue(result.estimate.value, adjustment === '' ? 0 : adjustment) : null;
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg" component="section" aria-label="Le bien à estimer">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Title order={2} fz="h4">
              Le bien à estimer
            </Title>
            <AddressSearch
              value={form.addressText}
              onPick={(a, text) =>
                setForm((f) => ({ ...f, address: a ?? (f.address?.label === text ? f.address : null), addressText: text }))
              }
            />
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Text size="sm" fw={500} mb={4} id="type-bien">
                  Type de bien
                </Text>
                <SegmentedControl
                  aria-labelledby="type-bien"
                  value={form.type}
                  onChange={(v) => set('type', v as Subject['type'])}
                  data={SUBJECT_TYPES.map((t) => ({ value: t, label: typeLabel(t) }))}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <NumberInput
                  label="Surface habitable (m²)"
                  value={form.surface}
                  onChange={(v) => set('surface', v === '' ? '' : Number(v))}
                  min={5}
                  max={2000}
                  required
                  decimalSeparator=","
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <NumberInput
                  label="Pièces principales"
                  value={form.rooms}
                  onChange={(v) => set('rooms', v === '' ? '' : Number(v))}
                  min={0}
                  max={30}
                  allowDecimal={false}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <NumberInput
                  label="Surface du terrain (m²)"
                  value={form.landSurface}
                  onChange={(v) => set('landSurface', v === '' ? '' : Number(v))}
                  min={0}
                  decimalSeparator=","
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <Select
                  label="Classe DPE"
                  value={form.dpe}
                  onChange={(v) => set('dpe', v)}
                  data={[...DPE_CLASSES]}
                  clearable
                  placeholder="Inconnue"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <DateField
                  label="Date de référence"
                  clearable
                  value={form.asOf}
                  onChange={(iso) => set('asOf', iso ?? '')}
                  description={
                    form.asOf
                      ? 'Les ventes postérieures sont ignorées.'
                      : result
                        ? `Vide : dernière vente importée pour la commune (${formatDate(result.asOf)}).`
                        : 'Vide : dernière vente importée pour la commune.'
                  }
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <FileInput
                  label="Photo (facultative)"
                  accept="image/jpeg,image/png,image/webp"
                  value={photo}
                  onChange={setPhoto}
                  clearable
                  placeholder="JPEG, PNG ou WebP"
                />
              </Grid.Col>
            </Grid>
            <Textarea
              label="Notes sur le bien (facultatives)"
              value={form.notes}
              onChange={(e) => set('notes', e.currentTarget.value)}
              maxLength={2000}
              autosize
              minRows={2}
            />
            <Group>
              <Button type="submit" loading={pending}>
                Estimer
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      {error && (
        <Alert color="red" role="alert" title="Impossible d’estimer">
          {error}
        </Alert>
      )}

      {result && (
        <Card withBorder radius="md" padding="lg" component="section" aria-label="Estimation">
          <Stack gap="md">
            <Title order={2} fz="h4">
              Estimation par comparaison
            </Title>
            {result.estimate ? (
              <Grid>
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <Text size="sm" c="dimmed">
                    Valeur estimée (médiane des prix au m² × {formatSurface(result.subject.surface)})
                  </Text>
                  <Text fz={32} fw={700} data-testid="estimate-value">
                    {formatEuros(result.estimate.value)}
                  </Text>
                  <Text>
                    {labelled('Fourchette (P25–P75)', `${formatEuros(result.estimate.low)} à ${formatEuros(result.estimate.high)}`)}
                  </Text>
                  <Text>
                    {labelled('Prix médian', formatEurosPerSquareMetre(result.estimate.pricePerM2.median))} ·{' '}
                    {salesCount(result.estimate.count)} comparables
                  </Text>
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <Group align="flex-end">
                    <NumberInput
                      label="Votre ajustement (%)"
                      value={adjustment}
                      onChange={(v) => setAdjustment(v === '' ? '' : Number(v))}
                      min={-50}
                      max={50}
                      decimalScale={1}
                      decimalSeparator=","
                      w={180}
                    />
                    <Text fw={600} data-testid="final-value">
                      {labelled('Valeur retenue', finalValue === null ? '—' : formatEuros(finalValue))}
                    </Text>
                  </Group>
                  <Textarea
                    label="Votre commentaire (imprimé dans l’avis)"
                    value={comment}
                    onChange={(e) => setComment(e.currentTarget.value)}
                    maxLength={5000}
                    autosize
                    minRows={3}
                    mt="sm"
                  />
                </Grid.Col>
              </Grid>
            ) : (
              <Alert color="yellow" title="Pas assez de ventes comparables">
                Moins de 3 ventes comparables, même après élargissement{NBSP}: la méthode ne donne pas d’estimation. Ajoutez des ventes
                depuis la liste ci-dessous si vous en connaissez de pertinentes.
              </Alert>
            )}

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
                Ventes simples de même type, surface ±20{NBSP}%, pièces ±1, du {formatDate(result.used.from)} au{' '}
                {formatDate(result.used.to)}
                {NBSP}; au plus 8, les plus proches.
              </Text>
            </div>

            <ComparablesMap result={result} />

            <Title order={3} fz="h5">
              Comparables retenus ({result.comparables.length})
            </Title>
            <ComparablesTable
              rows={result.comparables}
              action={(c) => ({
                label: 'Retirer',
                run: () =>
                  void estimate({
                    excluded: c.added ? excluded : [...excluded, c.id],
                    added: added.filter((id) => id !== c.id),
                  }),
              })}
            />
            {result.candidates.length > 0 && (
              <details>
                <summary>Autres ventes similaires à ajouter ({result.candidates.length})</summary>
                <ComparablesTable
                  rows={result.candidates}
                  action={(c) => ({
                    label: 'Ajouter',
                    run: () =>
                      void estimate({
                        excluded: excluded.filter((id) => id !== c.id),
                        added: excluded.includes(c.id) ? added : [...added, c.id],
                      }),
                  })}
                />
              </details>
            )}

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
      )}

      <Text size="sm">
        L’en-tête de vos rapports (nom, coordonnées et logo de l’agence) se règle dans le{' '}
        <Anchor component={Link} to="/pro/template">
          modèle de rapport
        </Anchor>
        .
      </Text>

      <Card withBorder radius="md" padding="lg" component="section" aria-label="Avis de valeur enregistrés">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Avis de valeur enregistrés
          </Title>
          {list.length === 0 ? (
            <Text c="dimmed">Aucun avis enregistré pour l’instant.</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Adresse</Table.Th>
                  <Table.Th>Bien</Table.Th>
                  <Table.Th ta="right">Valeur retenue</Table.Th>
                  <Table.Th>Date</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/pro/avisdevaleur?id=${o.id}`}>
                        {o.label}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {typeLabel(o.type)}, {formatSurface(o.surface)}
                    </Table.Td>
                    <Table.Td ta="right">{o.finalValue === null ? '—' : formatEuros(o.finalValue)}</Table.Td>
                    <Table.Td>{formatDate(o.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
