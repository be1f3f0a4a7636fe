/**
 * The detail of one DPE in a drawer: address, classes, the rental ban that applies to its class,
 * its parcel (link to the parcel sheet), the DVF sales on that parcel, its co-ownership, and
 * « Ajouter à une liste de prospection ».
 */
import { type DpeDetail, dpeDetailSchema } from '@immoloupe/shared/dpe/contracts';
import { formatDate, formatEuros, formatEurosPerSquareMetre, formatInteger, formatSurface, NBSP } from '@immoloupe/shared/format';
import { Alert, Anchor, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AddToListButton } from '~/features/prospecting/add-to-list-button';
import { ApiError, apiFetch } from '~/lib/api';
import { ClassBadge } from './dpe-table';

function RentalBan({ d, today }: { d: DpeDetail; today: string }) {
  if (!d.interdictionLocation)
    return (
      <Text size="sm">
        Classe {d.classe ?? 'inconnue'}
        {NBSP}: pas d’interdiction de louer prévue par la loi Climat et résilience.
      </Text>
    );
  const past = today >= d.interdictionLocation;
  return (
    <Alert color={past ? 'red' : 'orange'} title="Interdiction de louer (loi Climat et résilience)">
      {past
        ? `Logement classé ${d.classe}${NBSP}: interdit à la location (nouveau bail) depuis le ${formatDate(d.interdictionLocation)}.`
        : `Logement classé ${d.classe}${NBSP}: interdit à la location (nouveau bail) à partir du ${formatDate(d.interdictionLocation)}.`}
    </Alert>
  );
}

export function DpeDrawer({ numero, onClose }: { numero: string | null; onClose: () => void }) {
  const [detail, setDetail] = useState<DpeDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!numero) return;
    let live = true;
    setDetail(null);
    setError(null);
    apiFetch(`/api/dpe/${encodeURIComponent(numero)}`, dpeDetailSchema)
      .then((d) => live && setDetail(d))
      .catch((e: unknown) => live && setError(e instanceof ApiError ? e.message : 'Le DPE n’a pas pu être chargé.'));
    return () => {
      live = false;
    };
  }, [numero]);
  const address = detail ? [detail.address, detail.complement].filter(Boolean).join(', ') || 'Adresse inconnue' : '';
  return (
    <Drawer
      opened={numero !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={`DPE ${numero ?? ''}`}
      closeButtonProps={{ 'aria-label': 'Fermer la fiche' }}
    >
      {error ? <Alert color="red">{error}</Alert> : null}
      {!detail && !error ? <Loader aria-label="Chargement du DPE" /> : null}
      {detail ? (
        <Stack gap="sm" aria-label="Fiche du DPE">
          <Title order={3}>{address}</Title>
          <Text>
            {[detail.codePostal, detail.commune].filter(Boolean).join(' ')}
            {detail.etage !== null ? ` — étage ${detail.etage}` : ''}
          </Text>
          <Group gap="xs">
            <Text>Énergie</Text>
            <ClassBadge classe={detail.classe} />
            <Text>GES</Text>
            <ClassBadge classe={detail.ges} />
            <Text size="sm">
              établi le {formatDate(detail.date)}
              {detail.surface !== null ? `, ${formatSurface(detail.surface)}` : ''}
              {detail.conso !== null ? `, ${formatInteger(detail.conso)}${NBSP}kWhEP/m²/an` : ''}
            </Text>
          </Group>
          <RentalBan d={detail} today={new Date().toISOString().slice(0, 10)} />
          <AddToListButton
            kind="dpe"
            refId={detail.numero}
            label={`DPE ${detail.classe ?? ''} — ${address}`}
            address={`${address} ${detail.codePostal ?? ''} ${detail.commune ?? ''}`.trim()}
          />
          <Title order={4}>Parcelle</Title>
          {detail.parcel ? (
            <Text>
              <Anchor component={Link} to={`/pro/rechercheparcelle?parcelle=${detail.parcel.id}`}>
                Parcelle {detail.parcel.id}
              </Anchor>
              {detail.parcel.contenance !== null ? ` — ${formatSurface(detail.parcel.contenance)}` : ''}
            </Text>
          ) : (
            <Text size="sm">Parcelle inconnue{NBSP}: le cadastre ou la BAN de cette commune ne sont pas importés.</Text>
          )}
          <Title order={4}>Ventes DVF sur la parcelle</Title>
          {detail.sales.length === 0 ? (
            <Text size="sm">Aucune vente DVF chargée sur cette parcelle.</Text>
          ) : (
            <Table withTableBorder aria-label="Ventes sur la parcelle">
              <Table.Tbody>
                {detail.sales.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{formatDate(s.date)}</Table.Td>
                    <Table.Td>{s.type ?? s.nature}</Table.Td>
                    <Table.Td>{s.price === null ? '—' : formatEuros(s.price)}</Table.Td>
                    <Table.Td>{s.pricePerM2 === null ? '' : formatEurosPerSquareMetre(s.pricePerM2)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Title order={4}>Copropriété</Title>
          {detail.coproInfo ? (
            <Text>
              <Anchor component={Link} to={`/pro/recherchecopro?numero=${detail.coproInfo.numero}`}>
                {detail.coproInfo.nom ?? detail.coproInfo.numero}
              </Anchor>
              {detail.coproInfo.lots !== null ? ` — ${formatInteger(detail.coproInfo.lots)} lots` : ''}
              {detail.coproInfo.syndic ? ` — syndic ${detail.coproInfo.syndic}` : ''}
              {detail.coproInfo.finMandat ? ` (mandat jusqu’au ${formatDate(detail.coproInfo.finMandat)})` : ''}
            </Text>
          ) : (
            <Text size="sm">
              {detail.copro ? `Immatriculée ${detail.copro}, absente du registre chargé.` : 'Pas de copropriété indiquée sur ce DPE.'}
            </Text>
          )}
        </Stack>
      ) : null}
    </Drawer>
  );
}
