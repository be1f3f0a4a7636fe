/**
 * Address autocomplete on the geocoder of the imported BAN (`GET /api/geocode`): the agent types,
 * picks a suggestion, and the page gets its position, commune and parcel.
 */
import { Autocomplete, Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { ApiError, apiFetch } from '~/lib/api';

export interface PickedAddress {
  label: string;
  lon: number;
  lat: number;
  insee: string;
  idParcelle: string | null;
}

const suggestionSchema = z.object({
  label: z.string(),
  lon: z.number(),
  lat: z.number(),
  insee: z.string(),
  parcelles: z.array(z.string()).optional(),
});
const suggestionsSchema = z.object({ results: z.array(suggestionSchema) });

export async function searchAddresses(q: string): Promise<PickedAddress[]> {
  const body = await apiFetch(`/api/geocode?q=${encodeURIComponent(q)}&limit=8`, suggestionsSchema);
  return body.results.map((r) => ({ label: r.label, lon: r.lon, lat: r.lat, insee: r.insee, idParcelle: r.parcelles?.[0] ?? null }));
}

export function AddressSearch({
  value,
  onPick,
  label = 'Adresse',
  error,
}: {
  value: string;
  onPick: (a: PickedAddress | null, text: string) => void;
  label?: string;
  error?: string | null;
}) {
  const [text, setText] = useState(value);
  const [options, setOptions] = useState<PickedAddress[]>([]);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const seq = useRef(0);

  useEffect(() => setText(value), [value]);

  useEffect(() => {
    const q = text.trim();
    if (q.length < 3 || options.some((o) => o.label === text)) return;
    const id = ++seq.current;
    const timer = setTimeout(() => {
      setLoading(true);
      searchAddresses(q)
        .then((found) => {
          if (id !== seq.current) return;
          setOptions(found);
          setProblem(found.length === 0 ? 'Aucune adresse trouvée dans les données importées.' : null);
        })
        .catch(
          (err: unknown) => id === seq.current && setProblem(err instanceof ApiError ? err.message : 'Recherche d’adresse indisponible.'),
        )
        .finally(() => id === seq.current && setLoading(false));
    }, 250);
    return () => clearTimeout(timer);
  }, [text, options]);

  return (
    <Autocomplete
      label={label}
      placeholder="ex. 139 avenue Carnot Bondy"
      value={text}
      data={[...new Set(options.map((o) => o.label))]}
      filter={({ options: all }) => all}
      onChange={(v) => {
        setText(v);
        const picked = options.find((o) => o.label === v) ?? null;
        onPick(picked, v);
      }}
      rightSection={loading ? <Loader size="xs" /> : null}
      error={error ?? problem}
      limit={8}
      required
    />
  );
}
