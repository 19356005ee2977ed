/**
 * Loads game packs (games/<id>/game.yaml). Input is hostile as faction files are (src/faction/loader.ts):
 * size capped, strict UTF-8, YAML syntax, duplicate keys and aliases refused, then every field checked
 * with its line:column and what would be valid, all problems of a file at once. Piece parameters are
 * checked against their builder's DEFAULTS (name and type) here, and against its ranges when built.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError, type Problem } from '../errors.js';
import { childPath, YamlReader, type Field } from '../faction/yaml-reader.js';
import { closest } from '../faction/suggest.js';
import { findPackageRoot, foldersHolding, isReadableFolder, pathExists, readTextFile } from '../files/read.js';
import { findMaterial, MATERIAL_IDS } from '../materials.js';
import { countOf } from '../rules/count.js';
import { PLAYERS } from '../rules/rulebook.js';
import { describe } from '../units.js';
import { parseYaml } from '../yaml-syntax.js';
import { CHECK_KINDS, CHECKS, type CheckKind, type ParamType } from './checks.js';
import { PACK_LIMITS } from './limits.js';
import { PIECE_BUILDER_IDS, pieceBuilder, SETTINGS_PARAMS, type PieceBuilder } from './pieces.js';
import type { Check, Game, Piece, Variant } from './types.js';

/** The shipped packs' folder, found from this module's place (src/… or dist/src/…). */
export const GAMES_DIR = join(findPackageRoot(dirname(fileURLToPath(import.meta.url))), 'games');
export { DEFAULT_GAME_ID } from './types.js';
export const GAME_FILE = 'game.yaml';
const MAX_GAME_FILE_BYTES = 256 * 1024;
const ID = {
  re: /^[a-z0-9]+(-[a-z0-9]+)*$/,
  hint: 'lowercase letters, digits and single hyphens, e.g. treasure-chest',
};
const COLOR = {
  re: /^[a-z]+([ -][a-z]+)*$/,
  hint: 'a colour name in lowercase, e.g. blue, wood-brown, or `player` / `any`',
};

const GAME_KEYS = {
  required: ['id', 'name', 'rulebook', 'players'],
  optional: ['colors', 'factions', 'pieces', 'checks'],
} as const;
const PIECE_KEYS = {
  required: ['id', 'builder', 'count', 'rule'],
  optional: ['color', 'material', 'params', 'variants', 'variantsFile', 'optional'],
} as const;
const COUNT_KEYS = { required: [], optional: ['perPlayer', 'perTable'] } as const;
const VARIANT_KEYS = { required: ['id'], optional: ['params'] } as const;

/** The ids of the packs in `dir`, sorted (a pack is a folder holding game.yaml). */
export async function gameIds(dir = GAMES_DIR): Promise<string[]> {
  return foldersHolding(dir, GAME_FILE);
}

/** Every shipped pack, loaded. */
export async function loadGames(dir = GAMES_DIR): Promise<Game[]> {
  return Promise.all((await gameIds(dir)).map((id) => loadGameFile(join(dir, id, GAME_FILE))));
}

/**
 * The pack `--game` names: a shipped pack's id, or a folder holding a game.yaml (your own pack, or a
 * copy of one to change). Unknown ids are refused with the list of packs.
 */
export async function loadGame(idOrDir: string, dir = GAMES_DIR): Promise<Game> {
  if (ID.re.test(idOrDir) && pathExists(join(dir, idOrDir, GAME_FILE)))
    return loadGameFile(join(dir, idOrDir, GAME_FILE));
  if (pathExists(join(idOrDir, GAME_FILE))) return loadGameFile(join(idOrDir, GAME_FILE));
  if (idOrDir.endsWith('.yaml') && pathExists(idOrDir)) return loadGameFile(idOrDir);
  const ids = await gameIds(dir);
  const hint = closest(idOrDir, ids);
  throw InputError.single(
    '--game',
    '',
    `unknown game "${idOrDir}": ${hint ? `did you mean ${hint}? ` : ''}expected one of ${ids.join(', ')} (shipwright games), or a folder holding a ${GAME_FILE}`,
  );
}

export async function loadGameFile(path: string): Promise<Game> {
  return parseGame(await readTextFile(path, MAX_GAME_FILE_BYTES), path);
}

/** Parses and checks one game.yaml. `source` names it in messages; its folder holds the pack's other files. */
export async function parseGame(text: string, source: string): Promise<Game> {
  const r = readerFor(text, source, 'a game pack');
  const root: Field = { node: r.doc, at: r.doc };
  if (r.doc === null)
    throw InputError.single(
      source,
      '1:1',
      'the file is empty; a game pack is a mapping with `id`, `name`, `rulebook`, `players` and `pieces` (see games/rigadoon/game.yaml)',
    );
  const reader = r.reader;
  const top = reader.mapping(
    root,
    '',
    { required: [...GAME_KEYS.required], optional: [...GAME_KEYS.optional] },
    'a game pack',
  );
  if (!top) throw new InputError(reader.problems);
  const dir = dirname(source);
  const get = (k: string): Field | undefined => top.get(k);
  const id = get('id') && reader.text(get('id')!, 'id', 40, ID);
  // The name titles the pack's contact sheets (generate --previews): text the lettering draws.
  const name = get('name') && reader.drawnText(get('name')!, 'name', 80);
  const rulebook = get('rulebook') && reader.text(get('rulebook')!, 'rulebook', 300);
  const playersMap =
    get('players') &&
    reader.mapping(get('players')!, 'players', { required: ['min', 'max'], optional: [] }, 'the player count');
  const most = `the most any of our rulebooks seats at one table`;
  const min =
    playersMap?.get('min') &&
    reader.integer(playersMap.get('min')!, 'players.min', { min: 1, max: PACK_LIMITS.players }, most);
  const max =
    playersMap?.get('max') &&
    reader.integer(playersMap.get('max')!, 'players.max', { min: min ?? 1, max: PACK_LIMITS.players }, most);
  const colors = get('colors')
    ? (reader
        .list(get('colors')!, 'colors', 'seat colours', PACK_LIMITS.players)
        ?.map((f, i) => reader.text(f, `colors[${i}]`, 40, COLOR)) ?? [])
    : [];
  if (max !== undefined && colors.length > 0 && colors.length < max)
    reader.report(
      get('colors')!.at,
      'colors',
      `${colors.length} seat colour${colors.length === 1 ? '' : 's'} for up to ${max} players; give one per seat`,
    );
  const factions = get('factions') && reader.text(get('factions')!, 'factions', 200);
  if (!get('factions') && !get('pieces'))
    reader.report(root.at, '', 'a game pack needs `pieces` (or, for Cannons & Coastlines, `factions`)');
  if (get('factions')) await checkFactionsPack(reader, get, dir, factions, min, max);

  const pieces: Piece[] = [];
  const pieceFields = get('pieces')
    ? (reader.list(
        get('pieces')!,
        'pieces',
        `pieces (each at least one file of the ${PACK_LIMITS.files} a pack may build)`,
        PACK_LIMITS.files,
      ) ?? [])
    : [];
  for (const [i, f] of pieceFields.entries()) {
    const p = await checkPiece(reader, f, `pieces[${i}]`, dir, colors.length > 0);
    if (p) pieces.push(p);
  }
  const seen = new Set<string>();
  pieceFields.forEach((f, i) => {
    const pid = reader.peek(f, 'id');
    if (typeof pid !== 'string') return;
    if (seen.has(pid))
      reader.report(
        f.at,
        `pieces[${i}].id`,
        `"${pid}" is already a piece of this pack; each piece needs its own id (it names its file)`,
      );
    seen.add(pid);
  });
  if (get('pieces')) checkWork(reader, get('pieces')!, pieces, max);
  const checks: Check[] = [];
  // Checks may name any piece written, even one with a mistake of its own (reported once, there).
  const written = [...seen];
  for (const [i, f] of (get('checks') ? (reader.list(get('checks')!, 'checks', 'checks', 100) ?? []) : []).entries()) {
    const c = checkCheck(reader, f, `checks[${i}]`, written);
    if (c) checks.push(c);
  }
  const problems: Problem[] = [...r.problems, ...reader.problems];
  if (problems.length > 0) throw new InputError(problems);
  return {
    id: id!,
    name: name!,
    rulebook: rulebook!,
    source,
    dir,
    players: { min: min!, max: max! },
    colors: colors as string[],
    factionsDir: factions ? resolve(dir, factions) : null,
    pieces,
    checks,
  };
}

/**
 * A pack of factions (Cannons & Coastlines, or a copy of it to change) prints the faction sets of its
 * `factions` folder: the folder must be there, and nothing the commands would ignore may be written
 * beside it (pieces, checks and seat colours are a pack of pieces'; the players are the rulebook's).
 */
async function checkFactionsPack(
  reader: YamlReader,
  get: (k: string) => Field | undefined,
  dir: string,
  factions: string | undefined,
  min: number | undefined,
  max: number | undefined,
): Promise<void> {
  for (const k of ['pieces', 'checks', 'colors']) {
    if (get(k))
      reader.report(
        get(k)!.at,
        k,
        `a pack of factions prints the Cannons & Coastlines faction sets of its \`factions\` folder and takes no \`${k}\`: give \`factions\` or \`pieces\`, not both`,
      );
  }
  if (min !== undefined && max !== undefined && (min !== PLAYERS.min || max !== PLAYERS.max)) {
    reader.report(
      get('players')!.at,
      'players',
      `a pack of factions plays Cannons & Coastlines, ${PLAYERS.min} to ${PLAYERS.max} players (its rulebook, At the Table): expected { min: ${PLAYERS.min}, max: ${PLAYERS.max} }`,
    );
  }
  const folder = factions === undefined ? undefined : resolve(dir, factions);
  if (folder !== undefined && !(await isReadableFolder(folder))) {
    reader.report(
      get('factions')!.at,
      'factions',
      `no folder ${folder}: expected the folder of faction YAML files, relative to the pack's folder (e.g. factions: factions)`,
    );
  }
}

/**
 * The work a pack asks for, bounded by what the rulebooks allow (src/games/limits.ts): the files it builds
 * (every piece's variants) and the pieces a table of its most players prints (every copy of every file).
 */
function checkWork(reader: YamlReader, at: Field, pieces: readonly Piece[], players: number | undefined): void {
  const files = pieces.reduce((n, p) => n + p.variants.length, 0);
  if (files > PACK_LIMITS.files)
    reader.report(
      at.at,
      'pieces',
      `the pack builds ${files} files (every piece's variants); at most ${PACK_LIMITS.files}, past the 37 of Cannons & Coastlines' seven faction sets, the largest game the rulebooks describe`,
    );
  if (players === undefined) return;
  const copies = pieces
    .filter((p) => !p.count.optional)
    .reduce((n, p) => n + countOf(p.count, { player: players, table: 1 }) * p.variants.length, 0);
  if (copies > PACK_LIMITS.tablePieces) {
    reader.report(
      at.at,
      'pieces',
      `a table of ${players} players prints ${copies} pieces (each piece's count for the table times its files); the largest table the rulebooks allow prints fewer than ${PACK_LIMITS.tablePieces} (Cannons & Coastlines, a Custom Armada of ${PLAYERS.max} players): lower the counts or players.max`,
    );
  }
}

/** A pack's YAML file (game.yaml, a variants file, cards.yaml) parsed, and a reader over it; bad syntax and aliases refused at once. */
export function readerFor(
  text: string,
  source: string,
  what: string,
): { reader: YamlReader; doc: unknown; problems: Problem[] } {
  const { doc, lines, duplicateKeys, errors, warnings, aliases } = parseYaml(text, source, what);
  const [first] = errors;
  if (first) throw new InputError([...warnings, ...duplicateKeys, first]);
  if (aliases.length > 0) throw new InputError([...warnings, ...duplicateKeys, ...aliases]);
  return { reader: new YamlReader(source, doc, lines), doc: doc.contents, problems: [...warnings, ...duplicateKeys] };
}

/** A JSON type's name for messages, and whether `v` has the type of the default `d`. */
const typeName = (d: unknown): string =>
  Array.isArray(d)
    ? 'a list'
    : typeof d === 'number'
      ? 'a number'
      : typeof d === 'boolean'
        ? 'true or false'
        : typeof d === 'string'
          ? 'a text'
          : 'a mapping';
const sameType = (v: unknown, d: unknown): boolean =>
  Array.isArray(d) ? Array.isArray(v) : typeof v === typeof d && v !== null;

/** A piece's parameters: known to its builder, of the default's type, not the printer's. */
function checkParams(
  reader: YamlReader,
  f: Field,
  path: string,
  allowed: Record<string, unknown>,
  internal: readonly string[],
  places: Record<string, string>,
  nodes: Record<string, Field> = {},
): Record<string, unknown> | undefined {
  const keys = Object.keys(allowed).filter(
    (k) => !internal.includes(k) && !(SETTINGS_PARAMS as readonly string[]).includes(k),
  );
  const fields = reader.mapping(f, path, { required: [], optional: keys }, 'the builder parameters');
  if (!fields) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of fields) {
    if (!reader.finite(v, childPath(path, k))) continue;
    const value = reader.data(v);
    if (!sameType(value, allowed[k])) {
      reader.report(
        v.at,
        childPath(path, k),
        `expected ${typeName(allowed[k])} (the default is ${JSON.stringify(allowed[k])}), got ${describe(value)}`,
      );
      continue;
    }
    out[k] = value;
    places[k] = reader.placeOf(v.at, childPath(path, k));
    nodes[k] = v;
  }
  return out;
}

async function checkPiece(
  reader: YamlReader,
  f: Field,
  path: string,
  dir: string,
  hasSeats: boolean,
): Promise<Piece | undefined> {
  const m = reader.mapping(
    f,
    path,
    { required: [...PIECE_KEYS.required], optional: [...PIECE_KEYS.optional] },
    'a piece',
  );
  if (!m) return undefined;
  const id = m.get('id') && reader.text(m.get('id')!, childPath(path, 'id'), 40, ID);
  const builderId = m.get('builder') && reader.choice(m.get('builder')!, childPath(path, 'builder'), PIECE_BUILDER_IDS);
  const count =
    m.get('count') &&
    reader.mapping(
      m.get('count')!,
      childPath(path, 'count'),
      { required: [...COUNT_KEYS.required], optional: [...COUNT_KEYS.optional] },
      'a count per player and/or per table',
    );
  const tableMost = `the largest table the rulebooks allow prints fewer than ${PACK_LIMITS.tablePieces} pieces`;
  const perPlayer = count?.get('perPlayer')
    ? reader.integer(
        count.get('perPlayer')!,
        childPath(path, 'count.perPlayer'),
        { min: 0, max: PACK_LIMITS.tablePieces },
        tableMost,
      )
    : 0;
  const perTable = count?.get('perTable')
    ? reader.integer(
        count.get('perTable')!,
        childPath(path, 'count.perTable'),
        { min: 0, max: PACK_LIMITS.tablePieces },
        tableMost,
      )
    : 0;
  if (count && (perPlayer ?? 0) + (perTable ?? 0) === 0)
    reader.report(
      m.get('count')!.at,
      childPath(path, 'count'),
      'a piece is printed at least once: give `perPlayer`, `perTable` or both, e.g. { perPlayer: 4 }',
    );
  const rule = m.get('rule') && reader.text(m.get('rule')!, childPath(path, 'rule'), 300);
  const color = m.get('color') ? reader.text(m.get('color')!, childPath(path, 'color'), 40, COLOR) : 'any';
  if (color === 'player') {
    if (!hasSeats)
      reader.report(
        m.get('color')!.at,
        childPath(path, 'color'),
        '`player` colours a piece by seat, but the pack lists no `colors`; add them or name a colour',
      );
    if ((perTable ?? 0) > 0)
      reader.report(
        m.get('color')!.at,
        childPath(path, 'color'),
        'a table piece has no seat: give it a colour of its own, or count it perPlayer',
      );
  }
  const materialText = m.get('material') ? reader.text(m.get('material')!, childPath(path, 'material'), 40) : 'pla';
  const material = materialText && findMaterial(materialText);
  if (materialText && !material)
    reader.report(
      m.get('material')!.at,
      childPath(path, 'material'),
      `unknown material "${materialText}": expected one of ${MATERIAL_IDS.join(', ')}`,
    );
  const optionalValue = m.get('optional') ? reader.data(m.get('optional')!) : false;
  const optional = typeof optionalValue === 'boolean' ? optionalValue : undefined;
  if (optional === undefined)
    reader.report(
      m.get('optional')!.at,
      childPath(path, 'optional'),
      `expected true or false, got ${describe(optionalValue)}`,
    );
  if (!builderId) return undefined;
  const pb: PieceBuilder = pieceBuilder(builderId);
  const allowed = { ...(await pb.defaults()), ...(pb.pieceParams ?? {}) };
  const internal = pb.internal ?? [];
  const places: Record<string, string> = {};
  const nodes: Record<string, Field> = {};
  const params = m.get('params')
    ? checkParams(reader, m.get('params')!, childPath(path, 'params'), allowed, internal, places, nodes)
    : {};
  const variants = await checkVariants(reader, m, path, dir, allowed, internal);
  if (params && pb.bounds) {
    for (const b of pb.bounds({ ...allowed, ...params }))
      reader.report((nodes[b.param] ?? m.get('params') ?? f).at, childPath(path, `params.${b.param}`), b.message);
  }
  if (pb.expand && variants.length > 0)
    reader.report(
      m.get('variants')?.at ?? m.get('variantsFile')!.at,
      childPath(path, 'variants'),
      `a ${builderId} is split into files by the printer's bed; it takes no variants`,
    );
  if (
    !id ||
    !rule ||
    perPlayer === undefined ||
    perTable === undefined ||
    !params ||
    !color ||
    !material ||
    optional === undefined
  )
    return undefined;
  return {
    id,
    builder: builderId,
    count: {
      per: { ...(perPlayer ? { player: perPlayer } : {}), ...(perTable ? { table: perTable } : {}) },
      rule,
      optional,
    },
    color,
    material: material.id,
    params,
    paramPlaces: Object.fromEntries(Object.entries(places).map(([k, place]) => [k, { source: reader.source, place }])),
    variants: variants.length > 0 ? variants : [{ id: '', params: {}, paramPlaces: {} }],
    place: reader.placeOf(f.at, path),
  };
}

/**
 * A piece's variants, written inline (`variants`) or in a YAML file of the pack's folder (`variantsFile`),
 * each an id and its parameters (checked as the piece's are), problems reported where they were written.
 */
async function checkVariants(
  reader: YamlReader,
  m: Map<string, Field>,
  path: string,
  dir: string,
  allowed: Record<string, unknown>,
  internal: readonly string[],
): Promise<Variant[]> {
  const sources: { r: YamlReader; fields: Field[] | undefined; path: string }[] = [];
  if (m.get('variants'))
    sources.push({
      r: reader,
      fields: reader.list(m.get('variants')!, childPath(path, 'variants'), 'variants', PACK_LIMITS.files),
      path: childPath(path, 'variants'),
    });
  const fileField = m.get('variantsFile');
  const name =
    fileField &&
    reader.text(fileField, childPath(path, 'variantsFile'), 100, {
      re: /^[A-Za-z0-9_-]+\.ya?ml$/,
      hint: 'a YAML file in the pack folder, e.g. templates.yaml',
    });
  if (fileField && m.get('variants'))
    reader.report(fileField.at, childPath(path, 'variantsFile'), 'give `variants` or `variantsFile`, not both');
  else if (name) {
    const file = join(dir, name);
    const fr = readerFor(await readTextFile(file, MAX_GAME_FILE_BYTES), file, 'a variants file');
    reader.problems.push(...fr.problems);
    const fm = fr.reader.mapping(
      { node: fr.doc, at: fr.doc },
      '',
      { required: ['variants'], optional: [] },
      'a variants file',
    );
    sources.push({
      r: fr.reader,
      fields: fm?.get('variants') && fr.reader.list(fm.get('variants')!, 'variants', 'variants', PACK_LIMITS.files),
      path: 'variants',
    });
  }
  const variants: Variant[] = [];
  for (const src of sources) {
    const seen = new Set<string>();
    (src.fields ?? []).forEach((vf, i) => {
      const vpath = childPath(src.path, i);
      const vm = src.r.mapping(
        vf,
        vpath,
        { required: [...VARIANT_KEYS.required], optional: [...VARIANT_KEYS.optional] },
        'a variant',
      );
      const vid =
        vm?.get('id') &&
        src.r.text(vm.get('id')!, childPath(vpath, 'id'), 20, {
          re: /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/,
          hint: 'letters, digits and single hyphens, e.g. T45-3',
        });
      if (vid && seen.has(vid))
        src.r.report(vm!.get('id')!.at, childPath(vpath, 'id'), `"${vid}" is already a variant of this piece`);
      if (vid) seen.add(vid);
      const places: Record<string, string> = {};
      const params = vm?.get('params')
        ? checkParams(src.r, vm.get('params')!, childPath(vpath, 'params'), allowed, internal, places)
        : {};
      if (vid && params)
        variants.push({
          id: vid,
          params,
          paramPlaces: Object.fromEntries(
            Object.entries(places).map(([k, place]) => [k, { source: src.r.source, place }]),
          ),
        });
    });
    // A variants file's own reader collects its problems: they join the pack's.
    if (src.r !== reader) reader.problems.push(...src.r.problems);
  }
  return variants;
}

function checkCheck(reader: YamlReader, f: Field, path: string, pieceIds: readonly string[]): Check | undefined {
  const kindValue = reader.peek(f, 'check');
  const kind =
    typeof kindValue === 'string' && (CHECK_KINDS as string[]).includes(kindValue)
      ? (kindValue as CheckKind)
      : undefined;
  if (!kind) {
    const m = reader.mapping(f, path, { required: ['check', 'rule'], optional: [] }, 'a check');
    if (m?.get('check')) reader.choice(m.get('check')!, childPath(path, 'check'), CHECK_KINDS);
    return undefined;
  }
  const spec = CHECKS[kind].params as Record<string, { type: ParamType; default?: unknown }>;
  const keys = Object.keys(spec);
  const m = reader.mapping(
    f,
    path,
    {
      required: ['check', 'rule', ...keys.filter((k) => spec[k]!.default === undefined)],
      optional: keys.filter((k) => spec[k]!.default !== undefined),
    },
    `a ${kind} check`,
  );
  if (!m) return undefined;
  const rule = m.get('rule') && reader.text(m.get('rule')!, childPath(path, 'rule'), 300);
  const params: Record<string, unknown> = {};
  let ok = true;
  for (const k of keys) {
    const field = m.get(k);
    if (!field) {
      params[k] = spec[k]!.default;
      continue;
    }
    const p = childPath(path, k);
    const v = reader.data(field);
    const t = spec[k]!.type;
    const good =
      t === 'piece'
        ? typeof v === 'string' && pieceIds.includes(v)
        : t === 'integer'
          ? Number.isInteger(v)
          : t === 'number'
            ? typeof v === 'number' && Number.isFinite(v)
            : t === 'text'
              ? typeof v === 'string'
              : t === 'numbers'
                ? Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number' && Number.isFinite(x))
                : Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' || typeof x === 'number');
    if (!good) {
      ok = false;
      const want =
        t === 'piece'
          ? `one of this pack's pieces: ${pieceIds.join(', ')}`
          : t === 'integer'
            ? 'a whole number'
            : t === 'number'
              ? 'a number'
              : t === 'text'
                ? 'a text'
                : t === 'numbers'
                  ? 'a list of numbers'
                  : 'a list of texts';
      reader.report(field.at, p, `expected ${want}, got ${describe(v)}`);
      continue;
    }
    params[k] = t === 'texts' ? (v as unknown[]).map(String) : v;
  }
  if (!rule || !ok) return undefined;
  return { kind, params, rule, place: reader.placeOf(f.at, path) };
}
