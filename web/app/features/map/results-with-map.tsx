/**
 * A search tool's results and their map: side by side from the `lg` breakpoint (the map on the
 * right, held in view while the rows scroll), the map above the results below it. The parcel and
 * DPE searches drew their map after the table, 50 or 100 rows (5 600 px) down at 1 280 px; on a
 * phone the map comes first so that a tap on a marker can take the reader to its row below.
 */
import { Grid } from '@mantine/core';
import type { ReactNode } from 'react';
import { ROW_KEY_ATTR } from '~/components/responsive-table';

/** The height a search map is given: a phone keeps room for the first rows under it. */
export const SEARCH_MAP_HEIGHT = 'clamp(280px, 55vh, 560px)';

/** Under the pro header (56 px) and its padding. */
const STICKY_TOP = 72;

export function ResultsWithMap({
  results,
  map,
  resultsSpan = 7,
  sideFrom = 'lg',
}: {
  results: ReactNode;
  map: ReactNode;
  /**
   * From which breakpoint the map stands beside the results: `xl` (1 408 px) for a table too wide
   * to share 1 280 px with a map (the sales), which then comes above it, full width, as on a phone.
   */
  sideFrom?: 'lg' | 'xl';
  /**
   * The results' twelfths beside the map: a table of many columns (the DPE, with its tick box)
   * takes 8, or at 1 280 px its columns squeeze under the 560 px it needs.
   */
  resultsSpan?: 7 | 8;
}) {
  return (
    <Grid>
      <Grid.Col span={{ base: 12, [sideFrom]: resultsSpan }} order={{ base: 2, [sideFrom]: 1 }}>
        {results}
      </Grid.Col>
      <Grid.Col span={{ base: 12, [sideFrom]: 12 - resultsSpan }} order={{ base: 1, [sideFrom]: 2 }}>
        <div data-testid="results-map" style={{ position: 'sticky', top: STICKY_TOP }}>
          {map}
        </div>
      </Grid.Col>
    </Grid>
  );
}

/** The attribute a result's row (or card) carries, so that a marker clicked on the map finds it. */
export const RESULT_ROW_ATTR = ROW_KEY_ATTR;

/** Brings the row (or card) of a result chosen on the map into view, once the page has drawn its highlight. */
export function scrollToResult(id: string): void {
  requestAnimationFrame(() => {
    const row = [...document.querySelectorAll(`[${RESULT_ROW_ATTR}]`)].find((el) => el.getAttribute(RESULT_ROW_ATTR) === id);
    row?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}
