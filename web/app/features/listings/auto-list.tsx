/**
 * /pro/listeautomatique: the imported listings matching the subscriber's saved listing searches,
 * newest first or by « bonne affaire » (furthest below the local DVF median first); listings first
 * seen since the previous visit are marked « Nouveau » (opening the list records the visit).
 */
import { formatDateTime } from '@immoloupe/shared/format';
import { type AutoList, byBargain } from '@immoloupe/shared/listings/search';
import { Alert, Anchor, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ImportHint } from '~/components/import-hint';
import { ApiError } from '~/lib/api';
import { automaticList } from './api';
import { PoolRow } from './pool-row';

type Order = 'recent' | 'affaire';

function useAutoList() {
  const [data, setData] = useState<AutoList | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    automaticList()
      .then((d) => live && setData(d))
      .catch((e: unknown) => live && setError(e instanceof ApiError ? e.message : 'Le chargement a échoué.'));
    return () => {
      live = false;
    };
  }, []);
  return { data, error };
}

function Empty({ data }: { data: AutoList }) {
  if (data.searches.length === 0)
    return (
      <Alert color="blue" title="Aucune recherche d’annonces enregistrée">
        La liste automatique montre les annonces qui répondent à vos recherches d’annonces.{' '}
        <Anchor component={Link} to="/pro/creer_recherche?outil=annonces">
          Créez une recherche d’annonces
        </Anchor>{' '}
        (zone, type, prix, surface, DPE…) ou enregistrez les filtres de la{' '}
        <Anchor component={Link} to="/pro/carte_annonces">
          carte des annonces
        </Anchor>
        .
      </Alert>
    );
  if (data.poolSize === 0)
    return (
      <Alert color="blue" title="Aucune annonce importée">
        Les annonces viennent des flux importés (exports Bien’ici, extraits PAP, cartes SeLoger, objets de l’API leboncoin).{' '}
        <ImportHint source="annonces" /> Les annonces que vous enregistrez vous-même sont dans{' '}
        <Anchor component={Link} to="/pro/mesannonces">
          Mes annonces
        </Anchor>
        .
      </Alert>
    );
  return <Text>Aucune annonce importée ne répond à vos recherches pour l’instant.</Text>;
}

export function AutoListTool() {
  const { data, error } = useAutoList();
  const [order, setOrder] = useState<Order>('recent');
  const names = useMemo(() => new Map((data?.searches ?? []).map((s) => [s.id, s.name])), [data]);
  const rows = useMemo(() => {
    const list = [...(data?.listings ?? [])];
    return order === 'affaire' ? list.sort(byBargain) : list;
  }, [data, order]);

  if (error)
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  if (!data) return <Text>Chargement…</Text>;
  const fresh = data.listings.filter((l) => l.isNew).length;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Recherches suivies{'\u00a0'}:{' '}
        {data.searches.map((s, i) => (
          <span key={s.id}>
            {i > 0 && ', '}
            <Anchor component={Link} to={s.url}>
              {s.name}
            </Anchor>
            {s.error && ` (${s.error})`}
          </span>
        ))}
        {data.searches.length === 0 && 'aucune'}
        {data.since && ` · dernière visite le ${formatDateTime(data.since)}`}
      </Text>
      {data.listings.length === 0 ? (
        <Empty data={data} />
      ) : (
        <>
          <Group justify="space-between">
            <Text>
              {data.listings.length} annonce{data.listings.length > 1 ? 's' : ''}
              {fresh > 0 && `, dont ${fresh} nouvelle${fresh > 1 ? 's' : ''} depuis votre dernière visite`}.
            </Text>
            <SegmentedControl
              aria-label="Ordre"
              value={order}
              onChange={(v) => setOrder(v as Order)}
              data={[
                { value: 'recent', label: 'Plus récentes' },
                { value: 'affaire', label: 'Bonnes affaires' },
              ]}
            />
          </Group>
          {rows.map((l) => (
            <PoolRow key={l.id} l={l} isNew={l.isNew} searches={l.searchIds.map((id) => names.get(id) ?? '')} />
          ))}
        </>
      )}
    </Stack>
  );
}
