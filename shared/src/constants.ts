/** Business constants and limits of SEED-SPEC §9, named once. */

/** Stacking layers of the UI (z-index). */
export const LAYERS = {
  overlay: 1000,
  menu: 1000,
  modal: 1100,
  tooltip: 1100,
  toast: 2000,
} as const;

/** Class-name prefix of the UI components. */
export const THEME_PREFIX = 'p';

export const VERSION_CHECK = {
  /** First check after start. */
  firstDelayMs: 5_000,
  /** Debounce of the check after the window regains focus. */
  focusDebounceMs: 300,
  /** The request is aborted after this time. */
  timeoutMs: 5_000,
  /** Delay between the busy state of the update toast and the reload. */
  reloadDelayMs: 100,
  storageKey: 'buildId',
} as const;

export const SESSION = {
  /** A session reload is not repeated within this time. */
  reloadGuardMs: 10_000,
  /** setTimeout's largest delay: a refresh timer is capped to it. */
  maxRefreshIntervalMs: 2_147_483_647,
  /** Wait after starting a full page load to an external target. */
  externalRedirectWaitMs: 60_000,
} as const;

export const ICONS = {
  /** Time-out of one icon request from the browser. */
  fetchTimeoutMs: 1_500,
  /** Time-out of the icon API client before it gives up on a provider. */
  apiTimeoutMs: 5_000,
  /** Longest icon request URL; longer lists are split. */
  maxUrlLength: 500,
  defaultSize: '2em',
} as const;

/** Route modules preloaded in parallel at most. */
export const MAX_PARALLEL_ROUTE_PRELOADS = 4;

/** Charts resize after the window stops resizing for this long. */
export const CHART_RESIZE_DEBOUNCE_MS = 200;

/** Mean Earth radius in metres (Turf's default, the seed's constant). */
export const EARTH_RADIUS_M = 6_371_008.8;

/** decimal.js defaults: 20 significant digits, ROUND_HALF_UP (4). */
export const DECIMAL = { precision: 20, rounding: 4 } as const;
