/**
 * The house has one-way layers: a module imports only from its own layer or the ones below, and no
 * module reaches itself through its imports. Type-only imports count too (a type is a dependency on the
 * module's ideas), and so do dynamic `import()`s. Read from the sources, so it cannot drift.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');

/** Lowest first. A module belongs to the longest entry that is a prefix of its path (without .ts). */
const LAYERS: readonly (readonly string[])[] = [
  ['units', 'text', 'errors', 'yaml-syntax', 'random', 'table'], // words, numbers and messages
  ['standard', 'materials', 'rules'], // the game's, the printer's and the plastics' facts
  ['io/read', 'io/fs-errors', 'io/atomic'], // reading and writing bytes safely
  ['geometry', 'physics'], // the kernel; the cannon's and the wheel's physics (no geometry in it)
  ['mesh', 'render', 'faction', 'armada', 'games/measure'], // meshes measured and drawn; the input files
  ['parts'], // one builder per part, the registry that names them, and the board's layout its tiles are built from
  ['generate'], // the catalogue, the build and the manifest
  ['bom', 'validate', 'games'], // what a table prints; the rules checked; the game packs
  ['paper'], // cards, flags and the quick reference, drawn from the parts
  ['io'], // adapters: the output folder, the part cache, the profile, the slicer
  ['cli'], // parse, call, print
];

const files = (readdirSync(SRC, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => f.replaceAll('\\', '/'));

function layerOf(file: string): number {
  const path = file.replace(/\.ts$/, '');
  let best = { layer: -1, length: -1 };
  LAYERS.forEach((names, layer) => {
    for (const n of names) if ((path === n || path.startsWith(`${n}/`)) && n.length > best.length) best = { layer, length: n.length };
  });
  if (best.layer < 0) throw new Error(`${file} is in no layer: add its folder to LAYERS`);
  return best.layer;
}

/** Every relative import of a source file, as a path under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)'(\.{1,2}\/[^']+)'/gm)].map((m) => m[1]!);
  return specs.map((s) => normalize(join(dirname(file), s)).replaceAll('\\', '/').replace(/\.js$/, '.ts'));
}

const graph = new Map(files.map((f) => [f, importsOf(f)]));

describe('the layers', () => {
  it('finds the imports it checks', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(graph.get('cli/main.ts')!.length).toBeGreaterThan(2);
    for (const [from, tos] of graph) for (const to of tos) expect(files, `${from} imports ${to}, which does not exist`).toContain(to);
  });

  it('has no import from a higher layer', () => {
    const upward: string[] = [];
    for (const [from, tos] of graph) for (const to of tos) if (layerOf(to) > layerOf(from)) upward.push(`${from} → ${to}`);
    expect(upward).toEqual([]);
  });

  it('has no cycle', () => {
    // Tarjan's strongly connected components: any component of more than one module is a cycle.
    let index = 0;
    const at = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], onStack = new Set<string>();
    const cycles: string[][] = [];
    const visit = (v: string): void => {
      at.set(v, index), low.set(v, index++), stack.push(v), onStack.add(v);
      for (const w of graph.get(v) ?? []) {
        if (!at.has(w)) visit(w), low.set(v, Math.min(low.get(v)!, low.get(w)!));
        else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, at.get(w)!));
      }
      if (low.get(v) === at.get(v)) {
        const component: string[] = [];
        for (let w = ''; w !== v; ) (w = stack.pop()!), onStack.delete(w), component.push(w);
        if (component.length > 1 || graph.get(v)!.includes(v)) cycles.push(component.sort());
      }
    };
    for (const f of files) if (!at.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });
});
