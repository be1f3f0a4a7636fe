/**
 * Listings are read in one worker thread, so that no pasted page or text can hold the process's
 * main thread: while a page source of megabytes is read, every other request is answered. A reading
 * that outlasts `PARSE_TIMEOUT_MS` ends the worker (a new one starts for the next) and is refused
 * with a French message, whatever made it slow.
 */
import { Worker } from 'node:worker_threads';
import type { ParseInput, ParseResult } from '@immoloupe/shared/listings/contracts';
import { HttpError } from '../../http/errors.js';

export const PARSE_TIMEOUT_MS = 10_000;
export const PARSE_TIMEOUT_MESSAGE =
  'La lecture de cette page a pris trop de temps et a été arrêtée. Collez plutôt le texte de l’annonce (Ctrl+A, Ctrl+C sur sa page).';

type Pending = { resolve: (r: ParseResult) => void; reject: (e: unknown) => void; timer: NodeJS.Timeout };

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();

/**
 * The worker's file: the compiled one in a build; in the tests, the TypeScript source, loaded
 * through tsx and the hook that maps `@immoloupe/shared/…` to its sources (Node 20 does not apply
 * `--import` to a worker's own file, hence the small loader evaluated first).
 */
function startWorker(): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = new URL(fromSource ? './parse-worker.ts' : './parse-worker.js', import.meta.url);
  const hooks = new URL('../../importers/child-register.mjs', import.meta.url).href;
  const w = fromSource
    ? new Worker(
        `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(hooks)}); }).then(() => import(${JSON.stringify(file.href)}));`,
        { eval: true },
      )
    : new Worker(file);
  w.on('message', (m: { id: number; result?: ParseResult; error?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    clearTimeout(p.timer);
    if (m.error !== undefined) p.reject(new Error(m.error));
    else p.resolve(m.result as ParseResult);
  });
  w.on('error', (e) => stop(w, e));
  w.on('exit', () => stop(w, new Error('listing parse worker exited')));
  // An idle worker does not keep the process alive (the tests, a server shutting down, a bench):
  // after its listeners, as adding a 'message' listener refs the worker's port again.
  w.unref();
  return w;
}

/** Ends a worker and fails what it still had to read. */
function stop(w: Worker, reason: unknown): void {
  if (worker === w) worker = null;
  void w.terminate();
  for (const [id, p] of pending) {
    pending.delete(id);
    clearTimeout(p.timer);
    p.reject(reason);
  }
}

/** `parseListing` run in the worker thread. */
export function parseInThread(input: ParseInput, timeoutMs = PARSE_TIMEOUT_MS): Promise<ParseResult> {
  worker ??= startWorker();
  const w = worker;
  const id = nextId++;
  return new Promise<ParseResult>((resolve, reject) => {
    const timer = setTimeout(() => stop(w, new HttpError(422, PARSE_TIMEOUT_MESSAGE)), timeoutMs);
    pending.set(id, { resolve, reject, timer });
    w.postMessage({ id, input });
  });
}
