/**
 * The transactions tool's URL as the API sees it: the page and the API share the filter names, so
 * a link to the page and the API query are written from the same parameters.
 */

export type Place = 'mazone' | 'commune' | 'parcelle' | 'rayon' | 'vue' | 'dessin';

/** Filter parameters shared by the page's URL and the API (same names). */
const FILTER_KEYS = [
  'insee',
  'parcelle',
  'lat',
  'lon',
  'radius',
  'bbox',
  'polygon',
  'zone',
  'from',
  'to',
  'natures',
  'types',
  'surfaceMin',
  'surfaceMax',
  'roomsMin',
  'roomsMax',
  'priceMin',
  'priceMax',
  'ppm2Min',
  'ppm2Max',
] as const;

export function filterQuery(params: URLSearchParams, extra: Record<string, string> = {}): string | null {
  const q = new URLSearchParams();
  for (const k of FILTER_KEYS) {
    const v = params.get(k);
    if (v) q.set(k, v);
  }
  if (
    !q.get('insee') &&
    !q.get('parcelle') &&
    !q.get('bbox') &&
    !q.get('polygon') &&
    !q.get('zone') &&
    !(q.get('lat') && q.get('lon') && q.get('radius'))
  )
    return null;
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return q.toString();
}

/** The kind of place the link names (`lieu`), or for an older or hand-written link, the one its parameters imply. */
export function placeOf(params: URLSearchParams): Place {
  return (
    (params.get('lieu') as Place | null) ??
    (params.get('zone') === 'mine'
      ? 'mazone'
      : params.get('parcelle')
        ? 'parcelle'
        : params.get('lat')
          ? 'rayon'
          : params.get('polygon')
            ? 'dessin'
            : params.get('bbox')
              ? 'vue'
              : 'commune')
  );
}
