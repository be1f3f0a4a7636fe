/**
 * One co-ownership in a drawer: syndic and mandate, its parcels (links to their sheet), its DPE, the
 * DVF sales on its parcels — or, when the RNIC gives no cadastral reference, the DPE and sales
 * matched by its address, with a note saying so.
 */
import { type CoproDetail, coproDetailSchema } from '@immoloupe/shared/copro/contracts';
import { mandateSentence } from '@immoloupe/shared/copro/mandate.logic';
import { formatDate, formatInteger, formatSiret, formatSurface, NBSP, parisIsoDate } from '@immoloupe/shared/format';
import { Alert, Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ClassBadge } from '~/features/dpe/dpe-table';
import { AddToListButton } from '~/features/prospecting/add-to-list-button';
import { DetailDrawer, DetailSection, SalesTable } from '~/features/zone/search-parts';
import { useDetail } from '~/features/zone/use-search';

const FAILURE = 'La copropriété n’a pas pu être chargée.';

/** How the DPE and sales of a co-ownership without cadastral references were matched: the agent knows it is an approximation. */
export function proximityNote(p: NonNullable<CoproDetail['proximity']>): string {
  const within = `à moins de ${formatInteger(p.radiusM)}${NBSP}m`;
  return p.by === 'adresse'
    ? `Ventes et DPE rapprochés par l’adresse (même numéro, même voie), ${within}${NBSP}: cette copropriété n’a pas de référence cadastrale au RNIC.`
    : `Ventes et DPE rapprochés par la position, ${within}${NBSP}: cette copropriété n’a ni référence cadastrale ni numéro dans son adresse au RNIC, ils peuvent être ceux d’un immeuble voisin.`;
}

/** Title, empty sentence and table name of the sales section. */
function salesWording(p: CoproDetail['proximity']) {
  if (p === null)
    return {
      title: 'Ventes DVF sur ses parcelles',
      empty: 'Aucune vente DVF chargée sur ces parcelles.',
      label: 'Ventes sur les parcelles',
    };
  if (p.by === 'adresse')
    return { title: 'Ventes DVF à son adresse', empty: 'Aucune vente DVF chargée à cette adresse.', label: 'Ventes à l’adresse' };
  const within = `à moins de ${formatInteger(p.radiusM)}${NBSP}m`;
  return { title: `Ventes DVF ${within}`, empty: `Aucune vente DVF chargée ${within}.`, label: `Ventes ${within}` };
}

export function CoproDrawer({ numero, onClose }: { numero: string | null; onClose: () => void }) {
  const { detail: c, error } = useDetail(numero ? `/api/copros/${encodeURIComponent(numero)}` : null, coproDetailSchema, FAILURE);
  const sales = salesWording(c?.proximity ?? null);
  return (
    <DetailDrawer
      opened={numero !== null}
      onClose={onClose}
      title={`Copropriété ${numero ?? ''}`}
      loading={c ? null : 'Chargement de la copropriété'}
      error={error}
    >
      {c ? (
        <Stack gap="sm" role="region" aria-label="Fiche de la copropriété">
          <Title order={3}>{c.nom ?? c.numero}</Title>
          <Text>{c.adresse}</Text>
          <Text size="sm">
            {c.lots !== null ? `${formatInteger(c.lots)} lots` : 'Lots inconnus'}
            {c.lotsHabitation !== null ? `, dont ${c.lotsHabitation === 0 ? 'aucun' : formatInteger(c.lotsHabitation)} d’habitation` : ''}
            {c.lotsStationnement !== null
              ? ` et ${c.lotsStationnement === 0 ? 'aucun' : formatInteger(c.lotsStationnement)} de stationnement`
              : ''}
            .
          </Text>
          <Text>
            Syndic{NBSP}: {c.syndic ?? c.typeSyndic ?? 'inconnu'}
            {c.siret ? ` (SIRET ${formatSiret(c.siret)})` : ''} — {mandateSentence(c, c.asOf, parisIsoDate(new Date()))}
          </Text>
          <AddToListButton kind="copro" refId={c.numero} label={c.nom ?? c.numero} address={c.adresse ?? ''} />
          <DetailSection title="Parcelles" empty={c.parcels.length === 0 ? 'Aucune référence cadastrale dans le registre.' : null}>
            {c.parcels.map((p) => (
              <Text key={p.id}>
                <Anchor component={Link} to={`/pro/rechercheparcelle?parcelle=${p.id}`}>
                  {p.id}
                </Anchor>
                {p.contenance !== null ? ` — ${formatSurface(p.contenance)}` : ''}
                {p.inCadastre ? '' : ' (absente du cadastre chargé)'}
              </Text>
            ))}
          </DetailSection>
          {c.proximity ? (
            <Alert color="yellow" role="note">
              {proximityNote(c.proximity)}
            </Alert>
          ) : null}
          <DetailSection title="DPE de l’immeuble" empty={c.dpe.length === 0 ? 'Aucun DPE chargé pour cette copropriété.' : null}>
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
          </DetailSection>
          <DetailSection title={sales.title} empty={c.sales.length === 0 ? sales.empty : null}>
            <SalesTable
              label={sales.label}
              sales={c.sales.map((s) => ({ ...s, what: `${formatInteger(s.locaux)} lot${s.locaux > 1 ? 's' : ''}` }))}
            />
          </DetailSection>
        </Stack>
      ) : null}
    </DetailDrawer>
  );
}
