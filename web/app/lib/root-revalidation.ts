/**
 * When the root loader (the session read in the database, SEED-SPEC §4) runs again in the browser
 * (decision 0101): on every page change, form submission, action and `revalidate()`,
 * but not when a page only rewrites its own search parameters without making a new choice (the
 * map's view, the rest of a number being typed): those would read the session once per key.
 *
 * React Router does not tell `shouldRevalidate` whether a navigation pushes, replaces or walks the
 * history, nor who asked for it, so a page notes the change of search it is about to make
 * (`noteOwnSearch`) and the root looks for that note when the navigation reaches it
 * (`isOwnSearch`).
 */

export interface RevalidationArgs {
  currentUrl: URL;
  nextUrl: URL;
  formMethod?: string;
  actionStatus?: number;
}

/** The rule itself: `ownSearch` says the page itself wrote `nextUrl`'s search, as no new choice. */
export function rootShouldRevalidate(args: RevalidationArgs, ownSearch: boolean): boolean {
  // A form sent, or the revalidation after an action: the session may have changed.
  if (args.formMethod !== undefined || args.actionStatus !== undefined) return true;
  if (args.currentUrl.pathname !== args.nextUrl.pathname) return true;
  // The same address: an explicit revalidate() (or a link to the page itself).
  if (args.currentUrl.search === args.nextUrl.search) return true;
  return !ownSearch;
}

/**
 * A note older than this is not the navigation it was written for. React Router asks
 * `shouldRevalidate` more than once per navigation (once to plan it, once more when the data is
 * fetched), within milliseconds: a note is kept until it expires, not used up by the first ask.
 */
export const OWN_SEARCH_TTL_MS = 2_000;

const notes = new Map<string, number>();

const normalise = (search: string | URLSearchParams) => new URLSearchParams(search).toString();
// From one search to the next: a later Back or Forward between other entries never matches.
const noteKey = (from: string | URLSearchParams, to: string | URLSearchParams) => `${normalise(from)}#${normalise(to)}`;

/** Called just before a page rewrites its own URL from the `from` search to `to`, as no new choice. */
export function noteOwnSearch(from: string | URLSearchParams, to: string | URLSearchParams, now = Date.now()): void {
  notes.set(noteKey(from, to), now);
}

/** Whether the navigation from `currentUrl` to `nextUrl` is a page's own rewrite noted just before. */
export function isOwnSearch(currentUrl: URL, nextUrl: URL, now = Date.now()): boolean {
  for (const [key, at] of notes) if (now - at > OWN_SEARCH_TTL_MS) notes.delete(key);
  return notes.has(noteKey(currentUrl.search, nextUrl.search));
}
