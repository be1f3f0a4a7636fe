/**
 * `useUrlParams` in a browser router (the real history of the page), under a root whose loader
 * stands for the session read and uses the root's revalidation rule.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createBrowserRouter, type DataStrategyFunction, type DataStrategyResult, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { isOwnSearch, rootShouldRevalidate } from './root-revalidation';
import { type HistoryMode, type UrlPatch, useUrlParams } from './use-url-params';

afterEach(cleanup);

type Update = (patch: UrlPatch, history?: HistoryMode) => void;

/**
 * As React Router's own data strategy in framework mode (single fetch): each route's
 * `shouldRevalidate` is asked again, after the router asked it to plan the navigation.
 */
const askTwice: DataStrategyFunction = async ({ matches }) => {
  const results: Record<string, DataStrategyResult> = {};
  await Promise.all(
    matches.map(async (m) => {
      if (m.shouldCallHandler()) results[m.route.id] = await m.resolve();
    }),
  );
  return results;
};

/** The URL writer of the page rendered last. */
const tool: { update: Update } = { update: () => undefined };

/** A page of one tool: shows its search and hands out its URL writer. */
function Tool() {
  const { params, update } = useUrlParams();
  tool.update = update;
  return <p data-testid="shown">{params.toString()}</p>;
}

const NoFallback = () => null;
const OtherPage = () => <h1>Mes recherches</h1>;

function renderTool(start: string) {
  window.history.replaceState(null, '', start);
  const root = { loads: 0, hold: null as Promise<void> | null };
  const router = createBrowserRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: async () => {
          root.loads += 1;
          if (root.hold) await root.hold;
          return null;
        },
        shouldRevalidate: (args) => rootShouldRevalidate(args, isOwnSearch(args.currentUrl, args.nextUrl)),
        HydrateFallback: NoFallback,
        children: [
          { path: 'pro/transactions', Component: Tool },
          { path: 'pro/mesrecherches', Component: OtherPage },
        ],
      },
    ],
    { dataStrategy: askTwice },
  );
  render(<RouterProvider router={router} />);
  const idle = () => waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  const search = () => new URLSearchParams(window.location.search);
  return { tool, root, router, idle, search };
}

describe('useUrlParams and the root loader', () => {
  it('reads the session once for a number typed and not for the map view, but again on Back and revalidate()', async () => {
    const { tool, root, router, idle, search } = renderTool('/pro/transactions?lieu=commune');
    await screen.findByText('lieu=commune');
    const start = root.loads;

    // « 250 » typed: the first key is a new entry (a choice), the next ones replace it.
    for (const typed of ['2', '25', '250']) {
      act(() => tool.update({ priceMax: typed }));
      await idle();
    }
    expect(search().get('priceMax')).toBe('250');
    expect(root.loads).toBe(start + 1);

    // The map's view replaces the entry: not a page change either.
    act(() => tool.update({ carte: '2.48,48.9,13' }, 'replace'));
    await idle();
    expect(search().get('carte')).toBe('2.48,48.9,13');
    expect(root.loads).toBe(start + 1);

    // Back walks the history: checked.
    await act(() => router.navigate(-1));
    await idle();
    expect(search().get('priceMax')).toBeNull();
    expect(root.loads).toBe(start + 2);

    await act(() => router.revalidate());
    expect(root.loads).toBe(start + 3);
  });

  it('on a slow server, reads the session once for a number typed, which stays one entry', async () => {
    const { tool, root, router, idle, search } = renderTool('/pro/transactions?lieu=commune');
    await screen.findByText('lieu=commune');
    act(() => tool.update({ from: '2021-12-31' }));
    await idle();
    const start = root.loads;

    // « 2 » still loads when « 5 » is typed: « 25 » is pushed (a replace would overwrite the period's
    // entry), but it is no new choice.
    let answer: () => void = () => undefined;
    root.hold = new Promise<void>((resolve) => {
      answer = resolve;
    });
    act(() => tool.update({ priceMax: '2' }));
    act(() => tool.update({ priceMax: '25' }));
    await idle();
    answer();
    root.hold = null;
    act(() => tool.update({ priceMax: '250' }));
    await idle();
    expect(search().get('priceMax')).toBe('250');
    expect(root.loads).toBe(start + 1);

    await act(() => router.navigate(-1));
    await idle();
    expect(search().get('priceMax')).toBeNull();
    expect(search().get('from')).toBe('2021-12-31');
  });
});

/** Runs `body` as the browser does: React renders the router's changes later, in a transition. */
async function withoutAct(body: () => Promise<void>) {
  const reactAct = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  reactAct.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await body();
  } finally {
    reactAct.IS_REACT_ACT_ENVIRONMENT = true;
  }
}

describe('useUrlParams before React renders the navigation', () => {
  it('pushes the next key typed while the previous one loads, though the page still shows no navigation', async () => {
    const { tool, root, router, idle, search } = renderTool('/pro/transactions?lieu=commune');
    await screen.findByText('lieu=commune');
    act(() => tool.update({ from: '2021-12-31' }));
    await idle();
    let answer: () => void = () => undefined;
    root.hold = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await withoutAct(async () => {
      tool.update({ priceMax: '2' });
      // The page has not rendered the navigation of « 2 » (a busy page holds the transition back).
      expect(screen.getByTestId('shown').textContent).not.toContain('priceMax');
      tool.update({ priceMax: '25' });
      answer();
      root.hold = null;
      await waitFor(() => expect(screen.getByTestId('shown').textContent).toContain('priceMax=25'));
    });
    await idle();
    expect(search().get('priceMax')).toBe('25');
    // A replace would have cancelled the push of « 2 » and overwritten the period's entry.
    await act(() => router.navigate(-1));
    await idle();
    expect(search().get('priceMax')).toBeNull();
    expect(search().get('from')).toBe('2021-12-31');
  });

  it('lets the user leave while the map ends a move, though the page still shows no navigation', async () => {
    const { tool, root, router, idle } = renderTool('/pro/transactions?lieu=commune&insee=93010');
    await screen.findByText(/insee=93010/);
    let answer: () => void = () => undefined;
    root.hold = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await withoutAct(async () => {
      void router.navigate('/pro/mesrecherches');
      expect(screen.queryByTestId('shown')).not.toBeNull();
      // The framing animation ends: its view is not written, which would cancel the user's navigation.
      tool.update({ carte: '2.48,48.9,13' }, 'replace');
      answer();
      root.hold = null;
      await screen.findByRole('heading', { name: 'Mes recherches' });
    });
    await idle();
    expect(window.location.pathname).toBe('/pro/mesrecherches');
  });
});

describe('useUrlParams during Back', () => {
  it('does not write the view of the page being left into the entry the browser went back to', async () => {
    const { tool, root, idle, search } = renderTool('/pro/transactions?lieu=commune&insee=93010&carte=2.48,48.9,13');
    await screen.findByText(/insee=93010/);
    act(() => tool.update({ insee: '64260' }));
    await idle();
    expect(search().get('insee')).toBe('64260');

    // Back, on a slow server: the browser shows Bondy's entry at once, the page Hendaye's for a while…
    let answer: () => void = () => undefined;
    root.hold = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    window.history.back();
    await popped;
    expect(search().get('insee')).toBe('93010');
    expect(screen.getByTestId('shown').textContent).toContain('insee=64260');

    // …while Hendaye's map ends a move and writes its view.
    act(() => tool.update({ carte: '-1.76,43.36,13' }, 'replace'));
    await act(async () => answer());
    root.hold = null;
    await idle();
    expect(search().get('insee')).toBe('93010');
    expect(search().get('carte')).toBe('2.48,48.9,13');
    expect(screen.getByTestId('shown').textContent).toContain('insee=93010');

    // Once the page shows Bondy, its map writes its view again.
    act(() => tool.update({ carte: '2.48,48.9,14' }, 'replace'));
    await idle();
    expect(search().get('carte')).toBe('2.48,48.9,14');
  });

  it('still writes the view right after the page’s own choice, before the page has rendered it', async () => {
    const { tool, router, search } = renderTool('/pro/transactions?lieu=commune&insee=93010&carte=2.48,48.9,13');
    await screen.findByText(/insee=93010/);
    // Without act(), React renders the new location a moment after the router moved the browser.
    const reactAct = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    reactAct.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      tool.update({ insee: '64260' });
      while (router.state.navigation.state !== 'idle') await Promise.resolve();
      expect(search().get('insee')).toBe('64260');
      expect(screen.getByTestId('shown').textContent).toContain('insee=93010');
      tool.update({ carte: '-1.76,43.36,13' }, 'replace');
      await waitFor(() => expect(screen.getByTestId('shown').textContent).toContain('carte=-1.76'));
    } finally {
      reactAct.IS_REACT_ACT_ENVIRONMENT = true;
    }
    expect(search().get('insee')).toBe('64260');
    expect(search().get('carte')).toBe('-1.76,43.36,13');
  });
});
