/** The map ↔ row choice of the search tools: a marker chooses its row only when that row is on the page. */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useResultSelection } from './use-result-selection';

const rows = [
  { id: 'a', lon: 2.48, lat: 48.9 },
  { id: 'b', lon: null, lat: null },
];

function setup() {
  return renderHook(() =>
    useResultSelection(
      rows,
      (r) => r.id,
      (r) => r,
    ),
  );
}

describe('useResultSelection', () => {
  it('chooses the row of a marker on the page, and leaves a marker of another page to the caller', () => {
    const { result } = setup();
    let found = true;
    act(() => {
      found = result.current.chooseOnMap('z');
    });
    expect(found).toBe(false);
    expect(result.current.selectedId).toBeNull();
    act(() => {
      found = result.current.chooseOnMap('a');
    });
    expect(found).toBe(true);
    expect(result.current.selectedId).toBe('a');
    // Chosen on the map: the map does not move to it.
    expect(result.current.chosen).toEqual({ id: 'a', lon: 2.48, lat: 48.9, fromRow: false });
  });

  it('rings and centres on a row chosen, rings a row hovered, and draws nothing for a row without a place', () => {
    const { result } = setup();
    act(() => result.current.chooseRow('a'));
    expect(result.current.chosen).toEqual({ id: 'a', lon: 2.48, lat: 48.9, fromRow: true });
    act(() => result.current.hoverRow('a'));
    expect(result.current.hovered).toEqual({ id: 'a', lon: 2.48, lat: 48.9 });
    act(() => result.current.chooseRow('b'));
    expect(result.current.selectedId).toBe('b');
    expect(result.current.chosen).toBeNull();
    act(() => result.current.hoverRow(null));
    expect(result.current.hovered).toBeNull();
  });
});
