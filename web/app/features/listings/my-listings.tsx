/**
 * /pro/mesannonces: the subscriber's saved listings with their status, notes, sources and price
 * history (a drop is flagged), the analysis of each (in a window), and the CSV export of them all;
 * a page of 50 at a time in the order the server sorts (last seen, publication, price, €/m²).
 */

import { formatDate, formatInteger, formatSurface } from '@immoloupe/shared/format';
import { PORTAL_LABELS } from '@immoloupe/shared/listings/contracts';
import { LISTING_STATUS_LABELS, LISTING_STATUSES, type ListingFields, type SavedListing } from '@immoloupe/shared/listings/store.logic';
import { displayTown } from '@immoloupe/shared/listings/text.logic';
import { addressAnalysisUrl } from '@immoloupe/shared/market/address-contracts';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PagedList, splitOrder } from '~/components/paged-list';
import { Select } from '~/components/select';
import { ApiError } from '~/lib/api';
import { AnalysisButton } from './analysis-button';
import { SAVED_LISTINGS_CSV_URL } from './api';
import { SERVER_ORDERS } from './list-orders';
import { priceHistoryLabel, priceLabel, pricePerM2Label } from './price-labels';
import { type ListingChange, type SavedListingsView, useListingChange, useSavedListingsPage } from './use-saved-listings';

/** The fields the analysis takes, from a saved listing (its first source for the portal). */
function fieldsOfSaved(l: SavedListing): ListingFields {
  const source = l.sources[0];
  const { id, status, notes, photoUrl, firstSeenAt, lastSeenAt, sources, prices, priceDrop, ...fields } = l;
  return { ...fields, portal: source?.portal ?? 'leboncoin', url: source?.url ?? null, portalId: source?.portalId ?? null };
}

/**
 * The address analysis at a listing's position: for an address the agent picked in the BAN, that
 * address as the analysis wrote it (« 139 Avenue Carnot, 93140 Bondy ») and a point credited to the BAN.
 */
function positionHref(l: SavedListing, lat: number, lon: number): string {
  if (!l.placedByBan) return addressAnalysisUrl({ lat, lon });
  const town = [l.postcode, l.city && displayTown(l.city)].filter(Boolean).join(' ');
  return addressAnalysisUrl({ lat, lon, address: [l.streetAddress, town].filter(Boolean).join(', '), placedByBan: true });
}

function ListingCard({ l }: { l: SavedListing }) {
  const [notes, setNotes] = useState(l.notes);
  const [error, setError] = useState<string | null>(null);
  const [notesSaved, setNotesSaved] = useState(false);
  const change = useListingChange();
  const run = (c: ListingChange) =>
    change
      .mutateAsync(c)
      .then(() => {
        setError(null);
        return true;
      })
      .catch((e: unknown) => {
        setError(e instanceof ApiError ? (e.issues[0]?.message ?? e.message) : 'La modification a échoué.');
        return false;
      });
  const url = l.sources.find((s) => s.url)?.url;
  // The street picked in « Adresse du bien » when the listing was placed by its address.
  const place = [l.streetAddress, l.district, [l.postcode, l.city && displayTown(l.city)].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <Card withBorder data-testid="mon-annonce">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3}>{l.title ?? 'Annonce sans titre'}</Title>
          {l.priceDrop && (
            <Badge color="green" variant="outline">
              Baisse de prix
            </Badge>
          )}
        </Group>
        <Text>
          {[
            l.price ? priceLabel(l.price, l.transaction) : null,
            l.surface ? formatSurface(l.surface) : null,
            l.price && l.surface ? pricePerM2Label(l.price / l.surface, l.transaction) : null,
            l.dpeClass ? `DPE ${l.dpeClass}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {place && (
          <Text size="sm" data-testid="lieu-annonce">
            {place}
            {l.lat != null && l.lon != null && (
              <>
                {' · '}
                <Anchor href={positionHref(l, l.lat, l.lon)} target="_blank" rel="noopener noreferrer" size="sm">
                  voir sa position
                </Anchor>
              </>
            )}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          Suivie depuis le {formatDate(l.firstSeenAt)} · vue sur {l.sources.map((s) => PORTAL_LABELS[s.portal]).join(', ')} · historique des
          prix (un par jour et par site){'\u00a0'}: {priceHistoryLabel(l) || 'aucun prix'}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group align="end">
          <Select
            label="Statut"
            value={l.status}
            onChange={(v) => v && run({ id: l.id, update: { status: v } })}
            data={LISTING_STATUSES.map((s) => ({ value: s, label: LISTING_STATUS_LABELS[s] }))}
            allowDeselect={false}
          />
          <Textarea
            label="Notes"
            value={notes}
            onChange={(e) => {
              setNotes(e.currentTarget.value);
              setNotesSaved(false);
            }}
            autosize
            minRows={1}
            // On a phone the notes take a line of their own rather than a column of a few letters.
            style={{ flex: 1, minWidth: 240 }}
          />
          <Button variant="outline" onClick={() => run({ id: l.id, update: { notes } }).then(setNotesSaved)} disabled={notes === l.notes}>
            Enregistrer les notes
          </Button>
          <Button
            variant="subtle"
            color="red"
            onClick={() =>
              window.confirm(
                `Retirer «\u00a0${l.title ?? 'Annonce sans titre'}\u00a0» de Mes annonces\u00a0? Ses notes et son historique de prix seront perdus.`,
              ) && run({ id: l.id, remove: true })
            }
          >
            Retirer
          </Button>
        </Group>
        {notesSaved && (
          <Text size="sm" c="teal" role="status">
            Notes enregistrées.
          </Text>
        )}
        <Group gap="md">
          <AnalysisButton fields={fieldsOfSaved(l)} title={l.title ?? 'Analyse de l’annonce'} />
          {url && (
            <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
              Voir l’annonce
            </Anchor>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

export function MyListings() {
  const [view, setView] = useState<SavedListingsView>({ page: 1, sort: 'recent', order: 'desc' });
  const { data, error } = useSavedListingsPage(view);
  const list = data?.listings ?? null;
  if (error)
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  if (!data || !list) return <Text>Chargement…</Text>;
  if (data.total === 0)
    return (
      <Text>
        Aucune annonce suivie. Analysez une annonce sur{' '}
        <Anchor component={Link} to="/pro/analyseannonce">
          Analyse d’annonce
        </Anchor>{' '}
        puis « Enregistrer dans Mes annonces », ou enregistrez-la depuis le portail avec l’
        <Anchor component={Link} to="/pro/extension">
          extension Immoloupe
        </Anchor>
        .
      </Text>
    );
  return (
    <PagedList
      label="Mes annonces"
      count={`${formatInteger(data.total)}\u00a0annonce${data.total > 1 ? 's' : ''} suivie${data.total > 1 ? 's' : ''}`}
      countTestId="saved-listings-total"
      page={data.page}
      pageSize={data.pageSize}
      total={data.total}
      order={`${view.sort}:${view.order}`}
      orders={SERVER_ORDERS}
      onOrder={(value) => setView({ page: 1, ...splitOrder(value) })}
      onPage={(page) => setView({ ...view, page })}
      actions={
        <Button component="a" href={SAVED_LISTINGS_CSV_URL} variant="default" download>
          Exporter en CSV
        </Button>
      }
    >
      {list.map((l) => (
        // Keyed by id alone: a reload after a change keeps the notes being typed and the confirmation.
        <ListingCard key={l.id} l={l} />
      ))}
    </PagedList>
  );
}
