/** The PLU zones of a view (`GET /api/urbanisme/zones?bbox=`), none asked for without a view. */
import { zoningSchema } from '@immoloupe/shared/urbanism/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '~/lib/api';

/** Widened to the next 0.001° (about 100 m): a view moved by a few metres asks nothing new. */
const key = ([w, s, e, n]: readonly number[]) =>
  [Math.floor((w ?? 0) * 1000), Math.floor((s ?? 0) * 1000), Math.ceil((e ?? 0) * 1000), Math.ceil((n ?? 0) * 1000)]
    .map((v) => v / 1000)
    .join(',');

/** The server draws no zoning beyond half a degree (zoningQuerySchema): not asked for. */
const drawable = (b: readonly number[]) => (b[2] ?? 0) - (b[0] ?? 0) <= 0.49 && (b[3] ?? 0) - (b[1] ?? 0) <= 0.49;

export function useZoning(bbox: readonly [number, number, number, number] | null) {
  const q = bbox && drawable(bbox) ? key(bbox) : null;
  return useQuery({
    queryKey: ['urbanisme', 'zones', q],
    queryFn: ({ signal }) => apiFetch(`/api/urbanisme/zones?bbox=${q}`, zoningSchema, { signal }),
    enabled: q !== null,
  });
}
