/**
 * Address autocomplete on the geocoder of the imported BAN (`GET /api/geocode`): the agent types,
 * picks a suggestion, and the page gets its position, commune and parcel.
 */
import { NBSP } from '@immoloupe/shared/format';
import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { Busy } from '~/components/busy';
import { ImportHint } from '~/components/import-hint';
import { ApiError, apiFetch } from '~/lib/api';

export interface PickedAddress {
  label: string;
  lon: number;
  lat: number;
  insee: string;
  idParcelle: string | null;
  /**
   * The position is the Base Adresse Nationale's (an address or a street); not a parcel's centroid
   * nor a commune's centre, which a map must not credit to the BAN.
   */
  placedByBan?: boolean;
}

// The part of the geocoder's answer (`GET /api/geocode`, docs/data-model.md) this picker reads.
const suggestionSchema = z.object({
  type: z.string(),
  label: z.string(),
  lon: z.number().nullable(),
  lat: z.number().nullable(),
  address: z.object({ codeInsee: z.string().nullable() }).nullable(),
  commune: z.object({ code: z.string() }).nullable(),
  parcel: z.object({ id: z.string() }).nullable(),
});
const suggestionsSchema = z.object({ results: z.array(suggestionSchema) });

/**
 * A suggestion; a commune has no position of its own: it is placed when picked (`placeCommune`).
 * `street`: a street without a number, placed on the street as a whole.
 */
export type Suggestion = PickedAddress & { approximate: boolean; street: boolean };

/** What the field says under a street picked where the agent typed a number the BAN does not have. */
export function streetHint(typed: string): string {
  const number = /^\s*(\d+\s*(?:bis|ter|[a-d])?)\b/i.exec(typed)?.[1]?.trim();
  return number
    ? `Le numéro ${number} n’est pas dans la Base Adresse Nationale importée${NBSP}: la position est celle de la rue, approximative. Vérifiez l’adresse du bien.`
    : `Position approximative (la rue)${NBSP}: précisez le numéro si possible.`;
}

export async function searchAddresses(q: string): Promise<Suggestion[]> {
  const body = await apiFetch(`/api/geocode?q=${encodeURIComponent(q)}&limit=8`, suggestionsSchema);
  const picked: Suggestion[] = [];
  for (const r of body.results) {
    const insee = r.address?.codeInsee ?? r.commune?.code ?? r.parcel?.id.slice(0, 5) ?? null;
    if (!insee) continue;
    if (r.lon === null || r.lat === null) {
      if (r.type === 'commune')
        picked.push({ label: r.label, lon: Number.NaN, lat: Number.NaN, insee, idParcelle: null, approximate: true, street: false });
      continue;
    }
    picked.push({
      label: r.label,
      lon: r.lon,
      lat: r.lat,
      insee,
      idParcelle: r.parcel?.id ?? null,
      approximate: false,
      street: r.type === 'voie',
      // Addresses and streets come from the BAN, imported or through the Géoplateforme, which serves it.
      placedByBan: r.type === 'adresse' || r.type === 'voie',
    });
  }
  return picked;
}

const NO_SUGGESTIONS: Suggestion[] = [];

const centreSchema = z.object({ lon: z.number(), lat: z.number() });

/** A commune picked without an address: placed at the centre of its sales (the agent may refine). */
async function placeCommune(s: Suggestion): Promise<PickedAddress> {
  const c = await apiFetch(`/api/market/communes/${s.insee}/centre`, centreSchema);
  return { label: s.label, lon: c.lon, lat: c.lat, insee: s.insee, idParcelle: null };
}

export function AddressSearch({
  value,
  onPick,
  label = 'Adresse',
  error,
  disabled = false,
  required = true,
  description = null,
}: {
  value: string;
  onPick: (a: PickedAddress | null, text: string) => void;
  label?: string;
  error?: string | null;
  disabled?: boolean;
  required?: boolean;
  description?: string | null;
}) {
  const [text, setText] = useState(value);
  const [placeProblem, setPlaceProblem] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  // Each change of the field: a commune placed after the agent typed on is not theirs any more.
  const change = useRef(0);
  // What the agent typed before picking (the pick replaces it with the suggestion's label).
  const typed = useRef(value);
  const [query] = useDebouncedValue(text.trim(), 250);
  // The suggestions last offered: the text of one picked is not searched again.
  const offered = useRef<Suggestion[]>(NO_SUGGESTIONS);

  useEffect(() => setText(value), [value]);

  const found = useQuery({
    queryKey: ['geocode', 'addresses', query],
    queryFn: () => searchAddresses(query),
    // A suggestion picked is not searched again; the suggestions stay offered meanwhile.
    enabled: query.length >= 3 && !offered.current.some((o) => o.label === text),
    placeholderData: keepPreviousData,
  });
  const options = found.data ?? NO_SUGGESTIONS;
  offered.current = options;
  const loading = found.isFetching;
  const searchProblem: ReactNode = found.error ? (
    found.error instanceof ApiError ? (
      found.error.message
    ) : (
      'Recherche d’adresse indisponible.'
    )
  ) : found.data?.length === 0 ? (
    <>
      Aucune adresse trouvée dans les données importées. <ImportHint source="ban" />
    </>
  ) : null;
  const problem = placeProblem ?? searchProblem;

  return (
    <Autocomplete
      label={label}
      disabled={disabled}
      placeholder="ex. 139 avenue Carnot Bondy"
      value={text}
      data={[...new Set(options.map((o) => o.label))]}
      filter={({ options: all }) => all}
      onChange={(v) => {
        const id = ++change.current;
        setText(v);
        setPlaceProblem(null);
        const picked = options.find((o) => o.label === v) ?? null;
        setHint(null);
        if (!picked) {
          typed.current = v;
          return onPick(null, v);
        }
        if (picked.street) setHint(streetHint(typed.current));
        if (!picked.approximate) return onPick(picked, v);
        placeCommune(picked)
          .then((placed) => {
            if (id !== change.current) return;
            setHint(`Position approximative (centre des ventes de la commune)${NBSP}: précisez l’adresse si possible.`);
            onPick(placed, v);
          })
          .catch(
            (err: unknown) =>
              id === change.current && setPlaceProblem(err instanceof ApiError ? err.message : 'Commune impossible à situer.'),
          );
      }}
      rightSection={loading ? <Busy size="xs" /> : null}
      error={error ?? problem}
      description={hint ?? description}
      limit={8}
      required={required}
    />
  );
}
