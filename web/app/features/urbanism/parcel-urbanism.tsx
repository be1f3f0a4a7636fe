/**
 * The « Urbanisme (PLU) » block of the parcel sheet: the zones of the document covering the parcel
 * (libellé, libellé long, type, share of the parcel), the document and its approval date with its
 * regulation, then every prescription and information touching the parcel with the share it
 * covers. Without any imported document it says so and how to import one.
 */
import { formatDate, formatPercent, NBSP } from '@immoloupe/shared/format';
import { departementOfCodes } from '@immoloupe/shared/opendata/import-hint';
import { type ParcelPluItem, type ParcelUrbanism, TYPEZONE_LABELS } from '@immoloupe/shared/urbanism/contracts';
import { Alert, Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Busy } from '~/components/busy';
import { ImportHint } from '~/components/import-hint';
import { useParcelUrbanism } from './use-parcel-urbanism';

const share = (s: number | null) => (s === null ? 'touche la parcelle' : formatPercent(s));

function Items({ title, items }: { title: string; items: ParcelPluItem[] }) {
  if (items.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Table withTableBorder striped fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Libellé</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">Part de la parcelle</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((p) => (
            <Table.Tr key={`${p.layer}|${p.libelle}|${p.txt}|${p.typeCode}|${p.areaM2}`}>
              <Table.Td>
                {p.urlfic ? <Anchor href={p.urlfic}>{p.libelle ?? 'Sans libellé'}</Anchor> : (p.libelle ?? 'Sans libellé')}
                {p.txt ? (
                  <Text size="xs" c="dimmed">
                    {p.txt}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{[p.typeCode, p.subtypeCode].filter(Boolean).join('-') || '—'}</Table.Td>
              <Table.Td>{share(p.share)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export function ParcelUrbanismView({ data, codeCommune }: { data: ParcelUrbanism; codeCommune: string }) {
  if (!data.anyDocument || data.zones.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {data.anyDocument
          ? 'Aucune zone d’urbanisme importée ne couvre cette parcelle. '
          : 'Aucun document d’urbanisme (PLU, PLUi) importé. '}
        <ImportHint source="plu" departement={departementOfCodes([codeCommune])} />
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <ParcelZones data={data} />
      <Items title="Prescriptions" items={data.prescriptions} />
      <Items title="Informations" items={data.informations} />
    </Stack>
  );
}

/** The zones covering the parcel and their documents (date, regulation): also the address analysis's « Zone du PLU ». */
export function ParcelZones({ data }: { data: ParcelUrbanism }) {
  return (
    <>
      {data.zones.map((z) => (
        <Group key={`${z.idurba}-${z.libelle}`} gap={6}>
          <Badge variant="light">{z.libelle ?? 'Zone sans libellé'}</Badge>
          <Text size="sm">
            {z.libelong ? `${z.libelong} — ` : ''}
            {z.typezone} ({TYPEZONE_LABELS[z.typezone] ?? 'type inconnu'}) — {formatPercent(z.share)} de la parcelle
          </Text>
        </Group>
      ))}
      {data.documents.map((d) => (
        <Text key={d.idurba} size="xs" c="dimmed">
          Document {d.idurba}, approuvé le {formatDate(d.datappro)}
          {d.urlfic ? (
            <>
              {' '}
              — <Anchor href={d.urlfic}>règlement</Anchor>
            </>
          ) : d.nomfic ? (
            ` — règlement${NBSP}: ${d.nomfic}`
          ) : null}
        </Text>
      ))}
    </>
  );
}

export function ParcelUrbanismBlock({ id, codeCommune }: { id: string; codeCommune: string }) {
  const { data, error, loading } = useParcelUrbanism(id);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Urbanisme (PLU)
      </Title>
      {loading ? <Busy /> : null}
      {error ? <Alert color="red">{error}</Alert> : null}
      {data ? <ParcelUrbanismView data={data} codeCommune={codeCommune} /> : null}
    </Stack>
  );
}
