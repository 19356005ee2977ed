/**
 * Parsing the YAML of every input file (faction files, armada lists, printer profiles) in one way: keys
 * must be unique, aliases must have their anchors and may not expand past MAX_ALIAS_COUNT nodes, the
 * parser never writes to stderr, and each syntax problem becomes a Problem at its line:column, in the
 * words a hand-edited file needs.
 */
import { createRequire } from 'node:module';
import type { Alias, Document, LineCounter, YAMLError } from 'yaml';
import type { Problem } from './errors.js';

let loaded: typeof import('yaml') | undefined;
/**
 * The yaml library, loaded on the first parse: a run that reads no YAML (`--help`, a warm `factions` or
 * `generate` whose factions come from the cache's parse) does not pay the ~20 ms of loading it.
 */
export const yaml = (): typeof import('yaml') =>
  (loaded ??= createRequire(import.meta.url)('yaml') as typeof import('yaml'));

/**
 * Most nodes the aliases of one input file may expand to (the yaml library's own default): a hand-written
 * file needs few or none, while a "billion laughs" document of nested aliases expands exponentially.
 */
export const MAX_ALIAS_COUNT = 100;

/** Messages for the YAML errors a hand-edited file most often has, in place of the parser's wording. */
const MESSAGES: Readonly<Record<string, (written: string, what: string) => string>> = {
  DUPLICATE_KEY: (w) =>
    `duplicate key \`${/^[^:\n]*/.exec(w)![0].trim()}\`; each key may appear only once in a mapping`,
  TAB_AS_INDENT: () => 'a tab in the indentation; indent with spaces',
  MULTIPLE_DOCS: (_, what) => `a second YAML document starts here (\`---\`); ${what} holds one document`,
  TAG_RESOLVE_FAILED: (w, what) => `unknown tag \`${/^\S*/.exec(w)![0]}\`; ${what} uses plain YAML values without tags`,
};

export interface ParsedYaml {
  doc: Document;
  lines: LineCounter;
  /** Duplicate keys: the tree is still whole, so a caller may go on to find more problems. */
  duplicateKeys: Problem[];
  /** Every other error; after the first, the parser's errors are mostly echoes of it. */
  errors: Problem[];
  /** The parser's warnings (e.g. an unresolved tag), as problems. */
  warnings: Problem[];
  /** Aliases without an anchor, or expanding past MAX_ALIAS_COUNT (checked only when the syntax is sound). */
  aliases: Problem[];
}

/**
 * Parses `text` (named `source` in messages). `what` names the kind of file in messages, e.g.
 * "a faction file".
 */
export function parseYaml(text: string, source: string, what: string): ParsedYaml {
  const { LineCounter, parseDocument } = yaml();
  const lines = new LineCounter();
  // logLevel 'error': the parser's warnings become problems here, never lines on the user's stderr.
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: true, lineCounter: lines, logLevel: 'error' });
  const problem = (e: YAMLError): Problem => {
    const pos = e.linePos?.[0];
    const custom = MESSAGES[e.code];
    // prettyErrors appends " at line L, column C:" and a source excerpt; the place carries that already.
    const message = custom
      ? custom(text.slice(e.pos[0]), what)
      : `${e.message.replace(/ at line \d+, column \d+:[\s\S]*$/, '')} (YAML syntax)`;
    return { source, place: pos ? `${pos.line}:${pos.col}` : '', message };
  };
  const errors = doc.errors.filter((e) => e.code !== 'DUPLICATE_KEY').map(problem);
  return {
    doc,
    lines,
    duplicateKeys: doc.errors.filter((e) => e.code === 'DUPLICATE_KEY').map(problem),
    errors,
    warnings: doc.warnings.map(problem),
    aliases: errors.length === 0 ? aliasProblems(doc, lines, source, what) : [],
  };
}

function aliasProblems(doc: Document, lines: LineCounter, source: string, what: string): Problem[] {
  const at = (alias: Alias, message: string): Problem => {
    const start = alias.range?.[0];
    const pos = start === undefined ? null : lines.linePos(start);
    return { source, place: pos ? `${pos.line}:${pos.col}` : '', message };
  };
  const out: Problem[] = [];
  let first: Alias | null = null;
  yaml().visit(doc, {
    Alias(_, alias) {
      first ??= alias;
      if (!alias.resolve(doc))
        out.push(at(alias, `alias \`*${alias.source}\` has no anchor \`&${alias.source}\` before it`));
    },
  });
  if (out.length === 0 && first) {
    try {
      doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch {
      // yaml throws when aliases expand past the limit.
      out.push(
        at(
          first,
          `aliases expand to more than ${MAX_ALIAS_COUNT} nodes; ${what} needs few or no aliases (this looks like a "billion laughs" alias bomb)`,
        ),
      );
    }
  }
  return out;
}
