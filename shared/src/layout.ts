/**
 * Which layout wraps a page (SEED-SPEC §2). Pure so that the server, the browser and the
 * tests apply the very same rules.
 */
import type { RouteLayout } from './routes.js';

export type LayoutName = 'default' | 'paspro' | 'pdf' | 'pro';
/** `none`: the path gets no layout at all (/brevo/*, /api/*). */
export type ShellLayout = LayoutName | 'none';

export const LAYOUT_NAMES: readonly LayoutName[] = ['default', 'paspro', 'pdf', 'pro'];

/** Root shell rule: decided by the path alone. */
export function shellLayout(pathname: string): ShellLayout {
  if (pathname === '/pro' || pathname.startsWith('/pro/')) return 'pro';
  if (pathname.startsWith('/pdf/')) return 'pdf';
  if (pathname.startsWith('/brevo/')) return 'none';
  if (pathname.startsWith('/api/')) return 'none';
  return 'paspro';
}

export interface LayoutContext {
  /** The layout the route names for itself, if any. */
  routeLayout?: RouteLayout | undefined;
  /** The signed-in user has a client record (set by the accounts feature). */
  hasClient: boolean;
}

/**
 * The layout actually rendered: a route that names the page-level rule (/pro, /abo/*, /contact)
 * gets `pro` when the signed-in user has a client record and `paspro` otherwise; every other
 * route follows the root shell rule.
 */
export function resolveLayout(pathname: string, ctx: LayoutContext): ShellLayout {
  if (ctx.routeLayout === 'by-client') return ctx.hasClient ? 'pro' : 'paspro';
  return shellLayout(pathname);
}
