/**
 * The market analysis tool (/pro/analysemarche): a zone (communes, a cadastral section, or a radius
 * around an address), a period, types and natures → the market report, with the median €/m² by
 * section on a map. Every setting lives in the URL; print and PDF use the same query.
 */
import { formatEurosPerSquareMetre, formatInteger, NBSP } from '@immoloupe/shared/format';
import { type MarketAnalysis, marketAnalysisResponseSchema } from '@immoloupe/shared/market/contracts';
import { NATURE_LABELS, PROPERTY_TYPES, STAT_NATURES } from '@immoloupe/shared/market/dvf';
import {
  Alert,
  Autocomplete,
  Button,
  Card,
  Checkbox,
  CloseButton,
  Grid,
  Group,
  Loader,
  Pill,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { DateField } from '~/components/date-field';
import { Select } from '~/components/select';
import { BASEMAP_SOURCE } from '~/features/map/basemap';
import { boundsOf, CHOROPLETH_LAYER, PRICE_STOPS, sectionChoroplethLayer } from '~/features/map/layers';
import { MapView } from '~/features/map/map-view';
import { ApiError, apiFetch } from '~/lib/api';
import { AddressSearch } from './address-search';
import { distanceLabel, TYPE_PLURALS } from './labels';
import { MarketReport } from './market-report';
import { PeriodNote } from './period-note';
import { paintSections } from './section-choropleth';
import { useCommuneSearch } from './use-commune-search';

type ZoneKind = 'communes' | 'section' | 'rayon';
type AnyLayer = Parameters<MapLibreMap['addLayer']>[0];

/**
 * The API query of the page's URL (same parameter names), or null when no zone is chosen yet.
 * Without `from`/`to` the server picks the default period, which ends at the zone's newest sale.
 */
export function analysisQuery(params: URLSearchParams): string | null {
  const q = new URLSearchParams();
  for (const key of ['insee', 'section', 'lat', 'lon', 'radius', 'from', 'to', 'types', 'natures']) {
    const v = params.get(key);
    if (v) q.set(key, v);
  }
  if (!q.get('insee') && !q.get('section') && !(q.get('lat') && q.get('lon') && q.get('radius'))) return null;
  return q.toString();
}

function sectionsGeo(data: MarketAnalysis | null) {
  return {
    type: 'FeatureCollection' as const,
    features: (data?.sections ?? [])
      .filter((s) => s.median !== null)
      .map((s) => ({
        type: 'Feature',
        properties: { code: s.code, ppm2: s.median, n: s.count },
        geometry: { type: 'Point', coordinates: [s.lon, s.lat] },
      })),
  };
}

function frameSections(m: MapLibreMap, sections: ReturnType<typeof sectionsGeo>) {
  const b = boundsOf(
    sections.features.map((f) => f.geometry.coordinates as [number, number]),
    0.003,
  );
  if (b) m.fitBounds(b, { padding: 24, duration: 0, maxZoom: 15 });
}

export function MarketAnalysisTool() {
  const [params, setParams] = useSearchParams();
  const kind = (params.get('zone') as ZoneKind | null) ?? (params.get('section') ? 'section' : params.get('lat') ? 'rayon' : 'communes');
  const [communeText, setCommuneText] = useState('');
  const communeHits = useCommuneSearch(communeText);
  const [names, setNames] = useState<Record<string, string>>({});
  const [sectionText, setSectionText] = useState(params.get('section') ?? '');
  const [data, setData] = useState<MarketAnalysis | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pdfAvailable, setPdfAvailable] = useState(false);
  const map = useRef<MapLibreMap | null>(null);

  const insee = (params.get('insee') ?? '').split(',').filter(Boolean);
  const types = (params.get('types') ?? 'maison,appartement').split(',').filter(Boolean);
  const natures = (params.get('natures') ?? STAT_NATURES.join(',')).split(',').filter(Boolean);
  const query = analysisQuery(new URLSearchParams({ types: types.join(','), natures: natures.join(','), ...Object.fromEntries(params) }));
  // The fields show the period the figures cover: the one chosen, or the default the server picked.
  const shown = data && analysisQuery(new URLSearchParams({ ...Object.fromEntries(params) })) !== null ? data : null;
  const from = params.get('from') ?? shown?.from ?? '';
  const to = params.get('to') ?? shown?.to ?? '';
  // The printed report covers exactly the period on screen, even if newer sales are imported meanwhile.
  const printQuery =
    query && shown
      ? new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(query)), from: shown.from, to: shown.to }).toString()
      : query;

  const update = (patch: Record<string, string | null>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    apiFetch('/api/reports/status', z.object({ pdf: z.boolean() }))
      .then((s) => setPdfAvailable(s.pdf))
      .catch(() => setPdfAvailable(false));
  }, []);

  useEffect(() => {
    if (!query) return;
    let live = true;
    setLoading(true);
    setError(null);
    apiFetch(`/api/market/analysis?${query}`, marketAnalysisResponseSchema)
      .then((d) => {
        if (!live) return;
        setData(d);
        setNames((n) => ({ ...n, ...Object.fromEntries(d.zone.communes.map((c) => [c.insee, c.nom])) }));
      })
      .catch((err: unknown) => live && setError(err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'L’analyse a échoué.'))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [query]);

  const sections = useMemo(() => sectionsGeo(data), [data]);
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    paintSections(m, data?.sections ?? []);
    frameSections(m, sections);
  }, [sections, data]);

  function toggle(list: string[], value: string, key: 'types' | 'natures') {
    const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
    if (next.length) update({ [key]: next.join(',') });
  }

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg" className="no-print">
        <Stack gap="sm">
          <SegmentedControl
            value={kind}
            onChange={(v) => update({ zone: v, insee: null, section: null, lat: null, lon: null, radius: null, adresse: null })}
            data={[
              { value: 'communes', label: 'Commune(s)' },
              { value: 'section', label: 'Section cadastrale' },
              { value: 'rayon', label: 'Rayon autour d’une adresse' },
            ]}
            aria-label="Type de zone"
          />
          {kind === 'communes' && (
            <Stack gap={6}>
              <Autocomplete
                label="Ajouter une commune"
                placeholder="Nom, code postal ou code INSEE"
                value={communeText}
                onChange={(v) => {
                  const hit = communeHits.find((c) => `${c.nom} (${c.insee})` === v);
                  if (hit) {
                    setNames((n) => ({ ...n, [hit.insee]: hit.nom }));
                    update({ insee: [...new Set([...insee, hit.insee])].join(','), zone: 'communes' });
                    setCommuneText('');
                  } else setCommuneText(v);
                }}
                data={communeHits.map((c) => `${c.nom} (${c.insee})`)}
                filter={({ options }) => options}
              />
              <Group gap={6}>
                {insee.map((code) => (
                  <Pill key={code} withRemoveButton onRemove={() => update({ insee: insee.filter((c) => c !== code).join(',') })}>
                    {names[code] ?? code} ({code})
                  </Pill>
                ))}
              </Group>
            </Stack>
          )}
          {kind === 'section' && (
            <Group align="flex-end">
              <TextInput
                label="Section cadastrale"
                description="INSEE + préfixe + section, ex. 93010000AS"
                value={sectionText}
                onChange={(e) => setSectionText(e.currentTarget.value.toUpperCase())}
                maxLength={10}
                rightSection={sectionText ? <CloseButton aria-label="Effacer" onClick={() => setSectionText('')} /> : null}
              />
              <Button variant="light" onClick={() => update({ section: sectionText, zone: 'section' })}>
                Analyser la section
              </Button>
            </Group>
          )}
          {kind === 'rayon' && (
            <Grid align="flex-end">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <AddressSearch
                  value={params.get('adresse') ?? ''}
                  onPick={(a) =>
                    a &&
                    update({
                      adresse: a.label,
                      lat: String(a.lat),
                      lon: String(a.lon),
                      radius: params.get('radius') ?? '500',
                      zone: 'rayon',
                    })
                  }
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Select
                  label="Rayon"
                  value={params.get('radius') ?? '500'}
                  onChange={(v) => v && update({ radius: v })}
                  data={['300', '500', '1000', '2000', '5000'].map((r) => ({ value: r, label: distanceLabel(Number(r)) }))}
                  allowDeselect={false}
                />
              </Grid.Col>
            </Grid>
          )}
          <Grid>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <DateField label="Du" value={from} maxDate={to || undefined} onChange={(iso) => iso && update({ from: iso, to })} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <DateField label="Au" value={to} minDate={from || undefined} onChange={(iso) => iso && update({ from, to: iso })} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Text size="sm" fw={500}>
                Types
              </Text>
              {PROPERTY_TYPES.map((t) => (
                <Checkbox key={t} label={TYPE_PLURALS[t]} checked={types.includes(t)} onChange={() => toggle(types, t, 'types')} mt={4} />
              ))}
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Text size="sm" fw={500}>
                Natures de mutation
              </Text>
              {STAT_NATURES.map((n) => (
                <Checkbox
                  key={n}
                  label={NATURE_LABELS[n]}
                  checked={natures.includes(n)}
                  onChange={() => toggle(natures, n, 'natures')}
                  mt={4}
                />
              ))}
            </Grid.Col>
          </Grid>
          {shown && <PeriodNote data={shown} onReset={() => update({ from: null, to: null })} />}
          {printQuery && (
            <Group>
              <Button component={Link} to={`/pdf/printanalysemarche?${printQuery}`} target="_blank" variant="light">
                Version imprimable
              </Button>
              {pdfAvailable ? (
                <Button component="a" href={`/api/reports/market.pdf?${printQuery}`} variant="light" download>
                  Télécharger le PDF
                </Button>
              ) : (
                <Text size="sm" c="dimmed">
                  PDF côté serveur indisponible (Chromium absent){NBSP}: utilisez la version imprimable et «{NBSP}Enregistrer au format PDF
                  {NBSP}».
                </Text>
              )}
            </Group>
          )}
        </Stack>
      </Card>

      {!query && <Text c="dimmed">Choisissez une zone pour lancer l’analyse.</Text>}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {loading && <Loader aria-label="Analyse en cours" />}

      <Card withBorder radius="md" padding="md" component="section" aria-label="Carte des prix par section">
        <Text fw={600} mb="xs">
          Prix médian au m² par section cadastrale (contours des sections calculés depuis le cadastre)
        </Text>
        <MapView
          label="Carte des prix médians par section"
          center={[2.35, 46.6]}
          zoom={5}
          height={380}
          onReady={(m, lib) => {
            map.current = m;
            // Under the street names of the basemap, over its fills.
            m.addLayer(
              sectionChoroplethLayer(BASEMAP_SOURCE) as unknown as AnyLayer,
              m.getLayer('fond-voies-noms') ? 'fond-voies-noms' : undefined,
            );
            paintSections(m, data?.sections ?? []);
            // The analysis may have answered before the map was ready.
            frameSections(m, sections);
            const popup = new lib.Popup({ closeButton: false, closeOnClick: false });
            m.on('mousemove', CHOROPLETH_LAYER, (e) => {
              const f = e.features?.[0];
              const p = { code: String(f?.id ?? ''), ...(f?.state as { ppm2?: number; n?: number } | undefined) };
              if (!f || p.ppm2 === undefined || p.n === undefined) {
                popup.remove();
                return;
              }
              popup
                .setLngLat(e.lngLat)
                .setText(
                  `Section ${p.code.slice(8).replace(/^0/, '')}${NBSP}: ${formatEurosPerSquareMetre(p.ppm2)} (${formatInteger(p.n)} ventes)`,
                )
                .addTo(m);
            });
            m.on('mouseleave', CHOROPLETH_LAYER, () => popup.remove());
          }}
        />
        <Group gap="xs" mt="xs">
          {PRICE_STOPS.map(([v, color]) => (
            <Group key={v} gap={4}>
              <span style={{ width: 14, height: 12, borderRadius: 2, background: color, opacity: 0.8, display: 'inline-block' }} />
              <Text size="xs">{formatEurosPerSquareMetre(v)}</Text>
            </Group>
          ))}
          {data && <Text size="xs">· {formatInteger(data.sections.length)} sections</Text>}
        </Group>
      </Card>

      {data && <MarketReport data={data} />}
    </Stack>
  );
}
