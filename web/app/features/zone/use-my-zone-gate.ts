/**
 * A search that may use « ma zone »: when its query names no place, the server searches the
 * subscriber's territory, and refuses when there is none. So such a search is sent only once the
 * territory is known to exist; without one the page says how to define it instead (`noZone`).
 */
import { useTerritory } from './use-territory';

/** The query parameters that name a place; without any of them, the search is in « ma zone ». */
const PLACE_KEYS = ['insee', 'postcode', 'lat', 'lon', 'polygon'] as const;

export function usesMyZone(query: URLSearchParams): boolean {
  return !PLACE_KEYS.some((k) => query.get(k));
}

/** `url` when it can be sent; null while « ma zone » is being checked, or when the search needs it and there is none. */
export function useMyZoneGate(url: string): { url: string | null; noZone: boolean } {
  const territory = useTerritory();
  const mine = usesMyZone(new URLSearchParams(url.slice(url.indexOf('?') + 1)));
  // Unreadable: the search is sent, and the server says what is wrong.
  if (!mine || territory.data || territory.isError) return { url, noZone: false };
  return { url: null, noZone: territory.data === null };
}
