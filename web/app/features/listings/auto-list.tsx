/**
 * /pro/listeautomatique: the imported listings matching the subscriber's saved listing searches,
 * a page at a time in the order the server sorts (first seen, publication, price, €/m²), with the
 * total; « Bonnes affaires » ranks the page shown by its gap to the local DVF median (the gap needs
 * each listing's median, computed for the page only). Listings first seen since the previous visit
 * are marked « Nouveau » (opening the list records the visit).
 */
import { formatDateTime, formatInteger } from '@immoloupe/shared/format';
import { type AutoList, type AutoListSort, byBargain } from '@immoloupe/shared/listings/search';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ImportHint } from '~/components/import-hint';
import { PagedList, splitOrder } from '~/components/paged-list';
import { SERVER_ORDERS } from './list-orders';
import { PoolRow } from './pool-row';
import { type AutoListView, useAutoList } from './use-auto-list';

const BARGAIN = 'affaire';
const ORDERS: { value: string; label: string }[] = [...SERVER_ORDERS, { value: BARGAIN, label: 'Bonnes affaires de la page' }];

const plural = (n: number, word: string) => `${formatInteger(n)}\u00a0${word}${n > 1 ? 's' : ''}`;

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
  const [view, setView] = useState<AutoListView>({ page: 1, sort: 'recent', order: 'desc' });
  const [bargain, setBargain] = useState(false);
  const { data, loading, error } = useAutoList(view);
  const names = useMemo(() => new Map((data?.searches ?? []).map((s) => [s.id, s.name])), [data]);
  const rows = useMemo(() => {
    const list = [...(data?.listings ?? [])];
    return bargain ? list.sort(byBargain) : list;
  }, [data, bargain]);

  if (error)
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  if (!data) return <Text>Chargement…</Text>;
  const choose = (value: string) => {
    if (value === BARGAIN) return setBargain(true);
    setBargain(false);
    setView({ page: 1, ...splitOrder<AutoListSort>(value) });
  };
  const goTo = (page: number) => {
    setView((v) => ({ ...v, page }));
    window.scrollTo({ top: 0 });
  };
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
      {data.total === 0 ? (
        <Empty data={data} />
      ) : (
        <PagedList
          label="Liste automatique"
          count={`${plural(data.total, 'annonce')}${data.newCount > 0 ? `, dont ${plural(data.newCount, 'nouvelle')} depuis votre dernière visite` : ''}`}
          countTestId="auto-total"
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          order={bargain ? BARGAIN : `${view.sort}:${view.order}`}
          orders={ORDERS}
          onOrder={choose}
          onPage={goTo}
          loading={loading}
        >
          {bargain && (
            <Text size="sm" c="dimmed">
              Les annonces de cette page, de la plus en dessous de la médiane DVF locale à la plus au-dessus{'\u00a0'}; celles sans médiane
              fiable à la fin.
            </Text>
          )}
          {rows.map((l) => (
            <PoolRow key={l.id} l={l} isNew={l.isNew} searches={l.searchIds.map((id) => names.get(id) ?? '')} />
          ))}
        </PagedList>
      )}
    </Stack>
  );
}
