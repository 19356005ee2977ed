/**
 * The house has one-way layers, and its folders are the layers' floors: a module imports only from its own
 * folder's layer or the ones below, no module reaches itself through its imports, and no folder reaches
 * itself through its modules' imports. Every specifier form counts (static, type-only, `export … from`,
 * side-effect and dynamic `import()`), read by TypeScript's own pre-processor from the sources, so it
 * cannot drift; an `import()` of a computed name must name its folder (`./${id}.js`, the builder
 * registry's) and counts as an import of every module there. Only the io layer (`files/`, `io/`) touches
 * the disk through `node:fs`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');

/** Lowest first: folders of src/, and the modules at its top, each in exactly one layer. */
const LAYERS: readonly (readonly string[])[] = [
  ['units', 'text', 'errors', 'yaml-syntax', 'random', 'table'], // words, numbers and messages
  ['standard', 'materials', 'rules'], // the game's, the printer's and the plastics' facts; how pieces are counted
  ['files'], // reading and writing bytes safely: bounded reads, atomic writes, the lock
  ['geometry', 'physics'], // the kernel; the cannon's and the wheel's physics (no geometry in it)
  ['mesh', 'render', 'faction', 'armada'], // meshes read, measured and drawn; the input files
  ['parts'], // one builder per part, the registry that names them, the board's layout its tiles are built from
  ['generate'], // the catalogue, the build and the manifest
  ['bom', 'validate', 'games'], // what a table prints; the rules checked; the game packs
  ['paper'], // cards, flags and the quick reference, drawn from the parts
  ['studio'], // the studio page's session over all of the above
  ['io'], // adapters: the output folder, the part cache, the profile, the slicer
  ['cli'], // parse, call, print
];
/** The layer that touches the disk: no other module imports node:fs. */
const IO = ['files', 'io'];
const FS = new Set(['fs', 'node:fs', 'fs/promises', 'node:fs/promises']);

const files = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replaceAll('\\', '/'));

/** A module's folder: the first segment of its path under src/, or the module itself at the top. */
const folderOf = (file: string): string =>
  file.includes('/') ? file.slice(0, file.indexOf('/')) : file.replace(/\.ts$/, '');

function layerOf(file: string): number {
  const layer = LAYERS.findIndex((names) => names.includes(folderOf(file)));
  if (layer < 0) throw new Error(`${file} is in no layer: add its folder to LAYERS`);
  return layer;
}

/** Every module specifier a source names, in every form (TypeScript's pre-processor: imports, re-exports, `import()`). */
function specifiersIn(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/**
 * The `import()`s of a computed name: each as its template with `*` for what is computed (`./*.js`), or
 * null where the name is not a template (nothing says which module it is).
 */
function computedIn(text: string): (string | null)[] {
  const out: (string | null)[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0]!;
      if (ts.isTemplateExpression(arg))
        out.push(arg.head.text + arg.templateSpans.map((s) => `*${s.literal.text}`).join(''));
      else if (!ts.isStringLiteralLike(arg)) out.push(null);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('source.ts', text, ts.ScriptTarget.Latest));
  return out;
}

/** A relative specifier as a path under src/. */
const under = (file: string, spec: string): string =>
  normalize(join(dirname(file), spec))
    .replaceAll('\\', '/')
    .replace(/\.js$/, '.ts');

/** The other modules a computed import's template matches: its `*` stands for a name within one folder. */
function matching(file: string, template: string): string[] {
  const path = under(file, template);
  const re = new RegExp(
    `^${path
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*')}$`,
  );
  return files.filter((f) => f !== file && re.test(f));
}

/** Every import of a source file: relative ones as paths under src/, the rest (packages, node:) as written. */
function importsOf(file: string): { local: string[]; external: string[]; unread: number } {
  const text = readFileSync(join(SRC, file), 'utf8');
  const specs = specifiersIn(text);
  const computed = computedIn(text);
  const local = [
    ...specs.filter((s) => s.startsWith('.')).map((s) => under(file, s)),
    ...computed.flatMap((t) => (t?.startsWith('.') ? matching(file, t) : [])),
  ];
  const unread = computed.filter((t) => !t?.startsWith('.')).length;
  return { local, external: specs.filter((s) => !s.startsWith('.')), unread };
}

const imports = new Map(files.map((f) => [f, importsOf(f)]));
const graph = new Map(files.map((f) => [f, imports.get(f)!.local]));

/** Tarjan's strongly connected components: each component of more than one node (or a node naming itself) is a cycle. */
function cycles(nodes: readonly string[], edges: (v: string) => readonly string[]): string[][] {
  let index = 0;
  const at = new Map<string, number>(),
    low = new Map<string, number>(),
    stack: string[] = [],
    onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    (at.set(v, index), low.set(v, index++), stack.push(v), onStack.add(v));
    for (const w of edges(v)) {
      if (!at.has(w)) (visit(w), low.set(v, Math.min(low.get(v)!, low.get(w)!)));
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, at.get(w)!));
    }
    if (low.get(v) === at.get(v)) {
      const component: string[] = [];
      for (let w = ''; w !== v;) ((w = stack.pop()!), onStack.delete(w), component.push(w));
      if (component.length > 1 || edges(v).includes(v)) found.push(component.sort());
    }
  };
  for (const v of nodes) if (!at.has(v)) visit(v);
  return found;
}

describe('the layers', () => {
  it('sees every form a module is named in', () => {
    const text = [
      "import { a } from './static.js';",
      "import type { B } from './type-only.js';",
      'import {\n  c,\n  type D,\n} from "./multi-line.js";',
      "import './side-effect.js';",
      "export * from './star.js';",
      "export { e } from './re-export.js';",
      "export type { F } from './type-re-export.js';",
      "const g = await import('./dynamic.js');",
      'const h = () => import("./dynamic-double.js");',
      "import { readFile } from 'node:fs/promises';",
    ].join('\n');
    expect(computedIn(text)).toEqual([]);
    expect(specifiersIn(text).sort()).toEqual(
      [
        './dynamic-double.js',
        './dynamic.js',
        './multi-line.js',
        './re-export.js',
        './side-effect.js',
        './star.js',
        './static.js',
        './type-only.js',
        './type-re-export.js',
        'node:fs/promises',
      ].sort(),
    );
  });

  it('reads an import() of a computed name by the folder it names, and nothing else', () => {
    const text = [
      'const a = await import(/* @vite-ignore */ `./${id}.js`);',
      'const b = await import(`../${dir}/${id}.js`);',
      'const c = await import(name);',
      "const d = await import('./literal.js');",
    ].join('\n');
    expect(computedIn(text)).toEqual(['./*.js', '../*/*.js', null]);
    expect(files.filter((f) => imports.get(f)!.unread > 0)).toEqual([]);
  });

  it('finds the imports it checks, each a module that exists', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(graph.get('cli/main.ts')!.length).toBeGreaterThan(2);
    // The registry loads every builder by a computed import() of its folder: each builder counts as imported.
    expect(graph.get('parts/registry.ts')).toContain('parts/hull.ts');
    expect(graph.get('parts/registry.ts')).not.toContain('parts/registry.ts');
    for (const [from, tos] of graph)
      for (const to of tos) expect(files, `${from} imports ${to}, which does not exist`).toContain(to);
  });

  it('puts every folder in exactly one layer', () => {
    const named = LAYERS.flat();
    expect(named.length).toBe(new Set(named).size);
    for (const f of files) layerOf(f);
  });

  it('has no import from a higher layer', () => {
    const upward: string[] = [];
    for (const [from, tos] of graph)
      for (const to of tos) if (layerOf(to) > layerOf(from)) upward.push(`${from} → ${to}`);
    expect(upward).toEqual([]);
  });

  it('touches the disk only in the io layer: no node:fs import outside files/ and io/', () => {
    const outside = files.filter((f) => !IO.includes(folderOf(f)) && imports.get(f)!.external.some((s) => FS.has(s)));
    expect(outside).toEqual([]);
    // The io layer does use it: the count would see it.
    expect(files.filter((f) => imports.get(f)!.external.some((s) => FS.has(s))).length).toBeGreaterThan(0);
  });

  it('has no cycle of modules', () => {
    expect(cycles(files, (v) => graph.get(v) ?? [])).toEqual([]);
  });

  it('has no cycle of folders', () => {
    const folders = [...new Set(files.map(folderOf))];
    const edges = new Map(folders.map((d) => [d, [] as string[]]));
    for (const [from, tos] of graph)
      for (const to of tos)
        if (folderOf(to) !== folderOf(from) && !edges.get(folderOf(from))!.includes(folderOf(to)))
          edges.get(folderOf(from))!.push(folderOf(to));
    expect(cycles(folders, (d) => edges.get(d)!)).toEqual([]);
  });
});
