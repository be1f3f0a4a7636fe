/** One co-ownership in a drawer: syndic and mandate, its parcels (links to their sheet), its DPE, the DVF sales on its parcels. */
import { type CoproDetail, coproDetailSchema } from '@immoloupe/shared/copro/contracts';
import { formatDate, formatEuros, formatEurosPerSquareMetre, formatInteger, formatSurface, NBSP } from '@immoloupe/shared/format';
import { Alert, Anchor, Drawer, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ClassBadge } from '~/features/dpe/dpe-table';
import { AddToListButton } from '~/features/prospecting/add-to-list-button';
import { ApiError, apiFetch } from '~/lib/api';

export function CoproDrawer({ numero, onClose }: { numero: string | null; onClose: () => void }) {
  const [c, setC] = useState<CoproDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!numero) return;
    let live = true;
    setC(null);
    setError(null);
    apiFetch(`/api/copros/${encodeURIComponent(numero)}`, coproDetailSchema)
      .then((d) => live && setC(d))
      .catch((e: unknown) => live && setError(e instanceof ApiError ? e.message : 'La copropriété n’a pas pu être chargée.'));
    return () => {
      live = false;
    };
  }, [numero]);
  return (
    <Drawer
      opened={numero !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={`Copropriété ${numero ?? ''}`}
      closeButtonProps={{ 'aria-label': 'Fermer la fiche' }}
    >
      {error ? <Alert color="red">{error}</Alert> : null}
      {!c && !error ? <Loader aria-label="Chargement de la copropriété" /> : null}
      {c ? (
        <Stack gap="sm" aria-label="Fiche de la copropriété">
          <Title order={3}>{c.nom ?? c.numero}</Title>
          <Text>{c.adresse}</Text>
          <Text size="sm">
            {c.lots !== null ? `${formatInteger(c.lots)} lots` : 'Lots inconnus'}
            {c.lotsHabitation !== null ? `, dont ${formatInteger(c.lotsHabitation)} d’habitation` : ''}
            {c.lotsStationnement !== null ? ` et ${formatInteger(c.lotsStationnement)} de stationnement` : ''}.
          </Text>
          <Text>
            Syndic{NBSP}: {c.syndic ?? c.typeSyndic ?? 'inconnu'}
            {c.siret ? ` (SIRET ${c.siret})` : ''} — {c.mandatEnCours ?? 'mandat inconnu'}
            {c.finMandat ? `, fin du dernier mandat le ${formatDate(c.finMandat)}` : ''}
          </Text>
          <AddToListButton kind="copro" refId={c.numero} label={c.nom ?? c.numero} address={c.adresse ?? ''} />
          <Title order={4}>Parcelles</Title>
          {c.parcels.length === 0 ? (
            <Text size="sm">Aucune référence cadastrale dans le registre.</Text>
          ) : (
            c.parcels.map((p) => (
              <Text key={p.id}>
                <Anchor component={Link} to={`/pro/rechercheparcelle?parcelle=${p.id}`}>
                  {p.id}
                </Anchor>
                {p.contenance !== null ? ` — ${formatSurface(p.contenance)}` : ''}
                {p.inCadastre ? '' : ' (absente du cadastre chargé)'}
              </Text>
            ))
          )}
          <Title order={4}>DPE de l’immeuble</Title>
          {c.dpe.length === 0 ? (
            <Text size="sm">Aucun DPE chargé pour cette copropriété.</Text>
          ) : (
            <Table withTableBorder aria-label="DPE de la copropriété">
              <Table.Tbody>
                {c.dpe.map((d) => (
                  <Table.Tr key={d.numero}>
                    <Table.Td>{formatDate(d.date)}</Table.Td>
                    <Table.Td>
                      <ClassBadge classe={d.classe} />
                    </Table.Td>
                    <Table.Td>{d.surface === null ? '' : formatSurface(d.surface)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Title order={4}>Ventes DVF sur ses parcelles</Title>
          {c.sales.length === 0 ? (
            <Text size="sm">Aucune vente DVF chargée sur ces parcelles.</Text>
          ) : (
            <Table withTableBorder aria-label="Ventes sur les parcelles">
              <Table.Tbody>
                {c.sales.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{formatDate(s.date)}</Table.Td>
                    <Table.Td>
                      {formatInteger(s.locaux)} lot{s.locaux > 1 ? 's' : ''}
                    </Table.Td>
                    <Table.Td>{s.price === null ? '—' : formatEuros(s.price)}</Table.Td>
                    <Table.Td>{s.pricePerM2 === null ? '' : formatEurosPerSquareMetre(s.pricePerM2)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      ) : null}
    </Drawer>
  );
}
