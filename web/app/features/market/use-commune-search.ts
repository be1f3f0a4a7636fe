/** Communes matching what the user types (name or INSEE code), 200 ms after the last keystroke. */
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { apiFetch } from '~/lib/api';

export const communeHitSchema = z.array(z.object({ insee: z.string(), nom: z.string() }));
export type CommuneHit = z.infer<typeof communeHitSchema>[number];

export function useCommuneSearch(text: string): CommuneHit[] {
  const [hits, setHits] = useState<CommuneHit[]>([]);
  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) return;
    // Only the answer for the current text counts: an earlier one arriving late would replace it.
    let live = true;
    const timer = setTimeout(() => {
      apiFetch(`/api/market/communes?q=${encodeURIComponent(q)}`, communeHitSchema)
        .then((found) => live && setHits(found))
        .catch(() => live && setHits([]));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);
  return hits;
}
