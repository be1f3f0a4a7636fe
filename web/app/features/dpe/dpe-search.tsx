/**
 * The DPE search tool (`/pro/recherchedpe`): filters in the URL (a link reproduces the search;
 * without a zone, « ma zone »), the map of server-aggregated markers, the counts per class, the
 * table, the CSV export and the detail drawer.
 */
import { type DpeItem, type DpeList, dpeListSchema } from '@immoloupe/shared/dpe/contracts';
import { formatInteger } from '@immoloupe/shared/format';
import { departementOfCodes } from '@immoloupe/shared/opendata/import-hint';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ImportHint } from '~/components/import-hint';
import { ResultsWithMap } from '~/features/map/results-with-map';
import { useResultSelection } from '~/features/map/use-result-selection';
import { ClusterMap } from '~/features/zone/cluster-map';
import { NoZoneNotice, ResultHeader, SearchError } from '~/features/zone/search-parts';
import { useMyZoneGate } from '~/features/zone/use-my-zone-gate';
import { useSearchResult } from '~/features/zone/use-search';
import { useUrlForm } from '~/lib/use-url-form';
import { DpeDrawer } from './dpe-drawer';
import { DpeFilters } from './dpe-form';
import { dpeFormFromUrl, dpeFormQuery } from './dpe-search.logic';
import { DpeTable } from './dpe-table';

export function DpeSearch() {
  const [params, setParams] = useSearchParams();
  const { form, setForm, writing } = useUrlForm(params, dpeFormFromUrl);
  const [open, setOpen] = useState<string | null>(null);
  const query = params.toString() || 'zone=mine';
  const filterQuery = query.replace(/(^|&)(page|sort|order)=[^&]*/g, '').replace(/^&/, '');
  const gate = useMyZoneGate(`/api/dpe?${query}`);
  const { result, error, setError, loading } = useSearchResult(gate.url, dpeListSchema);
  const choice = useResultSelection(result?.items, (d) => d.numero, pointOf);

  const search = (extra: Record<string, string> = {}) => {
    const q = dpeFormQuery(form);
    if (typeof q === 'string') return setError(q);
    for (const [k, v] of Object.entries(extra)) q.set(k, v);
    writing(q);
    setParams(q);
  };

  return (
    <Stack gap="md">
      <DpeFilters form={form} onChange={setForm} onSubmit={() => search()} loading={loading} />
      {gate.noZone ? <NoZoneNotice /> : null}
      <SearchError error={error} />
      <ResultsWithMap
        resultsSpan={8}
        results={
          result ? (
            <Stack gap="xs">
              <ResultHeader total={result.total} csv={`/api/dpe.csv?${query}`}>
                {result.total === 0 ? (
                  <>
                    Aucun DPE ne correspond. Si la zone n’en a aucun, le fichier ADEME de son département n’est pas encore importé.{' '}
                    <ImportHint source="dpe" departement={departementOfCodes(params.get('insee')?.split(',') ?? [])} />
                  </>
                ) : (
                  `${formatInteger(result.total)} DPE${result.mine ? ' dans ma zone' : ''}`
                )}
              </ResultHeader>
              {result.total > 0 ? (
                <DpeTable
                  result={result}
                  sort={form.sort}
                  order={form.order}
                  onSort={(sort, order) => {
                    setForm({ ...form, sort, order });
                    search({ sort, order });
                  }}
                  onPage={(page) => search({ page: String(page) })}
                  onOpen={setOpen}
                  choice={{ selectedId: choice.selectedId, onChoose: choice.chooseRow, onHover: choice.hoverRow }}
                />
              ) : null}
            </Stack>
          ) : null
        }
        map={
          <ClusterMap
            label="Carte des DPE trouvés"
            layer="dpe"
            query={result ? filterQuery : null}
            fit={result?.items ?? NO_POINTS}
            onSelect={(id) => choice.chooseOnMap(id) || setOpen(id)}
            chosen={choice.chosen}
            hovered={choice.hovered}
          />
        }
      />
      <DpeDrawer numero={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

const NO_POINTS: DpeList['items'] = [];
const pointOf = (d: DpeItem) => ({ lon: d.lon, lat: d.lat });
