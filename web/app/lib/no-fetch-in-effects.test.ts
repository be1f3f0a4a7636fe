// @vitest-environment node
/**
 * No component or hook reads the API from an effect (decision 1490): reads go through TanStack
 * Query, which drops the stale answers the effects had to guard against by hand (decisions 0101, 0304).
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FetchInEffectFinder } from '~/test/fetch-in-effects';

const APP = fileURLToPath(new URL('..', import.meta.url));

function appFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : appFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('API reads in effects', () => {
  const finder = new FetchInEffectFinder(APP);
  const reading = new Map(
    appFiles(APP)
      .map((file) => [relative(APP, file), finder.effectsReading(file)] as const)
      .filter(([, lines]) => lines.length > 0),
  );

  it('are found nowhere in the app', () => {
    const offenders = [...reading].map(([file, lines]) => `${file}:${lines.join(',')}`);
    expect(offenders, 'read through useQuery / useMutation (web/app/lib/query-client.ts), not in an effect').toEqual([]);
  });
});

describe('the finder', () => {
  const files: Record<string, string> = {
    '/app/lib/api.ts': 'export async function apiFetch() {}',
    '/app/features/a/a-api.ts':
      "import { apiFetch } from '~/lib/api';\nexport const loadA = () => apiFetch('/api/a');\nexport const nothing = () => 1;",
  };
  const finderOf = (code: string) => {
    const all: Record<string, string> = { ...files, '/app/features/a/use-a.ts': code };
    return new FetchInEffectFinder('/app', (file) => {
      const text = all[file];
      if (text === undefined) throw new Error(`no ${file}`);
      return text;
    }).effectsReading('/app/features/a/use-a.ts');
  };

  it('sees apiFetch called in an effect', () => {
    expect(
      finderOf(
        "import { apiFetch } from '~/lib/api';\nuseEffect(() => {\n  let live = true;\n  apiFetch('/api/x').then(() => live);\n}, []);",
      ),
    ).toEqual([2]);
  });

  it('sees it through a function of the file handed to a timer, and through an imported helper', () => {
    expect(
      finderOf(
        "import { apiFetch } from '~/lib/api';\nconst load = useCallback(() => apiFetch('/x'), []);\nuseEffect(() => { setTimeout(load, 300); });",
      ),
    ).toEqual([3]);
    expect(finderOf("import { loadA } from './a-api';\nuseLayoutEffect(() => { void loadA(); });")).toEqual([2]);
  });

  it('leaves an effect that reads nothing, and a read outside any effect', () => {
    expect(
      finderOf(
        "import { nothing } from './a-api';\nimport { apiFetch } from '~/lib/api';\nuseEffect(() => { nothing(); document.title = 'x'; });\nconst q = useQuery({ queryFn: () => apiFetch('/x') });",
      ),
    ).toEqual([]);
  });
});
