/**
 * The « Risques » block of the parcel sheet: the risks GASPAR lists for the commune, then the
 * classified installations (ICPE) and former industrial sites (BASIAS) within 500 m, nearest
 * first, with their distance. Each list says when its file was never imported for the commune.
 * The address analysis shows the same block around its point.
 */
import { formatDate, formatInteger, NBSP } from '@immoloupe/shared/format';
import { departementOfCodes } from '@immoloupe/shared/opendata/import-hint';
import type { Risks } from '@immoloupe/shared/risks/contracts';
import { Alert, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Busy } from '~/components/busy';
import { ImportHint } from '~/components/import-hint';
import { parcelRisksPath, pointRisksPath, useRisks } from './use-parcel-land';

const metres = (m: number) => `${formatInteger(m)}${NBSP}m`;

const PLACED_BY: Record<Risks['icpe'][number]['placedBy'], string> = {
  fichier: 'position du fichier',
  adresse: 'placé à son adresse (BAN)',
  voie: 'placé au milieu de sa rue (BAN)',
};

function NotImported({ what, insee }: { what: string; insee: string }) {
  return (
    <Text size="sm" c="dimmed">
      {what} non importé pour cette commune. <ImportHint source="risques" departement={departementOfCodes([insee])} />
    </Text>
  );
}

function CommuneRisks({ risks }: { risks: Risks }) {
  if (!risks.loaded.gaspar) return <NotImported what="Fichier des risques GASPAR" insee={risks.insee} />;
  const main = risks.risks.filter((r) => r.parent === null);
  return (
    <Stack gap={4}>
      <Text size="sm">
        {risks.risks.length} risque{risks.risks.length > 1 ? 's' : ''} connu{risks.risks.length > 1 ? 's' : ''} dans la commune (GASPAR)
        {NBSP}:
      </Text>
      {main.map((m) => (
        <Group key={m.code} gap={6}>
          <Badge variant="light" color="orange">
            {m.label}
          </Badge>
          {/* The kinds of a risk read as one list (« Par ruissellement…, par remontées… »), not words run together. */}
          <Text size="sm">
            {risks.risks
              .filter((r) => r.parent === m.code)
              .map((r) => r.label)
              .join(' · ')}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function Icpe({ risks }: { risks: Risks }) {
  if (!risks.loaded.icpe) return <NotImported what="Export des installations classées (ICPE)" insee={risks.insee} />;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        Installations classées (ICPE) à moins de {metres(risks.radiusM)}
      </Text>
      {risks.icpe.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucune installation classée placée à moins de {metres(risks.radiusM)}.
        </Text>
      ) : (
        <Table withTableBorder striped fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Distance</Table.Th>
              <Table.Th scope="col">Exploitant</Table.Th>
              <Table.Th scope="col">Régime</Table.Th>
              <Table.Th scope="col">Adresse</Table.Th>
              <Table.Th scope="col">Dernière inspection</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {risks.icpe.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td style={{ textAlign: 'right' }}>{metres(i.distanceM)}</Table.Td>
                <Table.Td>{i.operator}</Table.Td>
                <Table.Td>
                  {i.regime ?? '—'}
                  {i.seveso && i.seveso !== 'Non Seveso' ? ` (${i.seveso})` : ''}
                </Table.Td>
                <Table.Td>
                  {i.address ?? '—'}{' '}
                  <Text span size="xs" c="dimmed">
                    ({PLACED_BY[i.placedBy]})
                  </Text>
                </Table.Td>
                <Table.Td>{i.lastInspection ? formatDate(i.lastInspection) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {risks.icpeUnplaced > 0 ? (
        <Text size="xs" c="dimmed">
          {risks.icpeUnplaced} installation{risks.icpeUnplaced > 1 ? 's' : ''} de la commune sans adresse reconnue dans la BAN{NBSP}: leur
          distance n’est pas connue.
        </Text>
      ) : null}
    </Stack>
  );
}

function Basias({ risks }: { risks: Risks }) {
  if (!risks.loaded.basias) return <NotImported what="Inventaire des anciens sites industriels (BASIAS)" insee={risks.insee} />;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        Anciens sites industriels et activités de service (BASIAS) à moins de {metres(risks.radiusM)}
      </Text>
      {risks.basias.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucun ancien site industriel inventorié à moins de {metres(risks.radiusM)}.
        </Text>
      ) : (
        <Table withTableBorder striped fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Distance</Table.Th>
              <Table.Th scope="col">Exploitants successifs</Table.Th>
              <Table.Th scope="col">Adresse</Table.Th>
              <Table.Th scope="col">État</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {risks.basias.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td style={{ textAlign: 'right' }}>{metres(b.distanceM)}</Table.Td>
                <Table.Td>{b.names ?? b.id}</Table.Td>
                <Table.Td>{b.address ?? '—'}</Table.Td>
                <Table.Td>{b.occupation ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** The risks of a parcel, on its sheet. */
export function ParcelRisks({ id }: { id: string }) {
  return <RisksBlock path={parcelRisksPath(id)} />;
}

/** The risks around an analysed address: its commune's, and the sites within 500 m of the point. */
export function PointRisks({ point }: { point: { lat: number; lon: number; insee: string } }) {
  return <RisksBlock path={pointRisksPath(point)} />;
}

function RisksBlock({ path }: { path: string }) {
  const { data, error, loading } = useRisks(path);
  return (
    <Stack gap={6} data-testid="parcel-risks">
      <Title order={3} size="h5">
        Risques
      </Title>
      {loading ? <Busy size="sm" label="Chargement des risques" /> : null}
      {error ? (
        <Alert color="red" title="Risques indisponibles">
          {error}
        </Alert>
      ) : null}
      {data ? (
        <>
          <CommuneRisks risks={data} />
          <Icpe risks={data} />
          <Basias risks={data} />
        </>
      ) : null}
    </Stack>
  );
}
