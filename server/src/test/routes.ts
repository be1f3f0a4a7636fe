/**
 * The routes the app really mounts, read from Express's own router (no hand list), for the sweeps
 * that send bad input to every route; and a setter of a dotted field in a request body.
 */
import type { TestApp } from './app.js';

export interface Endpoint {
  method: string;
  /** The full path, with its `:params`. */
  path: string;
}

interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
  match(path: string): boolean;
}

// Express 5 does not keep a router's mount path: it is found by what the layer matches, the
// shortest first (the router of /brevo also matches under /brevo/alertes).
const MOUNTS = ['/api', '/brevo', '/brevo/alertes'];

/** Every route of the app, each method apart. */
export function appEndpoints(app: TestApp['app']): Endpoint[] {
  const found: Endpoint[] = [];
  const walk = (stack: RouterLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods))
          found.push({ method: method.toUpperCase(), path: prefix + layer.route.path });
      } else if (layer.handle?.stack) {
        const mount = MOUNTS.find((m) => layer.match(`${m}/_walk`) && !layer.match('/_walk')) ?? '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: RouterLayer[] } }).router.stack, '');
  return found;
}

/** Sets `a.b.c` in `target`, creating the objects on the way. */
export function setPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const keys = dotted.split('.').filter(Boolean);
  let node = target;
  for (const k of keys.slice(0, -1)) {
    node[k] = typeof node[k] === 'object' && node[k] !== null ? node[k] : {};
    node = node[k] as Record<string, unknown>;
  }
  const last = keys.at(-1);
  if (last) node[last] = value;
}
