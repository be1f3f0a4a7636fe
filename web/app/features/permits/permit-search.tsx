/**
 * « Permis de construire » of the market analysis (/pro/analysemarche): the Sitadel authorisations
 * of a commune — the analysed one by default — by authorisation period, list, kind and minimum
 * housing units created (« qui construit près de mes prospects »). The filters live in the page
 * address, so the search can be saved and alert on new permits like the other tools.
 */
import { formatInteger, NBSP } from '@immoloupe/shared/format';
import { departementOfCodes } from '@immoloupe/shared/opendata/import-hint';
import { PERMIT_KIND_LABELS, PERMIT_LIST_LABELS, PERMIT_LISTS } from '@immoloupe/shared/permits/contracts';
import { Alert, Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Busy } from '~/components/busy';
import { CommuneSelect } from '~/components/commune-select';
import { DateField } from '~/components/date-field';
import { ImportHint } from '~/components/import-hint';
import { Select } from '~/components/select';
import { SaveSearchButton } from '~/features/saved-searches/save-search-button';
import { patchParams } from '~/lib/url-patch';
import { type PermitForm, permitFormFromParams, permitQuery } from './permit-search.logic';
import { PermitsTable } from './permits-table';
import { usePermitSearch } from './use-permit-search';

const LIST_OPTIONS = PERMIT_LISTS.map((l) => ({ value: l, label: PERMIT_LIST_LABELS[l] }));
const KIND_OPTIONS = Object.entries(PERMIT_KIND_LABELS).map(([value, label]) => ({ value, label: `${label} (${value})` }));

export function PermitSearchSection() {
  const [params] = useSearchParams();
  const asked = permitFormFromParams(params);
  // The fields start again from the address whenever it changes (another commune analysed, Back).
  return <PermitSearchForm key={permitQuery(asked) ?? ''} asked={asked} />;
}

function PermitSearchForm({ asked }: { asked: PermitForm }) {
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState<PermitForm>(asked);
  const query = permitQuery(asked);
  const { data, error, loading } = usePermitSearch(query);
  const set = <K extends keyof PermitForm>(key: K, value: PermitForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const submit = () => setParams(patchParams(params, { ...form }), { replace: true, preventScrollReset: true });
  return (
    <Stack gap="sm" data-testid="permit-search">
      <Title order={2} size="h3">
        Permis de construire
      </Title>
      <Text size="sm" c="dimmed">
        Autorisations d’urbanisme de la commune (Sitadel)
        {NBSP}: qui construit, combien de logements, quelle surface.
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <CommuneSelect label="Commune" value={form.commune || null} onChange={(v) => set('commune', v ?? '')} required w={280} />
          <DateField label="Autorisés du" value={form.du || null} onChange={(v) => set('du', v ?? '')} clearable w={150} />
          <DateField label="au" value={form.au || null} onChange={(v) => set('au', v ?? '')} clearable w={150} />
          <Select
            label="Liste"
            data={LIST_OPTIONS}
            value={form.liste || null}
            onChange={(v) => set('liste', (v ?? '') as PermitForm['liste'])}
            clearable
            placeholder="Toutes"
            w={260}
          />
          <Select
            label="Type"
            data={KIND_OPTIONS}
            value={form.type || null}
            onChange={(v) => set('type', v ?? '')}
            clearable
            placeholder="Tous"
            w={240}
          />
          <NumberInput
            label="Logements créés, au moins"
            value={form.logementsMin === '' ? '' : Number(form.logementsMin)}
            onChange={(v) => set('logementsMin', v === '' ? '' : String(v))}
            min={1}
            allowDecimal={false}
            w={190}
          />
          <Button type="submit">Chercher les permis</Button>
          {query ? <SaveSearchButton tool="permis" defaultName="Permis de construire" /> : null}
        </Group>
      </form>
      {loading ? <Busy label="Recherche des permis" /> : null}
      {error ? (
        <Alert color="red" role="alert" title="Permis indisponibles">
          {error}
        </Alert>
      ) : null}
      {data && !data.loaded ? (
        <Text size="sm" c="dimmed">
          Listes Sitadel des autorisations d’urbanisme non importées pour cette commune.{' '}
          <ImportHint source="sitadel" departement={departementOfCodes([asked.commune])} />
        </Text>
      ) : null}
      {data?.loaded && data.total === 0 ? <Text size="sm">Aucune autorisation d’urbanisme ne répond à ces critères.</Text> : null}
      {data?.loaded && data.total > 0 ? (
        <PermitsTable
          permits={data.permits}
          caption={`${formatInteger(data.total)} autorisation${data.total > 1 ? 's' : ''}${
            data.dwellings > 0
              ? `, ${formatInteger(data.dwellings)}${NBSP}logement${data.dwellings > 1 ? 's' : ''} créé${data.dwellings > 1 ? 's' : ''}`
              : ''
          }${data.truncated ? ` (les ${formatInteger(data.permits.length)} plus récentes listées)` : ''}${NBSP}:`}
        />
      ) : null}
    </Stack>
  );
}
