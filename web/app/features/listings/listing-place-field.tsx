/**
 * Where the listing is: a pasted text rarely says, and without a position the analysis stops at
 * the commune (no sales within 500 m, no estimate by comparables). The agent who knows the address
 * picks it here; the listing is then placed there, its postcode and town taken from the address.
 */
import type { ListingFields } from '@immoloupe/shared/listings/store.logic';
import { addressAnalysisUrl } from '@immoloupe/shared/market/address-contracts';
import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { AddressSearch } from '~/features/market/address-search';

/** « 139 Avenue Carnot, 93140 Bondy » → its postcode and town. */
export function postcodeAndTown(label: string): { postcode: string; city: string } | null {
  const m = /\b(\d{5})\s+(.+)$/.exec(label.trim());
  return m?.[1] && m[2] ? { postcode: m[1], city: m[2] } : null;
}

/**
 * « 139 Avenue Carnot, 93140 Bondy » → « 139 Avenue Carnot », stored apart from the postcode and town;
 * null for a pick without a street (a commune, « Bondy (93140) », or a parcel).
 */
export function streetOf(label: string): string | null {
  const text = label.trim();
  const m = /\b(\d{5})\s+(.+)$/.exec(text);
  return m ? text.slice(0, m.index).replace(/[\s,]+$/, '') || null : null;
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
          onPlace({
            ...fields,
            lat: a.lat,
            lon: a.lon,
            ...(postcodeAndTown(a.label) ?? {}),
            streetAddress: streetOf(a.label),
            placedByBan: a.placedByBan ?? false,
          });
        }}
      />
      <Text size="xs" c="dimmed" mt={4} data-testid="position-annonce">
        {picked && placed ? (
          `Annonce placée\u00a0: ${picked}.`
        ) : placed && readFromPage ? (
          // The portal gives a point, not an address: the point is shown, so that the sentence does
          // not claim a place the empty address field above does not show.
          <>
            Position lue sur la page de l’annonce, sans adresse (souvent arrondie par le portail){'\u00a0'}:{' '}
            {/* A new tab: following it here would lose the listing being analysed. */}
            <Anchor
              href={addressAnalysisUrl({ lat: fields.lat as number, lon: fields.lon as number })}
              target="_blank"
              rel="noopener noreferrer"
              size="xs"
            >
              voir ce point
            </Anchor>
            . Indiquez l’adresse si vous la connaissez.
          </>
        ) : placed ? (
          'Annonce placée.'
        ) : (
          'Annonce non placée.'
        )}
      </Text>
    </div>
  );
}
