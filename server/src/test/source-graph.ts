/**
 * The modules a source file loads, followed through relative imports and `@immoloupe/shared/…`,
 * read as text (no TypeScript compiler: this runs while Vitest loads its configuration). Two uses:
 * which server test files can reach the database engine (vitest.config.ts), and the hash that
 * says when a cached test template is out of date (global-setup.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SHARED_SRC = path.join(REPO_ROOT, 'shared', 'src');

// Static and dynamic imports and re-exports, type-only ones included: counting one too many only
// costs a run, missing one would hide a file from a project or keep a stale template.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

function resolveFile(base: string): string | undefined {
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return resolveFile(path.resolve(path.dirname(from), specifier));
  const shared = /^@immoloupe\/shared\/(.+)$/.exec(specifier);
  return shared ? resolveFile(path.join(SHARED_SRC, shared[1] as string)) : undefined;
}

/** The files `entries` load, themselves included, as absolute paths in a stable order. */
export function importGraph(entries: readonly string[], cache = new Map<string, string[]>()): string[] {
  const seen = new Set<string>();
  const queue = entries.map((e) => path.resolve(e));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    let deps = cache.get(file);
    if (!deps) {
      deps = [];
      for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        const dep = resolveSpecifier(file, m[1] as string);
        if (dep) deps.push(dep);
      }
      cache.set(file, deps);
    }
    queue.push(...deps);
  }
  return [...seen].sort();
}

/** A short hash of the files' paths (relative to the repository) and contents, and of `extra`. */
export function hashFiles(files: readonly string[], extra: readonly string[] = []): string {
  const h = createHash('sha256');
  for (const f of [...files].sort()) {
    h.update(path.relative(REPO_ROOT, f));
    h.update('\0');
    h.update(readFileSync(f));
    h.update('\0');
  }
  for (const e of extra) h.update(`${e}\0`);
  return h.digest('hex').slice(0, 16);
}
