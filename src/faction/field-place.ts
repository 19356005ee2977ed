/**
 * Where a field of a faction file was written: `model.cannonSlots[2].at` → line 24, column 28. Problems
 * found after the loader (the hull's layout, validate's findings) name their field by path; an editor
 * shows them at the place in the text.
 */
import { parseYaml, yaml } from '../yaml-syntax.js';

/** `a.b[2].c` → ['a', 'b', 2, 'c']. */
export function pathKeys(path: string): (string | number)[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!));
}

/**
 * The 1-based line and column of the value at `path` in `text`, or of its nearest written ancestor (a
 * field path may name a value the file leaves out); null when not even the first key is there.
 */
export function fieldPlace(text: string, path: string): { line: number; col: number } | null {
  const { doc, lines } = parseYaml(text, 'field', 'a faction file');
  const keys = pathKeys(path);
  for (let n = keys.length; n > 0; n--) {
    const node = doc.getIn(keys.slice(0, n), true);
    const start = yaml().isNode(node) ? node.range?.[0] : undefined;
    if (start !== undefined) return lines.linePos(start);
  }
  return null;
}
