/**
 * French typography in the sources: no plain space before « : ; ? ! € % », nor inside « », in a string, template or
 * JSX text of the product (a no-break space instead, `\u00a0` or `&nbsp;`). The pages' test checks
 * the HTML the server renders; this one also reaches the messages that only appear after an action
 * (API errors, the extension's panel, the command line), where plain spaces had slipped in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FOLDERS = ['web/app', 'shared/src', 'extension/src', 'server/src', 'scripts'];
/** A plain space between a word and « : ; ? ! € % » that ends a word or a sentence. */
const FAULT = /(?<=[^\s\u00a0\u202f(«{[\-+*/=<>|&,'"`]) (?=[:;?!€%](?:[\s\u00a0\u202f.,)»'"`]|$))/;
/** A plain space inside guillemets: « Mes annonces » is written with no-break spaces. */
const GUILLEMET = /« | »/;
/** Not prose: URLs, times, SQL, CSS. */
const CODE = /https?:|\d:\d|\b(SELECT|FROM|WHERE|UPDATE|INSERT|LIKE|CASE WHEN)\b|[{}]\s*$|^\s*[.#@][\w-]+\s*\{|=>|\|\|/;

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* sources(full);
    } else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.|\.d\.ts$/.test(entry.name)) yield full;
  }
}

/** Every literal of a file that breaks the rule, as `file:line: text`. */
export function typographyFaults(file: string, text: string): string[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const faults: string[] = [];
  const visit = (node: ts.Node) => {
    const literal =
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node);
    // A template's middle or tail follows a `${…}`: a word, as far as the space before « : » goes.
    const afterValue = ts.isTemplateMiddle(node) || ts.isTemplateTail(node) ? 'x' : '';
    const value = literal ? afterValue + (node as ts.LiteralLikeNode).text : ts.isJsxText(node) ? node.getText(source) : null;
    if (value !== null && !CODE.test(value) && (FAULT.test(value) || GUILLEMET.test(value))) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      faults.push(`${file}:${line}: ${value.slice(afterValue.length).trim().slice(0, 80)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return faults;
}

describe('French typography in the sources', () => {
  it('finds a plain space before a colon, and accepts the no-break one', () => {
    expect(typographyFaults('a.ts', `const m = 'Tuile invalide : z/x/y attendus.';`)).toHaveLength(1);
    expect(typographyFaults('a.tsx', `const v = <p>Prix : {p} €</p>;`)).toHaveLength(1);
    expect(typographyFaults('a.ts', 'const l = `${name} : ${value}`;')).toHaveLength(1);
    expect(typographyFaults('a.ts', `const m = 'Tuile invalide\\u00a0: z/x/y attendus.';`)).toEqual([]);
    expect(typographyFaults('a.ts', `const q = 'SELECT a FROM t WHERE x LIKE \\'97%\\'';`)).toEqual([]);
    expect(typographyFaults('a.ts', 'const m = `Ajoutée à « ${name} ».`;')).toHaveLength(2);
    expect(typographyFaults('a.ts', 'const m = `Ajoutée à «\\u00a0${name}\\u00a0».`;')).toEqual([]);
  });

  // Reads every source file of the product: a second on a quiet machine, more than the default 5 s
  // when the suite's other workers load both cores.
  it('has none in the product', { timeout: 60_000 }, () => {
    const faults = FOLDERS.flatMap((folder) =>
      [...sources(path.join(ROOT, folder))].flatMap((file) => typographyFaults(path.relative(ROOT, file), readFileSync(file, 'utf8'))),
    );
    expect(faults).toEqual([]);
  });
});
