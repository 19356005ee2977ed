/**
 * A checked walk over a parsed YAML document. Each accessor checks one field, reports what is wrong with
 * the field's line:column (or its path when the node has no position) and what would be valid, and
 * returns undefined instead of throwing, so a walk collects every problem in a file, not only the first.
 */
import type { Alias, Document, LineCounter, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import { yaml } from '../yaml-syntax.js';
import type { Problem } from '../errors.js';
import { DRAWABLE, nameCharacters, undrawable } from '../render/glyphs.js';
import { describe, parseLengthMm } from '../units.js';
import { closest, listOf } from './suggest.js';

// The library's node tests, through the gateway that loads it on first use (a reader only exists for a parsed document).
const isAlias = (n: unknown): n is Alias => yaml().isAlias(n);
const isMap = (n: unknown): n is YAMLMap => yaml().isMap(n);
const isScalar = (n: unknown): n is Scalar => yaml().isScalar(n);
const isSeq = (n: unknown): n is YAMLSeq => yaml().isSeq(n);

/** A value in the document: `node` as written (maybe an alias or null), `at` the node to point at. */
export interface Field {
  node: unknown;
  at: unknown;
}

/** The keys a mapping may hold. */
export interface KeySet {
  readonly required: readonly string[];
  readonly optional: readonly string[];
}

/** A length as written and in millimetres. */
export interface Length {
  text: string;
  mm: number;
}

export interface Range {
  min: number;
  max: number;
  /** Whether the bounds themselves are out (a position strictly inside the hull). */
  exclusive?: boolean;
  /** Why the range is what it is, for the message. */
  why?: string;
}

const fmt = (n: number): number => +n.toFixed(3);

/** Joins a field path: `card` + `ships` → `card.ships`; a number makes an index, `fittings[0]`. */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

export class YamlReader {
  readonly problems: Problem[] = [];

  constructor(
    readonly source: string,
    private readonly doc: Document,
    private readonly lines: LineCounter,
  ) {}

  /** Reports a problem at `at`'s line:column, or at `path` when `at` has no position. */
  report(at: unknown, path: string, message: string): void {
    const range = (at as { range?: readonly number[] } | null)?.range;
    if (range?.[0] !== undefined) {
      const { line, col } = this.lines.linePos(range[0]);
      this.problems.push({
        source: this.source,
        place: `${line}:${col}`,
        message: path === '' ? message : `${path}: ${message}`,
      });
    } else {
      this.problems.push({ source: this.source, place: path, message });
    }
  }

  /** Where a node was written, `line:column`, or `path` when it has no position. */
  placeOf(at: unknown, path: string): string {
    const range = (at as { range?: readonly number[] } | null)?.range;
    if (range?.[0] === undefined) return path;
    const { line, col } = this.lines.linePos(range[0]);
    return `${line}:${col}`;
  }

  /** The value as plain data (lists, mappings and scalars all the way down), for options checked elsewhere. */
  data(f: Field): unknown {
    const n = this.resolve(f.node) as { toJSON?: () => unknown } | null;
    return n !== null && typeof n === 'object' && typeof n.toJSON === 'function' ? n.toJSON() : n;
  }

  /** The node behind an alias (unresolved aliases are reported before any walk, so they read as null). */
  private resolve(node: unknown): unknown {
    return isAlias(node) ? (node.resolve(this.doc) ?? null) : node;
  }

  /** A plain value for messages and scalar checks: scalars' values, `{}` for a mapping, `[]` for a list. */
  private plain(node: unknown): unknown {
    const n = this.resolve(node);
    if (isScalar(n)) return n.value;
    if (isMap(n)) return {};
    if (isSeq(n)) return [];
    return n ?? null;
  }

  /** The plain value under `key` if the field is a mapping holding it (no report either way). */
  peek(f: Field, key: string): unknown {
    const n = this.resolve(f.node);
    if (!isMap(n)) return undefined;
    const pair = n.items.find((p) => this.plain(p.key) === key);
    return pair && this.plain(pair.value);
  }

  /**
   * For a value that is either the word `none` (a declared absence) or a mapping: which one it is.
   * Anything else is reported with `shape`, the mapping's form, and reads as undefined.
   */
  noneOrMapping(f: Field, path: string, shape: string): 'none' | 'mapping' | undefined {
    const n = this.resolve(f.node);
    if (isMap(n)) return 'mapping';
    const v = this.plain(f.node);
    if (v === 'none') return 'none';
    this.report(f.at, path, `expected \`none\` or a mapping ${shape}, got ${describe(v)}`);
    return undefined;
  }

  /**
   * The fields of a mapping with the given keys. Reports a non-mapping, keys that are not names, unknown
   * keys (with a "did you mean" hint) and missing required keys. Returns the known keys that are present.
   */
  mapping(f: Field, path: string, keys: KeySet, what: string): Map<string, Field> | undefined {
    const n = this.resolve(f.node);
    const allowed = [...keys.required, ...keys.optional];
    if (!isMap(n)) {
      this.report(
        f.at,
        path,
        `expected ${what}: a mapping with keys ${listOf(allowed, 'and')}, got ${describe(this.plain(f.node))}`,
      );
      return undefined;
    }
    const fields = new Map<string, Field>();
    const suggested = new Set<string>();
    for (const pair of n.items) {
      const key = this.resolve(pair.key);
      const keyAt = pair.key ?? f.at;
      if (!isScalar(key) || key.value === null || typeof key.value === 'object') {
        this.report(
          keyAt,
          path,
          `a key must be a plain name, got ${describe(this.plain(pair.key))}; allowed keys: ${listOf(allowed)}`,
        );
        continue;
      }
      const name = String(key.value);
      if (!allowed.includes(name)) {
        const hint = closest(name, allowed);
        if (hint !== undefined) suggested.add(hint);
        const where = path === '' ? 'at the top level' : `in ${path}`;
        const valid = hint !== undefined ? `did you mean \`${hint}\`? ` : '';
        this.report(
          keyAt,
          childPath(path, name),
          `unknown key \`${name}\` ${where}; ${valid}allowed keys: ${listOf(allowed)}`,
        );
        continue;
      }
      fields.set(name, { node: pair.value, at: pair.value ?? keyAt });
    }
    // A required key that an unknown key was already suggested for is not reported twice.
    const missing = keys.required.filter((k) => !fields.has(k) && !suggested.has(k));
    if (missing.length > 0) {
      const needs = `${what} needs ${listOf(keys.required, 'and')}`;
      this.report(f.at, path, `missing ${listOf(missing, 'and')}; ${needs}`);
    }
    return fields;
  }

  /** The items of a list of at most `maxItems` entries. */
  list(f: Field, path: string, what: string, maxItems: number): Field[] | undefined {
    const n = this.resolve(f.node);
    if (!isSeq(n)) {
      this.report(f.at, path, `expected a list of ${what}, got ${describe(this.plain(f.node))}`);
      return undefined;
    }
    if (n.items.length > maxItems) {
      this.report(f.at, path, `${n.items.length} entries is too many; expected at most ${maxItems} ${what}`);
      return undefined;
    }
    return n.items.map((item) => ({ node: item, at: item }));
  }

  /** A whole number in `range`; `rule` explains the range (e.g. where the rulebook says so). */
  integer(f: Field, path: string, range: Range, rule = ''): number | undefined {
    const v = this.plain(f.node);
    const valid = `expected a whole number from ${range.min} to ${range.max}${rule === '' ? '' : ` (${rule})`}`;
    if (typeof v !== 'number') {
      const unquote =
        typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? ' (write it without quotes)' : '';
      this.report(f.at, path, `${valid}, got ${describe(v)}${unquote}`);
      return undefined;
    }
    if (!Number.isFinite(v)) {
      this.report(f.at, path, `${v} is not a finite number; ${valid}`);
      return undefined;
    }
    if (!Number.isInteger(v) || v < range.min || v > range.max) {
      this.report(f.at, path, `${v} is not allowed; ${valid}`);
      return undefined;
    }
    return v;
  }

  /** Text of 1 to `maxLength` characters, optionally matching `pattern` (described by `patternHint`). */
  text(f: Field, path: string, maxLength: number, pattern?: { re: RegExp; hint: string }): string | undefined {
    const v = this.plain(f.node);
    if (typeof v !== 'string' || v.trim() === '') {
      this.report(
        f.at,
        path,
        `expected text (1 to ${maxLength} characters), got ${typeof v === 'string' ? 'empty text' : describe(v)}`,
      );
      return undefined;
    }
    if (v.length > maxLength) {
      this.report(f.at, path, `${v.length} characters is too long; expected at most ${maxLength}`);
      return undefined;
    }
    if (pattern && !pattern.re.test(v)) {
      this.report(f.at, path, `${JSON.stringify(v)} is not valid; expected ${pattern.hint}`);
      return undefined;
    }
    return v;
  }

  /**
   * Text that is drawn (on a card, a flag, a contact sheet): as `text`, and every character one our
   * lettering draws (src/render/glyphs.ts), never replaced by another. `wrapped` text is broken into lines
   * at its whitespace, so any whitespace in it is a break, not a character drawn.
   */
  drawnText(f: Field, path: string, maxLength: number, wrapped = false): string | undefined {
    const v = this.text(f, path, maxLength);
    if (v === undefined) return undefined;
    const missing = undrawable(wrapped ? v.replace(/\s+/g, ' ') : v);
    if (missing.length === 0) return v;
    this.report(
      f.at,
      path,
      `the lettering of cards and pictures cannot draw ${nameCharacters(missing)}; write it with ${DRAWABLE}`,
    );
    return undefined;
  }

  /**
   * Whether every number in the value, however deep, is finite; the first that is not (`.nan`, `.inf`, or
   * a literal past a double's range such as 1e309) is reported where it is written. No size is infinite.
   */
  finite(f: Field, path: string): boolean {
    const walk = (node: unknown, at: string): boolean => {
      const n = this.resolve(node);
      if (isScalar(n)) {
        if (typeof n.value !== 'number' || Number.isFinite(n.value)) return true;
        this.report(
          n,
          at,
          `${(n as { source?: string }).source ?? String(n.value)} reads as ${String(n.value)}, not a finite number; expected a number a part can be built with`,
        );
        return false;
      }
      if (isSeq(n)) return n.items.every((item, i) => walk(item, childPath(at, i)));
      if (isMap(n)) return n.items.every((pair) => walk(pair.value, childPath(at, String(this.plain(pair.key)))));
      return true;
    };
    return walk(f.node, path);
  }

  /** One of `options` (with a "did you mean" hint). */
  choice<T extends string>(f: Field, path: string, options: readonly T[]): T | undefined {
    const v = this.plain(f.node);
    if (typeof v === 'string' && (options as readonly string[]).includes(v)) return v as T;
    const hint = typeof v === 'string' ? closest(v, options) : undefined;
    const mean = hint !== undefined ? `; did you mean \`${hint}\`?` : '';
    this.report(f.at, path, `expected one of ${listOf(options)}, got ${describe(v)}${mean}`);
    return undefined;
  }

  /** A length with its unit (`86mm`, `3.4in`), optionally within `range` millimetres. */
  length(f: Field, path: string, range?: Range): Length | undefined {
    const v = this.plain(f.node);
    const parsed = parseLengthMm(v);
    if (!parsed.ok) {
      this.report(f.at, path, parsed.message);
      return undefined;
    }
    const mm = parsed.value;
    if (range && !(range.exclusive ? mm > range.min && mm < range.max : mm >= range.min && mm <= range.max)) {
      const span = `${range.exclusive ? 'strictly between' : 'from'} ${fmt(range.min)}mm ${range.exclusive ? 'and' : 'to'} ${fmt(range.max)}mm`;
      const why = range.why === undefined ? '' : ` (${range.why})`;
      const inMm = /mm\s*$/i.test(String(v)) ? '' : ` (${fmt(mm)} mm)`;
      this.report(f.at, path, `${String(v)}${inMm} is out of range; expected a length ${span}${why}`);
      return undefined;
    }
    return { text: String(v), mm };
  }

  /** A point `[along, across]` of two lengths, each optionally within its range. */
  point(f: Field, path: string, ranges: readonly [Range?, Range?] = []): [Length, Length] | undefined {
    const items = this.list(f, path, 'lengths [along the keel, across]', 2);
    if (!items) return undefined;
    if (items.length !== 2) {
      this.report(f.at, path, `expected two lengths [along the keel, across], e.g. [6mm, 0mm], got ${items.length}`);
      return undefined;
    }
    const x = this.length(items[0]!, childPath(path, 0), ranges[0]);
    const y = this.length(items[1]!, childPath(path, 1), ranges[1]);
    return x && y ? [x, y] : undefined;
  }
}
