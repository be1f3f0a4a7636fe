// @vitest-environment node
/**
 * A name (`aria-label`) only counts on an element whose role takes one. Mantine's layout components
 * render a bare `div` or `span`: named without a `role` (or a `component` such as `form` or `nav`),
 * the name is not announced, and alone on an empty `span` it is an axe violation
 * (« aria-prohibited-attr », found on the address analysis's loader).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const APP = fileURLToPath(new URL('./', import.meta.url));
/** Components and elements that render a generic `div` or `span`. */
const GENERIC = new Set([
  'Stack',
  'Group',
  'Paper',
  'Box',
  'Text',
  'Badge',
  'Loader',
  'Card',
  'SimpleGrid',
  'Flex',
  'Center',
  'div',
  'span',
]);

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (entry.name.endsWith('.tsx') && !entry.name.includes('.test.')) yield full;
  }
}

/** `file:line <Tag>` of every generic element named with no role, in one source. */
export function unannouncedNames(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const faults: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const tag = node.tagName.getText(source);
      const names = node.attributes.properties.filter(ts.isJsxAttribute).map((a) => a.name.getText(source));
      if (GENERIC.has(tag) && names.includes('aria-label') && !names.includes('role') && !names.includes('component')) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        faults.push(`${path.isAbsolute(file) ? path.relative(APP, file) : file}:${line + 1} <${tag}>`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return faults;
}

describe('names of generic elements', () => {
  it('tells a named bare element from one with a role', () => {
    expect(unannouncedNames('x.tsx', 'const a = <Stack aria-label="Fiche">x</Stack>;')).toEqual(['x.tsx:1 <Stack>']);
    expect(unannouncedNames('x.tsx', 'const a = <Stack role="region" aria-label="Fiche">x</Stack>;')).toEqual([]);
    expect(unannouncedNames('x.tsx', 'const a = <Paper component="form" aria-label="Recherche" />;')).toEqual([]);
    expect(unannouncedNames('x.tsx', 'const a = <Button aria-label="Fermer" />;')).toEqual([]);
  });

  it('finds none in the app', () => {
    const faults = [...sources(APP)].flatMap((f) => unannouncedNames(f, readFileSync(f, 'utf8')));
    expect(faults).toEqual([]);
  });
});
