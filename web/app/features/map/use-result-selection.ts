/**
 * The result chosen and the result under the pointer, shared by a search's map and its rows: a
 * marker clicked chooses its row (highlighted, brought into view); a row clicked chooses its marker
 * (ringed, the map centred on it), a row hovered rings its marker. A marker whose row is not on the
 * page (the map draws every result, the table one page) is left to the caller (it opens the sheet).
 */
import { useCallback, useState } from 'react';
import { scrollToResult } from './results-with-map';

export interface ResultPoint {
  id: string;
  lon: number;
  lat: number;
}

/** The marker chosen, and whether the choice came from a row (the map then centres on it). */
export interface MapChoice extends ResultPoint {
  fromRow: boolean;
}

export interface ResultSelection {
  selectedId: string | null;
  hoveredId: string | null;
  /** For the map. */
  chosen: MapChoice | null;
  hovered: ResultPoint | null;
  /** A marker clicked: false when its row is not on the page. */
  chooseOnMap: (id: string) => boolean;
  chooseRow: (id: string) => void;
  hoverRow: (id: string | null) => void;
}

export function useResultSelection<T>(
  rows: readonly T[] | undefined,
  idOf: (row: T) => string,
  pointOf: (row: T) => { lon: number | null; lat: number | null },
): ResultSelection {
  const [selected, setSelected] = useState<{ id: string; fromRow: boolean } | null>(null);
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  const point = (id: string | null): ResultPoint | null => {
    const row = id === null ? undefined : rows?.find((r) => idOf(r) === id);
    if (!row || id === null) return null;
    const { lon, lat } = pointOf(row);
    return lon === null || lat === null ? null : { id, lon, lat };
  };
  const onPage = (id: string) => rows?.some((r) => idOf(r) === id) ?? false;
  const chosenPoint = point(selected?.id ?? null);
  const chooseOnMap = (id: string) => {
    if (!onPage(id)) return false;
    setSelected({ id, fromRow: false });
    scrollToResult(id);
    return true;
  };
  const chooseRow = useCallback((id: string) => setSelected({ id, fromRow: true }), []);
  return {
    selectedId: selected && onPage(selected.id) ? selected.id : null,
    hoveredId,
    chosen: chosenPoint && selected ? { ...chosenPoint, fromRow: selected.fromRow } : null,
    hovered: point(hoveredId),
    chooseOnMap,
    chooseRow,
    hoverRow: setHoveredId,
  };
}
