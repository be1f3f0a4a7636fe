/** « Ma zone » as the search tools read it: the subscriber's territory, null when there is none. */
import { useQuery } from '@tanstack/react-query';
import { fetchTerritory } from './zone-api';

/** Every read of « ma zone » starts with this key: saving or deleting it refreshes them all. */
export const MY_ZONE = ['zone', 'mine'] as const;

export function useTerritory() {
  return useQuery({ queryKey: MY_ZONE, queryFn: () => fetchTerritory() });
}
