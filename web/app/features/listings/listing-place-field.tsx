/**
 * Where the listing is: a pasted text rarely says, and without a position the analysis stops at
 * the commune (no sales within 500 m, no estimate by comparables). The agent who knows the address
 * picks it here; the listing is then placed there, its postcode and town taken from the address.
 */
import type { ListingFields } from '@immoloupe/shared/listings/store.logic';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { AddressSearch } from '~/features/market/address-search';

/** « 139 Avenue Carnot 93140 Bondy » → its postcode and town. */
export function postcodeAndTown(label: string): { postcode: string; city: string } | null {
  const m = /\b(\d{5})\s+(.+)$/.exec(label.trim());
  return m?.[1] && m[2] ? { postcode: m[1], city: m[2] } : null;
}

export function ListingPlaceField({
  fields,
  readFromPage,
  onPlace,
}: {
  fields: ListingFields;
  /** The page gave the position itself. */
  readFromPage: boolean;
  onPlace: (f: ListingFields) => void;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const placed = fields.lat != null && fields.lon != null;
  return (
    <div>
      <AddressSearch
        label="Adresse du bien"
        required={false}
        description="Facultative. Placée, l’annonce est comparée aux ventes à 500 m et estimée par comparables."
        value=""
        onPick={(a) => {
          if (!a) return;
          setPicked(a.label);
          onPlace({ ...fields, lat: a.lat, lon: a.lon, ...(postcodeAndTown(a.label) ?? {}) });
        }}
      />
      <Text size="xs" c="dimmed" mt={4} data-testid="position-annonce">
        {picked && placed
          ? `Annonce placée\u00a0: ${picked}.`
          : placed && readFromPage
            ? 'Position lue sur la page de l’annonce.'
            : placed
              ? 'Annonce placée.'
              : 'Annonce non placée.'}
      </Text>
    </div>
  );
}
