/**
 * `/pro/prospection`: the user's prospecting lists. One list open at a time (in the URL), its
 * targets filtered, sorted and paged by the server, edited in place, exported as CSV, and its
 * letters printed as PDF.
 */
import { formatInteger } from '@immoloupe/shared/format';
import {
  NOTES_GDPR_NOTICE,
  TARGET_KIND_LABELS,
  TARGET_KINDS,
  type TARGET_SORTS,
  TARGET_STATUS_LABELS,
  TARGET_STATUSES,
  type TargetKind,
  type TargetStatus,
} from '@immoloupe/shared/prospecting/contracts';
import { Alert, Anchor, Button, Group, NativeSelect, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { type OrderOption, PagedList, splitOrder } from '~/components/paged-list';
import { DeleteListButton } from './delete-list-button';
import { LetterEditor } from './letter-editor';
import { targetsQueryString } from './prospecting-api';
import { TargetsTable } from './targets-table';
import { useProspecting } from './use-prospecting';

/** The orders the server gives a list's targets (statuses in their pipeline order). */
export const TARGET_ORDERS: OrderOption[] = [
  { value: 'created:asc', label: 'Date d’ajout, les plus anciennes' },
  { value: 'created:desc', label: 'Date d’ajout, les plus récentes' },
  { value: 'status:asc', label: 'Statut, à contacter d’abord' },
  { value: 'status:desc', label: 'Statut, perdus d’abord' },
  { value: 'nextAction:asc', label: 'Prochaine action, la plus proche' },
  { value: 'nextAction:desc', label: 'Prochaine action, la plus lointaine' },
  { value: 'label:asc', label: 'Libellé, de A à Z' },
  { value: 'label:desc', label: 'Libellé, de Z à A' },
];

const targetsCount = (n: number) => `${formatInteger(n)}\u00a0cible${n > 1 ? 's' : ''}`;

function NewListForm({ onCreate }: { onCreate: (name: string) => Promise<boolean> }) {
  const [name, setName] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await onCreate(name)) setName('');
  };
  return (
    <Group component="form" onSubmit={submit} align="flex-end" gap="xs">
      <TextInput
        label="Nouvelle liste"
        placeholder="Passoires du quartier"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        required
        maxLength={120}
      />
      <Button type="submit" variant="default">
        Créer
      </Button>
    </Group>
  );
}

export function ProspectingPage() {
  const p = useProspecting();
  const { list, filters } = p;
  const query = targetsQueryString(filters);
  return (
    <Stack gap="md">
      {p.error ? (
        <Alert color="red" withCloseButton onClose={() => p.setError(null)}>
          {p.error}
        </Alert>
      ) : null}
      <Group align="flex-end" wrap="wrap">
        {p.lists && p.lists.length > 0 ? (
          <Select
            label="Liste"
            data={p.lists.map((l) => ({ value: l.id, label: `${l.name} (${l.targets})` }))}
            value={list?.id ?? null}
            onChange={(id) => id && p.chooseList(id)}
            allowDeselect={false}
            w={280}
          />
        ) : null}
        <NewListForm onCreate={p.createList} />
        {list ? <DeleteListButton key={list.id} list={list} onDelete={() => p.deleteList(list.id)} /> : null}
      </Group>
      {p.lists?.length === 0 ? (
        <Paper withBorder p="md">
          <Text>
            Vous n’avez pas encore de liste. Ajoutez des cibles depuis les résultats de la{' '}
            <Anchor component={Link} to="/pro/recherchedpe">
              recherche de DPE
            </Anchor>
            , de la{' '}
            <Anchor component={Link} to="/pro/recherchecopro">
              recherche de copropriétés
            </Anchor>{' '}
            ou de la{' '}
            <Anchor component={Link} to="/pro/rechercheparcelle">
              recherche de parcelles
            </Anchor>
            {'\u00a0'}: cochez des lignes puis «{'\u00a0'}Ajouter la sélection à une liste{'\u00a0'}», ou ouvrez une fiche puis «{'\u00a0'}
            Ajouter à une liste de prospection{'\u00a0'}». Vous pouvez aussi créer une liste ci-dessus.
          </Text>
        </Paper>
      ) : null}
      {list ? (
        <>
          <Group align="flex-end" wrap="wrap" role="group" aria-label="Filtres des cibles">
            <NativeSelect
              label="Statut"
              value={filters.status ?? ''}
              onChange={(e) => p.setFilters({ ...filters, status: (e.currentTarget.value || undefined) as TargetStatus | undefined })}
              data={[{ value: '', label: 'Tous' }, ...TARGET_STATUSES.map((s) => ({ value: s, label: TARGET_STATUS_LABELS[s] }))]}
            />
            <NativeSelect
              label="Type"
              value={filters.kind ?? ''}
              onChange={(e) => p.setFilters({ ...filters, kind: (e.currentTarget.value || undefined) as TargetKind | undefined })}
              data={[{ value: '', label: 'Tous' }, ...TARGET_KINDS.map((k) => ({ value: k, label: TARGET_KIND_LABELS[k] }))]}
            />
            <TextInput
              label="Rechercher"
              placeholder="adresse, libellé, notes"
              value={filters.q ?? ''}
              onChange={(e) => p.setFilters({ ...filters, q: e.currentTarget.value || undefined })}
            />
            <Button component="a" href={`/api/prospecting/lists/${list.id}/targets.csv${query}`} variant="default" download>
              Exporter en CSV
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {NOTES_GDPR_NOTICE}
          </Text>
          {p.targets && p.targets.length > 0 && p.targetsPage ? (
            <PagedList
              label="Cibles"
              count={`${targetsCount(p.targetsPage.total)}${p.targetsPage.total === list.targets ? '' : ` sur ${formatInteger(list.targets)} dans la liste`}`}
              countTestId="prospecting-total"
              page={p.targetsPage.page}
              pageSize={p.targetsPage.pageSize}
              total={p.targetsPage.total}
              order={`${filters.sort}:${filters.order}`}
              orders={TARGET_ORDERS}
              onOrder={(value) => p.setFilters({ ...filters, ...splitOrder<(typeof TARGET_SORTS)[number]>(value) })}
              onPage={p.setPage}
            >
              <TargetsTable
                targets={p.targets}
                onUpdate={p.updateTarget}
                onDelete={(t) => window.confirm(`Retirer «\u00a0${t.label}\u00a0» de la liste\u00a0?`) && void p.deleteTarget(t.id)}
              />
            </PagedList>
          ) : (
            <Text size="sm">{p.targets === null ? 'Chargement…' : 'Aucune cible dans cette liste avec ces filtres.'}</Text>
          )}
          <LetterEditor
            list={list}
            targets={p.targets ?? []}
            audiences={p.targetsPage?.audiences}
            query={query}
            onSave={(patch) => p.saveLetter(list.id, patch)}
          />
        </>
      ) : null}
    </Stack>
  );
}
