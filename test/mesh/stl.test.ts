/**
 * STL as other tools write it: binary, and ASCII (OpenSCAD's export, a user's external hull). Both forms of
 * one mesh read as the same welded mesh; a broken ASCII file is refused at its line, naming the file.
 */
import fc from 'fast-check';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStl } from '../../src/cli/stl-input.js';
import type { MeshData } from '../../src/geometry/kernel.js';
import { parseStl, serializeStl, StlFormatError } from '../../src/mesh/stl.js';
import { checkTopology } from '../../src/mesh/topology.js';
import { problemsOf } from '../helpers/problems.js';
import { prism, rectangle } from '../helpers/prism.js';

/** The mesh as ASCII STL, each coordinate with the 9 digits that bring a float32 back exactly. */
function asciiStl(mesh: MeshData, { eol = '\n', upper = false } = {}): string {
  const k = (w: string): string => (upper ? w.toUpperCase() : w);
  const v = (i: number): string =>
    [0, 1, 2].map((c) => mesh.positions[mesh.triangles[i]! * 3 + c]!.toPrecision(9)).join(' ');
  const facets = Array.from({ length: mesh.triangles.length / 3 }, (_, t) => [
    `  ${k('facet normal')} 0 0 0`,
    `    ${k('outer loop')}`,
    ...[0, 1, 2].map((c) => `      ${k('vertex')} ${v(t * 3 + c)}`),
    `    ${k('endloop')}`,
    `  ${k('endfacet')}`,
  ]);
  return [`${k('solid')} block`, ...facets.flat(), `${k('endsolid')} block`, ''].join(eol);
}

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const block = prism(rectangle(4, 3), 2);
const binary = parseStl(serializeStl(block, 'block'));

describe('ASCII STL', () => {
  it('reads as the same welded mesh as the binary file of the same triangles', () => {
    expect(parseStl(bytes(asciiStl(block)))).toEqual(binary);
    expect(checkTopology(parseStl(bytes(asciiStl(block))))).toMatchObject({
      triangles: 12,
      vertices: 8,
      watertight: true,
    });
  });

  it('takes CRLF lines, upper-case keywords, blank lines and several solids', () => {
    expect(parseStl(bytes(asciiStl(block, { eol: '\r\n', upper: true })))).toEqual(binary);
    const text = asciiStl(block).replace('outer loop', '\nouter loop\n');
    expect(parseStl(bytes(text))).toEqual(binary);
    const twice = parseStl(bytes(asciiStl(block) + asciiStl(block)));
    expect(twice.triangles.length).toBe(2 * binary.triangles.length);
    expect(twice.positions).toEqual(binary.positions);
  });

  it('any mesh of float32 corners round-trips through ASCII as through binary', () => {
    const f32 = fc.float({ min: -500, max: 500, noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(fc.array(fc.tuple(f32, f32, f32), { minLength: 3, maxLength: 12 }), (corners) => {
        const n = Math.floor(corners.length / 3) * 3;
        const mesh: MeshData = {
          positions: new Float32Array(corners.slice(0, n).flat()),
          triangles: Uint32Array.from({ length: n }, (_, i) => i),
        };
        expect(parseStl(bytes(asciiStl(mesh)))).toEqual(parseStl(serializeStl(mesh, 'm')));
      }),
      { numRuns: 50 },
    );
  });

  it('a binary file whose header begins with "solid" is still read as binary', () => {
    const file = serializeStl(block, 'block');
    file.set(bytes('solid block exported by a CAD tool'));
    expect(parseStl(file)).toEqual(binary);
  });

  it.each([
    [
      'a corner missing',
      (t: string) => t.replace(/( {6}vertex [^\n]*\n)( {4}endloop)/, '$2'),
      6,
      'expected "vertex <x> <y> <z>", got "endloop"',
    ],
    [
      'a coordinate that is not a number',
      (t: string) => t.replace(/vertex ([^ \n]+)/, 'vertex nan'),
      4,
      'expected three numbers after "vertex", got "vertex nan',
    ],
    [
      'two coordinates',
      (t: string) => t.replace(/vertex ([^ \n]+) /, 'vertex '),
      4,
      'expected three numbers after "vertex"',
    ],
    ['a stray word', (t: string) => t.replace('outer loop', 'outer lop'), 3, 'expected "outer loop", got "outer lop"'],
    [
      'no endsolid',
      (t: string) => t.replace(/endsolid block\n$/, ''),
      85,
      'the file ends where "facet normal <x> <y> <z>" or "endsolid" was expected',
    ],
  ])('%s: refused at its line', (_why, edit, line, message) => {
    const text = edit(asciiStl(block));
    let error: unknown;
    try {
      parseStl(bytes(text));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StlFormatError);
    expect((error as StlFormatError).line).toBe(line);
    expect((error as Error).message).toMatch(new RegExp(`^line ${line}: (${message.replace(/[()<>]/g, '\\$&')})`));
  });

  it("a user's broken ASCII file: bad input naming the file, the line and what was expected", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sw-ascii-stl-'));
    const path = join(dir, 'openscad-hull.stl');
    writeFileSync(path, asciiStl(block).replace(/vertex ([^ \n]+)/, 'vertex 1,5'));
    const [problem, ...more] = await problemsOf(() => readStl(path, 'fleet/corsairs.yaml', 'model.externalHull.stl'));
    expect(more).toEqual([]);
    expect(problem).toBe(
      `fleet/corsairs.yaml (model.externalHull.stl): ${path} is not an STL file (binary or ASCII): line 4: expected three numbers after "vertex", got "${asciiStl(
        block,
      )
        .split('\n')[3]!
        .trim()
        .replace(/vertex [^ ]+/, 'vertex 1,5')}"`,
    );
    writeFileSync(path, asciiStl(block));
    expect(parseStl(await readStl(path, 'fleet/corsairs.yaml', 'model.externalHull.stl'))).toEqual(binary);
    expect(readFileSync(path, 'utf8').startsWith('solid block')).toBe(true);
  });

  it('a file that is neither names both forms', () => {
    expect(() => parseStl(bytes('not an STL'))).toThrow(
      /too short for a binary STL \(10 bytes\) and not ASCII STL \(which begins with "solid"\)/,
    );
    expect(() => parseStl(new Uint8Array(200))).toThrow(
      /binary STL says 0 triangles but is 200 bytes \(expected 84\), and it is not ASCII STL/,
    );
  });
});
