/**
 * A page's state kept in its URL, with a history that Back can walk: each choice is an entry of
 * its own; typing in a field makes one entry, not one per key; what is not a choice (the map's
 * view, a default the page applies) replaces the current entry.
 */
import { useCallback, useContext, useEffect, useRef } from 'react';
import { type Navigation, UNSAFE_DataRouterContext, useLocation, useNavigation, useSearchParams } from 'react-router';
import { noteOwnSearch } from './root-revalidation';
import { patchParams } from './url-patch';

/** Changes of the same fields closer than this make one entry of the history: a number being typed. */
export const TYPING_MS = 1000;

export type UrlPatch = Record<string, string | null>;
export type HistoryMode = 'push' | 'replace';

/**
 * Whether the browser still shows the history entry the page was rendered for. After Back or
 * Forward the browser moves at once, the page only once the route's loaders have answered (and
 * React Router renders every change of location in a transition, a moment later still).
 */
export function showsEntry(key: string, browserState: unknown = window.history.state): boolean {
  // React Router keeps the location's key in the entry's state; the first page has none: `default`.
  const browserKey = (browserState as { key?: unknown } | null)?.key;
  return (typeof browserKey === 'string' ? browserKey : 'default') === key;
}

/**
 * What a navigation under way means for a page at `page`: a change of its own URL still on its way
 * (a period chosen, a filter), which a patch made meanwhile builds on, or its navigation would
 * replace and lose it; or the user going to another page.
 */
export function underWay(navigation: Pick<Navigation, 'state' | 'location'>, page: string): { onItsWay: string | null; leaving: boolean } {
  const target = navigation.state !== 'idle' ? navigation.location : undefined;
  if (!target) return { onItsWay: null, leaving: false };
  return target.pathname === page ? { onItsWay: target.search, leaving: false } : { onItsWay: null, leaving: true };
}

export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  // The router's own state, read when writing: React Router renders its changes in a transition,
  // which a busy page (a map framing, lists arriving) can hold back for a while, so the rendered
  // `navigation` may still say « idle » while a navigation is under way.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const location = useLocation();
  const here = location.pathname;
  // Read when called: handlers bound once (a map's) hold the first render's `update`.
  const latest = useRef({ params, setParams, navigation, router, here, key: location.key });
  latest.current = { params, setParams, navigation, router, here, key: location.key };
  const lastEntry = useRef<{ keys: string; at: number } | null>(null);
  // Set by Back or Forward, until the page shows the entry the browser went to. (After the page's own
  // writes the browser is ahead of the page too, for a render, but with this page's newer URL.)
  const walked = useRef(false);
  useEffect(() => {
    const onPop = () => {
      walked.current = true;
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const update = useCallback((patch: UrlPatch, history: HistoryMode = 'push') => {
    const { params: shown, setParams: set, navigation: rendered, router: live, here: page, key } = latest.current;
    const { onItsWay, leaving } = underWay(live?.state.navigation ?? rendered, page);
    // The user is going to another page (a link clicked while the map still frames the place): a
    // write of the view, a navigation back to this page, would cancel theirs.
    if (leaving && history === 'replace') return;
    if (walked.current && showsEntry(key)) walked.current = false;
    // Back or Forward under way: a replace (the map's view at the end of a move) would overwrite the
    // entry the browser went back to with the view of the page being left, before the page shows it.
    if (walked.current && history === 'replace') return;
    // The page's own writes end at once (nothing to load), a render before the page shows them: the
    // browser's URL, still this page's, is then the newer one.
    const browser = !walked.current && window.location.pathname === page ? window.location.search : null;
    const current = new URLSearchParams(onItsWay ?? browser ?? shown);
    const next = patchParams(current, patch);
    if (next.toString() === current.toString()) return;
    const keys = Object.keys(patch).sort().join(',');
    const now = Date.now();
    const typing = lastEntry.current !== null && lastEntry.current.keys === keys && now - lastEntry.current.at < TYPING_MS;
    if (history === 'push') lastEntry.current = { keys, at: now };
    // The next key typed while the previous one's navigation still loads is pushed, not replaced: a
    // replace would cancel that push and overwrite the entry before it (a choice lost on a slow server).
    const replace = history === 'replace' || (typing && onItsWay === null);
    // No new choice (the view, the rest of a number typed, even pushed as above): the root leaves
    // the session alone, or a slow server would read it once per key.
    if (replace || typing) noteOwnSearch(window.location.search, next);
    set(next, { replace, preventScrollReset: true });
  }, []);

  return { params, update };
}
