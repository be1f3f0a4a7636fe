/**
 * Finds the API reads written by hand in an effect (decision 1490): an `apiFetch` (or a bare
 * `fetch`) reached from the callback of a `useEffect` / `useLayoutEffect`, directly or through
 * functions of the same file or of the files it imports from the app. Reads belong to TanStack
 * Query, which drops the answers a page no longer wants; an effect that reads must handle that by
 * hand, which is what decisions 0101 and 0304 record going wrong.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

const FETCHERS = new Set(['apiFetch', 'fetch']);
const EFFECTS = new Set(['useEffect', 'useLayoutEffect']);

interface ParsedFile {
  /** Function-like declarations by name: `function f`, `const f = () => …`, `const f = useCallback(…)`. */
  functions: Map<string, ts.Node>;
  /** Imported names: local name → module file and exported name. */
  imports: Map<string, { file: string; name: string }>;
  source: ts.SourceFile;
}

/** Resolves the app's own imports (`~/…`, relative); packages are out of scope. */
function resolveImport(from: string, specifier: string, appRoot: string, read: (file: string) => string): string | null {
  let base: string;
  if (specifier.startsWith('~/')) base = join(appRoot, specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    try {
      read(candidate);
      return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

function functionBody(init: ts.Expression): ts.Node | null {
  if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
  // useCallback(fn, deps), useMemo(() => fn, deps): the function is the first argument.
  if (
    ts.isCallExpression(init) &&
    init.arguments[0] &&
    ts.isIdentifier(init.expression) &&
    /^use(Callback|Memo)$/.test(init.expression.text)
  ) {
    return init.arguments[0];
  }
  return null;
}

export class FetchInEffectFinder {
  private readonly parsed = new Map<string, ParsedFile>();
  private readonly memo = new Map<string, boolean>();

  constructor(
    private readonly appRoot: string,
    private readonly read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
  ) {}

  private parse(file: string): ParsedFile {
    const known = this.parsed.get(file);
    if (known) return known;
    const source = ts.createSourceFile(
      file,
      this.read(file),
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const functions = new Map<string, ts.Node>();
    const imports = new Map<string, { file: string; name: string }>();
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionDeclaration(node) && node.name) functions.set(node.name.text, node);
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const body = functionBody(node.initializer);
        if (body) functions.set(node.name.text, body);
      }
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.importClause?.namedBindings) {
        const target = resolveImport(file, node.moduleSpecifier.text, this.appRoot, this.read);
        const bindings = node.importClause.namedBindings;
        if (target && ts.isNamedImports(bindings)) {
          for (const el of bindings.elements) imports.set(el.name.text, { file: target, name: (el.propertyName ?? el.name).text });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    const result = { functions, imports, source };
    this.parsed.set(file, result);
    return result;
  }

  /** Whether a name used in `file` reads the API when called. */
  private reads(file: string, name: string, seen: Set<string>): boolean {
    if (FETCHERS.has(name)) return true;
    const key = `${file}#${name}`;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    if (seen.has(key)) return false;
    seen.add(key);
    const parsed = this.parse(file);
    let result = false;
    const fn = parsed.functions.get(name);
    const imported = parsed.imports.get(name);
    if (fn) result = this.bodyReads(file, fn, seen);
    else if (imported) result = this.reads(imported.file, imported.name, seen);
    this.memo.set(key, result);
    return result;
  }

  /** Whether any name called or passed on inside `body` reads the API. */
  private bodyReads(file: string, body: ts.Node, seen: Set<string>): boolean {
    let found = false;
    const visit = (node: ts.Node): void => {
      if (found) return;
      // A name as a value (called, or handed to setTimeout / then), not a property of something else.
      const isReference =
        ts.isIdentifier(node) &&
        !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) &&
        !(ts.isPropertyAssignment(node.parent) && node.parent.name === node) &&
        !ts.isImportSpecifier(node.parent);
      if (isReference && this.reads(file, node.text, seen)) {
        found = true;
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(body);
    return found;
  }

  /** The lines of `file` where an effect reads the API. */
  effectsReading(file: string): number[] {
    const { source } = this.parse(file);
    const lines: number[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.arguments[0]) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
        if (EFFECTS.has(name) && this.bodyReads(file, node.arguments[0], new Set())) {
          lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return lines;
  }
}
