/**
 * The co-ownership search tool (`/pro/recherchecopro`, RNIC): filters in the URL (without a zone,
 * « ma zone »), map of server-aggregated markers, table, CSV export and the detail drawer.
 */
import {
  COPRO_FLAG_LABELS,
  COPRO_FLAGS,
  type CoproItem,
  type CoproList,
  coproListSchema,
  SYNDIC_TYPE_LABELS,
  SYNDIC_TYPES,
} from '@immoloupe/shared/copro/contracts';
import { formatInteger, parisIsoDate } from '@immoloupe/shared/format';
import { departementOfCodes } from '@immoloupe/shared/opendata/import-hint';
import { Button, Checkbox, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ImportHint } from '~/components/import-hint';
import { LabelledChips } from '~/components/labelled-chips';
import { ResultsWithMap } from '~/features/map/results-with-map';
import { useResultSelection } from '~/features/map/use-result-selection';
import { ClusterMap } from '~/features/zone/cluster-map';
import { NoZoneNotice, Pager, RangeFields, ResultHeader, SearchError } from '~/features/zone/search-parts';
import { useMyZoneGate } from '~/features/zone/use-my-zone-gate';
import { useSearchResult } from '~/features/zone/use-search';
import { ZoneField } from '~/features/zone/zone-field';
import { useUrlForm } from '~/lib/use-url-form';
import { CoproDrawer } from './copro-drawer';
import { type CoproForm, coproFormFromUrl, coproFormQuery, mandateNote } from './copro-search.logic';
import { CoproTable } from './copro-table';

export function CoproSearch() {
  const [params, setParams] = useSearchParams();
  const { form, setForm, writing } = useUrlForm(params, coproFormFromUrl);
  const [open, setOpen] = useState<string | null>(params.get('numero'));
  const query = (() => {
    const p = new URLSearchParams(params);
    p.delete('numero');
    return p.toString() || 'zone=mine';
  })();
  const today = parisIsoDate(new Date());
  const set = <K extends keyof CoproForm>(k: K, v: CoproForm[K]) => setForm({ ...form, [k]: v });
  const gate = useMyZoneGate(`/api/copros?${query}`);
  const { result, error, setError, loading } = useSearchResult(gate.url, coproListSchema);
  const choice = useResultSelection(result?.items, (c) => c.numero, pointOf);

  const search = (page?: number) => {
    const q = coproFormQuery(form);
    if (typeof q === 'string') return setError(q);
    if (page) q.set('page', String(page));
    writing(q);
    setParams(q);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    search();
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="form" onSubmit={submit} aria-label="Recherche de copropriétés">
        <Stack gap="sm">
          <ZoneField value={form.zone} onChange={(z) => set('zone', z)} />
          <Group align="flex-end" wrap="wrap" gap="sm">
            <RangeFields
              min={{ label: 'Lots min.', value: form.lotsMin }}
              max={{ label: 'Lots max.', value: form.lotsMax }}
              onChange={(bound, v) => set(bound === 'min' ? 'lotsMin' : 'lotsMax', v)}
              width={100}
            />
            <TextInput label="Syndic (nom ou SIRET)" value={form.syndic} onChange={(e) => set('syndic', e.currentTarget.value)} w={200} />
            <Select
              label="Mandat du syndic"
              description="Compté depuis la date des données RNIC"
              w={230}
              value={form.mandate}
              onChange={(v) => set('mandate', v ?? '')}
              data={[
                { value: '', label: 'Indifférent' },
                { value: 'termine', label: 'Déjà terminé' },
                { value: '6', label: 'Finit dans 6 mois' },
                { value: '12', label: 'Finit dans 12 mois' },
                { value: '24', label: 'Finit dans 24 mois' },
              ]}
            />
          </Group>
          <Group gap="sm" wrap="wrap">
            <LabelledChips
              label="Type de syndic"
              options={SYNDIC_TYPES}
              labels={SYNDIC_TYPE_LABELS}
              value={form.syndicTypes}
              onChange={(v) => set('syndicTypes', v)}
            />
            <LabelledChips
              label="Dispositifs publics"
              options={COPRO_FLAGS}
              labels={COPRO_FLAG_LABELS}
              value={form.flags}
              onChange={(v) => set('flags', v)}
            />
            <Checkbox label="Avec un DPE F–G" checked={form.dpeFG} onChange={(e) => set('dpeFG', e.currentTarget.checked)} />
            <Button type="submit" loading={loading}>
              Rechercher
            </Button>
          </Group>
        </Stack>
      </Paper>
      {gate.noZone ? <NoZoneNotice /> : null}
      <SearchError error={error} />
      <ResultsWithMap
        results={
          result ? (
            <Stack gap="xs">
              <ResultHeader total={result.total} csv={`/api/copros.csv?${query}`}>
                {result.total === 0 ? (
                  <>
                    Aucune copropriété ne correspond. Si la zone n’en a aucune, le fichier RNIC de son département n’est pas encore importé.{' '}
                    <ImportHint source="copro" departement={departementOfCodes(params.get('insee')?.split(',') ?? [])} />
                  </>
                ) : (
                  `${formatInteger(result.total)} copropriété${result.total > 1 ? 's' : ''}${result.mine ? ' dans ma zone' : ''}`
                )}
                {mandateNote(params, result.asOf, today)}
              </ResultHeader>
              {result.total > 0 ? (
                <CoproTable
                  items={result.items}
                  today={today}
                  onOpen={setOpen}
                  choice={{ selectedId: choice.selectedId, onChoose: choice.chooseRow, onHover: choice.hoverRow }}
                />
              ) : null}
              <Pager page={result.page} total={result.total} pageSize={result.pageSize} onPage={search} feminine />
            </Stack>
          ) : null
        }
        map={
          <ClusterMap
            label="Carte des copropriétés trouvées"
            layer="copros"
            query={result ? query.replace(/(^|&)page=[^&]*/g, '') : null}
            fit={result?.items ?? NO_POINTS}
            onSelect={(id) => choice.chooseOnMap(id) || setOpen(id)}
            chosen={choice.chosen}
            hovered={choice.hovered}
          />
        }
      />
      <CoproDrawer numero={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

const NO_POINTS: CoproList['items'] = [];
const pointOf = (c: CoproItem) => ({ lon: c.lon, lat: c.lat });
