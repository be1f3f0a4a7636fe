/**
 * A page's state kept in its URL, with a history that Back can walk: each choice is an entry of
 * its own; typing in a field makes one entry, not one per key; what is not a choice (the map's
 * view, a default the page applies) replaces the current entry.
 */
import { useCallback, useRef } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { patchParams } from './url-patch';

/** Changes of the same fields closer than this make one entry of the history: a number being typed. */
export const TYPING_MS = 1000;

export type UrlPatch = Record<string, string | null>;
export type HistoryMode = 'push' | 'replace';

export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  // A change of this page's URL still on its way (a period chosen, a filter): a patch made meanwhile
  // (the map's view at the end of a move) builds on it, or its navigation would replace and lose it.
  const navigation = useNavigation();
  const here = useLocation().pathname;
  const pending = navigation.state !== 'idle' && navigation.location?.pathname === here ? navigation.location.search : null;
  // Read when called: handlers bound once (a map's) hold the first render's `update`.
  const latest = useRef({ params, setParams, pending });
  latest.current = { params, setParams, pending };
  const lastEntry = useRef<{ keys: string; at: number } | null>(null);

  const update = useCallback((patch: UrlPatch, history: HistoryMode = 'push') => {
    const { params: shown, setParams: set, pending: onItsWay } = latest.current;
    const current = onItsWay === null ? shown : new URLSearchParams(onItsWay);
    const next = patchParams(current, patch);
    if (next.toString() === current.toString()) return;
    const keys = Object.keys(patch).sort().join(',');
    const now = Date.now();
    const typing = lastEntry.current !== null && lastEntry.current.keys === keys && now - lastEntry.current.at < TYPING_MS;
    if (history === 'push') lastEntry.current = { keys, at: now };
    // The next key typed while the previous one's navigation still loads is pushed, not replaced: a
    // replace would cancel that push and overwrite the entry before it (a choice lost on a slow server).
    const replace = history === 'replace' || (typing && onItsWay === null);
    set(next, { replace, preventScrollReset: true });
  }, []);

  return { params, update, navigation, here };
}
