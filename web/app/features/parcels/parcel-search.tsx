/**
 * The parcel search tool (`/pro/rechercheparcelle`): a commune (picked by name, postcode or INSEE code), then a section,
 * a number or an area range; the parcels found in a table and their outlines on the map. Cadastre
 * Etalab, the vintage imported (subscribers' API `GET /api/parcels`).
 */
import { communeLabel } from '@immoloupe/shared/commune-label';
import { formatDate, formatInteger } from '@immoloupe/shared/format';
import type { Parcel } from '@immoloupe/shared/opendata/contracts';
import { Alert, Button, Checkbox, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CommuneSelect } from '~/components/commune-select';
import { GroupLabel } from '~/components/group-label';
import { ResultsWithMap, scrollToResult } from '~/features/map/results-with-map';
import { useZoneDefault } from '~/features/zone/use-zone-default';
import { patchParams } from '~/lib/url-patch';
import { LandFilters } from './land-filters';
import {
  boundsOfParcels,
  formFromParams,
  PAGE_SIZE,
  PARCEL_LAYERS,
  type ParcelForm,
  pageQuery,
  parcelFeatures,
} from './parcel-search.logic';
import { ParcelSearchMap } from './parcel-search-map';
import { ParcelSheetPanel } from './parcel-sheet';
import { ParcelTable } from './parcel-table';
import { ProspectingFilters } from './prospecting-filters';
import { useParcelResults } from './use-parcel-results';

const SOURCE = 'recherche-parcelles';
type AnyLayer = Parameters<MapLibreMap['addLayer']>[0];

/** An INSEE code: five digits, or 2A/2B and three digits in Corsica. */
const INSEE_CODE = /^(\d{5}|2[AB]\d{3})$/i;

const empty: ParcelForm = { commune: '', section: '', numero: '', surfaceMin: '', surfaceMax: '', anciennes: false };

export function ParcelSearch() {
  // The search lives in the URL too, so that a link or a saved search opens it again.
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState<ParcelForm>(() => ({ ...empty, ...formFromParams(params) }));
  const [searched, setSearched] = useState<ParcelForm | null>(() => {
    const initial = formFromParams(params);
    return initial.mine || initial.commune.trim().length >= 2 ? initial : null;
  });
  const [offset, setOffset] = useState(0);
  const found = useParcelResults(searched, offset);
  const { result, loading } = found;
  // The form's own refusal (no commune chosen), until the next search is made.
  const [formError, setError] = useState<string | null>(null);
  const error = formError ?? found.error;
  // Each search or page asked for starts without the previous refusal.
  const turnPage = (next: number) => {
    setError(null);
    setOffset(next);
  };
  // The parcel whose sheet is open is in the URL (`?parcelle=<id>`): the link other tools and users share.
  const sheetId = params.get('parcelle');
  const [selected, setSelectedState] = useState<string | null>(sheetId);
  // The search this page last wrote into its URL: any other change of the URL (Back, Forward, a link
  // to this page) is followed by the form, the results and the sheet.
  const written = useRef(params.toString());
  const write = useCallback(
    (next: URLSearchParams, replace: boolean) => {
      written.current = next.toString();
      setParams(next, { replace, preventScrollReset: true });
    },
    [setParams],
  );
  // A parcel clicked is a step Back returns from; the only result of a search, opened for the user, is not.
  const setSelected = useCallback(
    (id: string | null, replace = false) => {
      setSelectedState(id);
      setParams(
        (prev) => {
          const next = patchParams(prev, { parcelle: id });
          written.current = next.toString();
          return next;
        },
        { replace, preventScrollReset: true },
      );
    },
    [setParams],
  );
  // The search effect selects a single result without re-running when the URL setter changes.
  const selectRef = useRef(setSelected);
  selectRef.current = setSelected;
  const map = useRef<MapLibreMap | null>(null);
  // The parcel of the open sheet, drawn even when it is not among the results (link opened directly).
  const [sheetParcel, setSheetParcel] = useState<Parcel | null>(null);
  const shown = useMemo(
    () =>
      sheetParcel && !result?.parcels.some((p) => p.id === sheetParcel.id)
        ? [...(result?.parcels ?? []), sheetParcel]
        : (result?.parcels ?? []),
    [result, sheetParcel],
  );
  const sheetParcelRef = useRef<Parcel | null>(null);
  const showParcel = useCallback((p: Parcel) => {
    sheetParcelRef.current = p;
    setSheetParcel(p);
    if (map.current) map.current.fitBounds([p.bbox[0], p.bbox[1], p.bbox[2], p.bbox[3]], { padding: 80, maxZoom: 19, duration: 0 });
  }, []);

  const arrived = found.arrived;
  useEffect(() => {
    if (!arrived || !searched) return;
    // A link or a search saved before the commune picker may name the commune: the field then
    // shows the one the server found, by its code.
    const code = arrived.commune?.code;
    if (code && !searched.mine) setForm((f) => (!f.mine && f.commune.trim() === searched.commune.trim() ? { ...f, commune: code } : f));
    if (arrived.parcels.length === 1) selectRef.current(arrived.parcels[0]?.id ?? null, true);
  }, [arrived, searched]);

  // The outlines follow the results and the selection; the view fits the results once per search.
  useEffect(() => {
    const m = map.current;
    const source = m?.getSource(SOURCE) as GeoJSONSource | undefined;
    if (!m || !source) return;
    source.setData(parcelFeatures(shown, selected) as never);
  }, [shown, selected]);
  useEffect(() => {
    const b = boundsOfParcels(result?.parcels ?? []);
    if (b && map.current) map.current.fitBounds([b[0], b[1], b[2], b[3]], { padding: 40, maxZoom: 18, duration: 0 });
  }, [result]);

  // A search asked for is a step Back returns from; the default zone applied is not.
  const run = (f: ParcelForm, replace = false) => {
    turnPage(0);
    setSearched({ ...f });
    write(new URLSearchParams(pageQuery(f)), replace);
  };
  const urlSearch = params.toString();
  useEffect(() => {
    if (urlSearch === written.current) return;
    written.current = urlSearch;
    const f = formFromParams(new URLSearchParams(urlSearch));
    setForm({ ...empty, ...f });
    setError(null);
    setOffset(0);
    const next = f.mine || f.commune.trim().length >= 2 ? f : null;
    setSearched(next);
    setSelectedState(new URLSearchParams(urlSearch).get('parcelle'));
  }, [urlSearch]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.mine && !INSEE_CODE.test(form.commune.trim())) {
      setError('Choisissez une commune dans la liste (nom, code postal ou code INSEE).');
      return;
    }
    run(form);
  };
  // « Ma zone » by default once the user has one, unless the link names a commune or opens a sheet.
  const hasZone = useZoneDefault(params.has('commune') || params.has('zone') || params.has('parcelle'), () => {
    const f = { ...formFromParams(new URLSearchParams()), ...empty, mine: true };
    setForm(f);
    run(f, true);
  });
  const set = (key: keyof ParcelForm) => (e: { currentTarget: HTMLInputElement }) =>
    setForm({ ...form, [key]: key === 'anciennes' ? e.currentTarget.checked : e.currentTarget.value });

  const choose = (id: string) => {
    setSelected(id);
    const p = result?.parcels.find((x) => x.id === id);
    if (p && map.current) map.current.fitBounds([p.bbox[0], p.bbox[1], p.bbox[2], p.bbox[3]], { padding: 80, maxZoom: 19, duration: 0 });
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="form" onSubmit={submit} aria-label="Recherche de parcelles">
        <Group align="flex-end" wrap="wrap">
          {hasZone || form.mine ? (
            <div>
              <GroupLabel id="parcel-zone">Zone</GroupLabel>
              <SegmentedControl
                aria-labelledby="parcel-zone"
                value={form.mine ? 'mine' : 'commune'}
                onChange={(v) => setForm({ ...form, mine: v === 'mine' })}
                data={[
                  { value: 'mine', label: 'Ma zone' },
                  { value: 'commune', label: 'Commune' },
                ]}
              />
            </div>
          ) : null}
          {form.mine ? null : (
            <CommuneSelect
              label="Commune"
              value={INSEE_CODE.test(form.commune.trim()) ? form.commune.trim().toUpperCase() : null}
              onChange={(insee) => setForm({ ...form, commune: insee ?? '' })}
              required
              w={340}
            />
          )}
          <TextInput label="Section" placeholder="AS" value={form.section} onChange={set('section')} w={90} />
          <TextInput label="Numéro" placeholder="167" value={form.numero} onChange={set('numero')} w={100} inputMode="numeric" />
          <TextInput label="Surface minimale (m²)" value={form.surfaceMin} onChange={set('surfaceMin')} w={170} inputMode="decimal" />
          <TextInput label="Surface maximale (m²)" value={form.surfaceMax} onChange={set('surfaceMax')} w={170} inputMode="decimal" />
          <Checkbox label="Inclure les parcelles disparues" checked={form.anciennes} onChange={set('anciennes')} />
          <Button type="submit" loading={loading}>
            Rechercher
          </Button>
        </Group>
        <ProspectingFilters form={form} onChange={(patch) => setForm({ ...form, ...patch })} ownersMissing={result?.ownersMissing ?? []} />
        <LandFilters form={form} onChange={(patch) => setForm({ ...form, ...patch })} buildingsMissing={result?.buildingsMissing ?? []} />
      </Paper>
      {error ? (
        <Alert color="red" title="Recherche impossible">
          {error}
        </Alert>
      ) : null}
      <ResultsWithMap
        sideFrom="xl"
        results={
          result ? (
            <Stack gap="xs">
              <Text aria-live="polite">
                {result.total === 0
                  ? `Aucune parcelle ne correspond ${result.commune ? `à ${result.commune.nom}` : 'dans ma zone'}.`
                  : `${formatInteger(result.total)} parcelle${result.total > 1 ? 's' : ''} ${result.commune ? `à ${communeLabel({ insee: result.commune.code, nom: result.commune.nom, codesPostaux: result.commune.codesPostaux, mergedInto: result.commune.mergedInto })}` : 'dans ma zone'}`}
                {result.vintage ? ` — cadastre à jour au ${formatDate(result.vintage)}` : ''}
              </Text>
              {result.total === 0 && result.commune && result.sections.length === 0 ? (
                <Text size="sm">Le cadastre de cette commune n’est pas encore importé.</Text>
              ) : null}
              {result.parcels.length > 0 ? <ParcelTable result={result} selected={selected} onChoose={choose} /> : null}
              {result.total > PAGE_SIZE ? (
                <Group>
                  <Button variant="default" disabled={offset === 0} onClick={() => turnPage(Math.max(0, offset - PAGE_SIZE))}>
                    Précédentes
                  </Button>
                  <Text size="sm">
                    {formatInteger(offset + 1)} à {formatInteger(Math.min(result.total, offset + PAGE_SIZE))}
                  </Text>
                  <Button variant="default" disabled={offset + PAGE_SIZE >= result.total} onClick={() => turnPage(offset + PAGE_SIZE)}>
                    Suivantes
                  </Button>
                </Group>
              ) : null}
            </Stack>
          ) : (
            <Text size="sm">Choisissez une commune, puis affinez par section, numéro ou surface.</Text>
          )
        }
        map={
          <ParcelSearchMap
            zoningArea={boundsOfParcels(result?.parcels ?? [])}
            onReady={(m) => {
              map.current = m;
              m.addSource(SOURCE, { type: 'geojson', data: parcelFeatures(shown, selected) as never });
              for (const l of PARCEL_LAYERS) m.addLayer(l as unknown as AnyLayer);
              m.on('click', 'recherche-parcelles-fond', (e) => {
                const id = e.features?.[0]?.properties?.id;
                // Bound once: the selection is written from the current URL, not the first render's.
                if (typeof id === 'string') {
                  selectRef.current(id);
                  scrollToResult(id);
                }
              });
              // A sheet opened by its link may load before the map: the map then frames its parcel.
              const b = boundsOfParcels(result?.parcels.length ? result.parcels : sheetParcelRef.current ? [sheetParcelRef.current] : []);
              if (b) m.fitBounds([b[0], b[1], b[2], b[3]], { padding: 40, maxZoom: 18, duration: 0 });
            }}
          />
        }
      />
      {sheetId ? <ParcelSheetPanel id={sheetId} onParcel={showParcel} /> : null}
    </Stack>
  );
}
