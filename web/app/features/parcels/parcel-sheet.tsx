/**
 * The parcel sheet, under the parcel search: area, section, vintage, BAN addresses, DVF sales, DPE,
 * co-ownerships, legal-entity owners, the risks and the building permits around it, with its
 * shareable link (`?parcelle=<id>`) and the « Ajouter à une liste de prospection » and
 * « Enregistrer l’adresse » buttons.
 */
import { mandateEnded } from '@immoloupe/shared/copro/mandate.logic';
import { formatDate, formatEuros, formatSurface, parisIsoDate } from '@immoloupe/shared/format';
import type { Parcel } from '@immoloupe/shared/opendata/contracts';
import { departementOfCodes } from '@immoloupe/shared/opendata/import-hint';
import { OWNER_GROUP_LABELS } from '@immoloupe/shared/owners/legal-forms.logic';
import { type ParcelSheet, parcelSheetPath } from '@immoloupe/shared/parcels/sheet-contracts';
import { Alert, Anchor, Badge, Button, CopyButton, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { Busy } from '~/components/busy';
import { ImportHint } from '~/components/import-hint';
import { AddToListButton } from '~/features/prospecting/add-to-list-button';
import { ParcelPermits } from '~/features/risks/parcel-permits';
import { ParcelRisks } from '~/features/risks/parcel-risks';
import { SaveAddressButton } from '~/features/saved-addresses/save-address-button';
import { ParcelUrbanismBlock } from '~/features/urbanism/parcel-urbanism';
import { coverageText, footprintText } from './parcel-table';
import { useParcelSheet } from './use-parcel-sheet';

function Section({ title, empty, children }: { title: string; empty: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {empty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        children
      )}
    </Stack>
  );
}

function Owners({ sheet }: { sheet: ParcelSheet }) {
  const empty = !sheet.ownersLoaded ? (
    <>
      Fichier des personnes morales (DGFiP) non importé pour ce département.{' '}
      <ImportHint source="personnes-morales" departement={departementOfCodes([sheet.parcel.codeCommune])} />
    </>
  ) : sheet.owners.length === 0 ? (
    'Aucune personne morale ne détient de droit sur cette parcelle (le propriétaire est alors un particulier, jamais publié).'
  ) : null;
  return (
    <Section title="Propriétaires personnes morales" empty={empty}>
      <Table withTableBorder striped fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Dénomination</Table.Th>
            <Table.Th scope="col">SIREN</Table.Th>
            <Table.Th scope="col">Forme juridique</Table.Th>
            <Table.Th scope="col">Droit</Table.Th>
            <Table.Th scope="col">Catégorie</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sheet.owners.map((o) => (
            <Table.Tr key={`${o.on}-${o.siren}-${o.name}-${o.right}`}>
              <Table.Td>{o.name}</Table.Td>
              <Table.Td style={{ fontFamily: 'monospace' }}>{o.siren ?? '—'}</Table.Td>
              <Table.Td>{o.legalFormLabel ?? '—'}</Table.Td>
              <Table.Td>
                {o.right ?? '—'}
                {o.on === 'local' ? ' (local)' : ''}
              </Table.Td>
              <Table.Td>{o.naturalPerson ? 'Personne physique' : OWNER_GROUP_LABELS[o.group]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

export function ParcelSheetPanel({ id, onParcel }: { id: string; onParcel?: (p: Parcel) => void }) {
  const { sheet, error, loading } = useParcelSheet(id);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sheet) onParcel?.(sheet.parcel);
  }, [sheet, onParcel]);
  // The sheet is drawn under the results (a hundred rows): without this, a click on a row shows nothing.
  useEffect(() => {
    if (!sheet) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    panel.current?.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }, [sheet]);
  if (loading) return <Busy size="sm" label="Chargement de la fiche de la parcelle" />;
  if (error)
    return (
      <Alert color="red" title="Fiche de parcelle indisponible">
        {error}
      </Alert>
    );
  if (!sheet) return null;
  const p = sheet.parcel;
  const link = typeof window === 'undefined' ? parcelSheetPath(p.id) : `${window.location.origin}${parcelSheetPath(p.id)}`;
  const owner = sheet.owners.find((o) => o.right === 'Propriétaire' && !o.naturalPerson) ?? null;
  const ban = sheet.addresses[0];
  const address = ban?.label ?? sheet.ownersFileAddress ?? `${sheet.commune?.nom ?? p.codeCommune}, section ${p.section} n° ${p.numero}`;
  // Saved at its BAN address when it has one, else at the parcel's centroid under its cadastral name.
  const saved = {
    label: address,
    lon: ban?.lon ?? p.centroid.lon,
    lat: ban?.lat ?? p.centroid.lat,
    insee: p.codeCommune,
    idParcelle: p.id,
  };
  return (
    <Paper ref={panel} withBorder p="md" role="region" aria-label={`Fiche de la parcelle ${p.id}`} data-testid="parcel-sheet">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h3">
              Parcelle {p.section} {p.numero} — {sheet.commune?.nom ?? p.codeCommune}
            </Title>
            <Text size="sm" style={{ fontFamily: 'monospace' }}>
              {p.id}
            </Text>
          </Stack>
          <Group gap="xs">
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button variant="default" size="xs" onClick={copy}>
                  {copied ? 'Lien copié' : 'Copier le lien de la fiche'}
                </Button>
              )}
            </CopyButton>
            <AddToListButton
              kind="parcel"
              refId={p.id}
              label={`Parcelle ${p.section} ${p.numero} (${p.id})`}
              address={address}
              ownerName={owner?.name ?? null}
            />
            <SaveAddressButton key={p.id} address={saved} size="xs" />
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Text size="sm">
            <strong>Contenance</strong>
            <br />
            {p.contenance === null ? '—' : formatSurface(p.contenance)}
          </Text>
          <Text size="sm">
            <strong>Section</strong>
            <br />
            {p.section} ({sheet.codeSection})
          </Text>
          <Text size="sm">
            <strong>État</strong>
            <br />
            {p.current ? (
              <Badge variant="outline" color="teal">
                Actuelle
              </Badge>
            ) : (
              <Badge variant="outline" color="gray">
                Disparue
              </Badge>
            )}
          </Text>
          <Text size="sm">
            <strong>Millésimes</strong>
            <br />
            {sheet.firstVintage ? formatDate(sheet.firstVintage) : '—'} → {sheet.lastVintage ? formatDate(sheet.lastVintage) : '—'}
          </Text>
          {sheet.land ? (
            <>
              <Text size="sm">
                <strong>Emprise bâtie</strong>
                <br />
                {footprintText(sheet.land)}
              </Text>
              <Text size="sm">
                <strong>Couverture bâtie</strong>
                <br />
                {coverageText(sheet.land)}
              </Text>
            </>
          ) : null}
        </SimpleGrid>
        <Owners sheet={sheet} />
        <Section
          title="Adresses (BAN)"
          empty={
            sheet.addresses.length > 0 ? null : sheet.ownersFileAddress ? (
              <>
                Aucune adresse de la Base Adresse Nationale ne nomme cette parcelle. Adresse du fichier des personnes morales (DGFiP)&nbsp;:{' '}
                {sheet.ownersFileAddress}
              </>
            ) : (
              'Aucune adresse de la Base Adresse Nationale ne nomme cette parcelle.'
            )
          }
        >
          <Text size="sm">{sheet.addresses.map((a) => a.label).join(' · ')}</Text>
        </Section>
        <Section title="Ventes DVF" empty={sheet.sales.length === 0 ? 'Aucune vente DVF importée sur cette parcelle.' : null}>
          <Table withTableBorder striped fz="sm">
            <Table.Tbody>
              {sheet.sales.map((s) => (
                <Table.Tr key={s.idMutation}>
                  <Table.Td>{formatDate(s.date)}</Table.Td>
                  <Table.Td>{s.nature}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{s.price === null ? '—' : formatEuros(s.price)}</Table.Td>
                  <Table.Td>{s.address ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
        <Section title="DPE" empty={sheet.dpe.length === 0 ? 'Aucun DPE importé sur cette parcelle.' : null}>
          <Table withTableBorder striped fz="sm">
            <Table.Tbody>
              {sheet.dpe.map((d) => (
                <Table.Tr key={d.numeroDpe}>
                  <Table.Td>{d.date ? formatDate(d.date) : '—'}</Table.Td>
                  <Table.Td>
                    {d.etiquetteDpe ?? '—'} / {d.etiquetteGes ?? '—'}
                  </Table.Td>
                  <Table.Td>{d.typeBatiment ?? ''}</Table.Td>
                  <Table.Td>{d.surface === null ? '' : formatSurface(d.surface)}</Table.Td>
                  <Table.Td>{d.address ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
        <Section
          title="Copropriétés (RNIC)"
          empty={sheet.copros.length === 0 ? 'Aucune copropriété immatriculée sur cette parcelle.' : null}
        >
          {sheet.copros.map((c) => (
            <Text size="sm" key={c.numero}>
              {c.name ?? c.numero} — {c.address ?? ''} — {c.lots ?? '?'} lots — syndic {c.syndicName ?? c.syndicType ?? 'non connu'}
              {c.mandateEnd
                ? `, mandat ${mandateEnded({ finMandat: c.mandateEnd }, parisIsoDate(new Date())) ? 'échu le' : 'jusqu’au'} ${formatDate(c.mandateEnd)}`
                : ''}
            </Text>
          ))}
        </Section>
        <ParcelUrbanismBlock key={`plu-${p.id}`} id={p.id} codeCommune={p.codeCommune} />
        <ParcelRisks key={`risks-${p.id}`} id={p.id} />
        <ParcelPermits key={`permits-${p.id}`} id={p.id} />
        <Text size="xs" c="dimmed">
          Lien de la fiche{'\u00a0'}:{' '}
          <Anchor href={parcelSheetPath(p.id)} size="xs">
            {parcelSheetPath(p.id)}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
