/**
 * The detail of one DPE in a drawer: address, classes, the rental ban that applies to its class,
 * its parcel (link to the parcel sheet), the DVF sales on that parcel, its co-ownership, and
 * « Ajouter à une liste de prospection ».
 */

import { mandateEnded } from '@immoloupe/shared/copro/mandate.logic';
import { type DpeDetail, dpeDetailSchema } from '@immoloupe/shared/dpe/contracts';
import { complementBesidesFloor, dpeFloor, dpePostalAddress, floorLabel } from '@immoloupe/shared/dpe/dpe-address.logic';
import { formatDate, formatInteger, formatSurface, NBSP, parisIsoDate } from '@immoloupe/shared/format';
import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AddToListButton } from '~/features/prospecting/add-to-list-button';
import { DetailDrawer, DetailSection, SalesTable } from '~/features/zone/search-parts';
import { useDetail } from '~/features/zone/use-search';
import { ClassBadge, dpeTarget } from './dpe-table';

const FAILURE = 'Le DPE n’a pas pu être chargé.';

/** Where the map puts a DPE that ADEME matched to its street only. */
const PLACEMENT_NOTES = {
  typedNumber: `Sur la carte${NBSP}: au numéro saisi par le diagnostiqueur, trouvé dans la Base Adresse Nationale (l’ADEME n’avait reconnu que la rue).`,
  street: `Sur la carte${NBSP}: sur la rue, position approximative (l’ADEME n’a reconnu que la rue, et la Base Adresse Nationale importée ne connaît pas de numéro saisi pour ce DPE).`,
} as const;

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
  const { detail, error } = useDetail(numero ? `/api/dpe/${encodeURIComponent(numero)}` : null, dpeDetailSchema, FAILURE);
  const address = detail ? dpePostalAddress(detail) || 'Adresse inconnue' : '';
  const floor = detail ? dpeFloor(detail) : null;
  const situation = detail
    ? [
        // Said again only where the address names the town otherwise (a village of a commune
        // nouvelle, « Paris » for an arrondissement).
        detail.commune && !address.includes(detail.commune) ? detail.commune : null,
        complementBesidesFloor(detail.complement),
        floor === null ? null : floorLabel(floor),
      ]
        .filter(Boolean)
        .join(' — ')
    : '';
  // The subscriber's calendar day, not UTC's (the day before until 1 or 2 a.m. in Paris).
  const today = parisIsoDate(new Date());
  return (
    <DetailDrawer
      opened={numero !== null}
      onClose={onClose}
      title={`DPE ${numero ?? ''}`}
      loading={detail ? null : 'Chargement du DPE'}
      error={error}
    >
      {detail ? (
        <Stack gap="sm" role="region" aria-label="Fiche du DPE">
          <Title order={3}>{address}</Title>
          {situation ? <Text>{situation}</Text> : null}
          {detail.placedAt === 'typedNumber' || detail.placedAt === 'street' ? (
            <Text size="sm" c="dimmed">
              {PLACEMENT_NOTES[detail.placedAt]}
            </Text>
          ) : null}
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
          <RentalBan d={detail} today={today} />
          <AddToListButton kind="dpe" refId={detail.numero} label={dpeTarget(detail).label} address={dpeTarget(detail).address ?? ''} />
          <DetailSection
            title="Parcelle"
            empty={
              detail.parcel
                ? null
                : detail.placedAt === 'street'
                  ? `Parcelle inconnue${NBSP}: l’ADEME n’a reconnu que la rue de ce logement.`
                  : `Parcelle inconnue${NBSP}: le cadastre ou la BAN de cette commune ne sont pas importés.`
            }
          >
            {detail.parcel ? (
              <Text>
                <Anchor component={Link} to={`/pro/rechercheparcelle?parcelle=${detail.parcel.id}`}>
                  Parcelle {detail.parcel.id}
                </Anchor>
                {detail.parcel.contenance !== null ? ` — ${formatSurface(detail.parcel.contenance)}` : ''}
              </Text>
            ) : null}
          </DetailSection>
          <DetailSection
            title="Ventes DVF sur la parcelle"
            empty={detail.sales.length === 0 ? 'Aucune vente DVF chargée sur cette parcelle.' : null}
          >
            <SalesTable label="Ventes sur la parcelle" sales={detail.sales.map((s) => ({ ...s, what: s.type ?? s.nature }))} />
          </DetailSection>
          <DetailSection
            title="Copropriété"
            empty={
              detail.coproInfo
                ? null
                : detail.copro
                  ? `Immatriculée ${detail.copro}, absente du registre chargé.`
                  : 'Pas de copropriété indiquée sur ce DPE.'
            }
          >
            {detail.coproInfo ? (
              <Text>
                <Anchor component={Link} to={`/pro/recherchecopro?numero=${detail.coproInfo.numero}`}>
                  {detail.coproInfo.nom ?? detail.coproInfo.numero}
                </Anchor>
                {detail.coproInfo.lots !== null ? ` — ${formatInteger(detail.coproInfo.lots)} lots` : ''}
                {detail.coproInfo.syndic ? ` — syndic ${detail.coproInfo.syndic}` : ''}
                {detail.coproInfo.finMandat
                  ? ` (mandat ${mandateEnded(detail.coproInfo, today) ? 'échu le' : 'jusqu’au'} ${formatDate(detail.coproInfo.finMandat)})`
                  : ''}
              </Text>
            ) : null}
          </DetailSection>
        </Stack>
      ) : null}
    </DetailDrawer>
  );
}
