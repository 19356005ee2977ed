/**
 * Parses the text of one faction file: YAML syntax errors, duplicate keys, unresolved aliases and alias
 * bombs are refused, then every field is checked (src/faction/format.ts). Loaded only when a file has to be
 * parsed (src/faction/loader.ts keeps parses between runs).
 */
import { basename, dirname, extname } from 'node:path';
import { InputError, type Problem } from '../errors.js';
import { parseYaml } from '../yaml-syntax.js';
import { checkFaction, resolveFaction, type RulebookMode } from './format.js';
import type { Faction } from './types.js';
import { YamlReader } from './yaml-reader.js';

export interface ParseOptions {
  /**
   * `enforce` (default): the rulebook's bounds (ships 2–5, move count 1–3, hits to sink = fittings + 1,
   * heading 90°, or 180° with Disciplined Crew) are loader errors. `defer`: they pass through so that
   * `shipwright validate` can report them as findings; types, structure and sane magnitudes are still checked.
   */
  rulebook?: RulebookMode;
}

/** Orders problems by line and column; problems placed by field path follow, in the order found. */
function byPlace(problems: readonly Problem[]): Problem[] {
  const key = (p: Problem): [number, number] => {
    const m = /^(\d+):(\d+)$/.exec(p.place);
    return m ? [Number(m[1]), Number(m[2])] : [Infinity, 0];
  };
  return [...problems].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0] - kb[0] || ka[1] - kb[1];
  });
}

/**
 * Parses and checks the text of one faction file. Pure: `sourceName` is only used in messages, to check
 * that the id equals the file's name, and to resolve `model.externalHull.stl` against its folder.
 * @returns the resolved faction (defaults filled, lengths in millimetres).
 * @throws InputError carrying every problem found in the file, in line order.
 */
export function parseFaction(text: string, sourceName: string, opts: ParseOptions = {}): Faction {
  const { doc, lines, duplicateKeys, errors, warnings, aliases } = parseYaml(text, sourceName, 'a faction file');
  // Duplicate keys leave a well-formed tree, so the walk below can still find more problems. After any
  // other syntax error the parser's later errors are mostly echoes of the first: report it and count them.
  const problems = [...warnings, ...duplicateKeys];
  const [first, ...echoes] = errors;
  if (first) {
    const more =
      echoes.length === 0
        ? ''
        : ` (and ${echoes.length} more YAML error${echoes.length === 1 ? '' : 's'} after it, probably caused by this one)`;
    throw new InputError(byPlace([...problems, { ...first, message: first.message + more }]));
  }

  if (aliases.length > 0) throw new InputError(byPlace([...problems, ...aliases]));
  const reader = new YamlReader(sourceName, doc, lines);

  if (doc.contents === null) {
    throw InputError.single(
      sourceName,
      '1:1',
      'the file is empty; a faction file is a mapping with `id`, `name`, `card` and `model` (see factions/queens-fleet.yaml)',
    );
  }
  const stem = basename(sourceName, extname(sourceName));
  const file = checkFaction(reader, { node: doc.contents, at: doc.contents }, stem, opts.rulebook ?? 'enforce');
  const all = [...problems, ...reader.problems];
  if (all.length > 0 || !file) throw new InputError(byPlace(all));
  return resolveFaction(file, sourceName, dirname(sourceName));
}
