/**
 * The faction file format: which keys each mapping holds (the one list the JSON Schema in
 * schema/faction.schema.json is tested against), the limits a value must respect, the checked walk from a
 * YAML document to a `FactionFile`, and its resolution to a `Faction`.
 *
 * The loader checks structure and sane magnitudes always, and the rulebook's bounds in `enforce` mode. It
 * does not compare the card with the model (socket and slot counts): that drift is the validator's job.
 */
import { resolve as resolvePath } from 'node:path';
import {
  DISCIPLINED_CREW_ABILITY,
  DISCIPLINED_CREW_HEADING_DEG,
  MAX_HEADING_DEG,
  MOVE_COUNT,
  SHIPS_PER_SET,
} from '../rules/rulebook.js';
import { HULL } from '../standard.js';
import { parseLengthMm } from '../units.js';
import {
  CARGO_KINDS,
  EMBLEM_SHAPES,
  FITTING_KINDS,
  HULL_STYLES,
  ORNAMENT_KINDS,
  SAIL_LOOKS,
  SURFACES,
  SLOT_FACINGS,
  type CannonSlot,
  type CardFile,
  type Faction,
  type FactionFile,
  type LookFile,
  type ModelFile,
  type Ornament,
  type OrnamentFile,
} from './types.js';
import { childPath, type Field, type KeySet, type Length, type Range, type YamlReader } from './yaml-reader.js';

/** How the loader treats the rulebook's bounds (ships 2–5, move count 1–3, hits to sink, heading). */
export type RulebookMode = 'enforce' | 'defer';

/** The keys of every mapping in a faction file. */
export const FACTION_KEYS = {
  faction: { required: ['id', 'name', 'card', 'model'], optional: ['$schema'] },
  card: {
    required: ['ships', 'moveCount', 'fittings', 'cannonSlots', 'maxHeadingDeg', 'ability', 'color'],
    optional: ['hitsToSink', 'turretArcDeg'],
  },
  ability: { required: ['name', 'text'], optional: [] },
  model: {
    required: ['hull', 'fittings', 'cannonSlots', 'coinSlot', 'wheelSlot'],
    optional: ['ballast', 'externalHull', 'look'],
  },
  hull: { required: ['style', 'length', 'beam', 'height'], optional: [] },
  fitting: { required: ['kind', 'at'], optional: [] },
  hullCannonSlot: { required: ['facing'], optional: ['mount', 'at'] },
  turretCannonSlot: { required: ['mount'], optional: [] },
  coinSlot: { required: ['at'], optional: [] },
  wheelSlot: { required: ['at'], optional: [] },
  ballast: { required: ['at', 'washers'], optional: [] },
  externalHull: { required: ['stl'], optional: [] },
  look: { required: [], optional: ['surface', 'cargo', 'sails', 'ornaments'] },
  ornamentRail: { required: ['kind'], optional: [] },
  ornamentSternWindows: { required: ['kind'], optional: ['count'] },
  ornamentEmblem: { required: ['kind', 'shape'], optional: [] },
  ornamentRam: { required: ['kind', 'length'], optional: [] },
  ornamentFunnel: { required: ['kind', 'at'], optional: [] },
  ornamentLashings: { required: ['kind'], optional: [] },
  ornamentCarvedPosts: { required: ['kind'], optional: [] },
} as const satisfies Record<string, KeySet>;

/** Each ornament kind's key set. */
const ORNAMENT_KEYS: Record<OrnamentFile['kind'], KeySet> = {
  rail: FACTION_KEYS.ornamentRail,
  'stern-windows': FACTION_KEYS.ornamentSternWindows,
  emblem: FACTION_KEYS.ornamentEmblem,
  ram: FACTION_KEYS.ornamentRam,
  funnel: FACTION_KEYS.ornamentFunnel,
  lashings: FACTION_KEYS.ornamentLashings,
  'carved-posts': FACTION_KEYS.ornamentCarvedPosts,
};

/** `id`: kebab-case, because it names the output folder; nothing that could leave that folder. */
export const ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const ID_MAX_LENGTH = 40;
/**
 * Names the output folder already uses beside the faction folders: generate's `shared/` and `previews/`
 * with its sheets `shared`, `hulls` and `fleet`, a pack's sheets `player` and `table`, print's `plates/`
 * and `assembly/` (the assembly guides), and the `cards`. A faction with one of these ids would share a
 * folder or a picture with them.
 */
export const RESERVED_IDS: readonly string[] = [
  'shared',
  'previews',
  'plates',
  'assembly',
  'hulls',
  'fleet',
  'player',
  'table',
  'cards',
];
/** A colour name in kebab-case (`blue-grey`) or `#rrggbb`. */
export const COLOR_PATTERN = /^([a-z]+(-[a-z]+)*|#[0-9a-fA-F]{6})$/;

/**
 * Limits that hold in both modes. Hull sizes are ours: 30–200 mm long keeps a ship between a dinghy that
 * cannot carry a cannon and one that does not fit a 220 mm bed; the beam must seat a 20 mm coin and a
 * 6 mm wheel; the height must house the wheel carriage (HULL.minHeightMm).
 */
export const FACTION_LIMITS = {
  hullLengthMm: { min: 30, max: 200 },
  hullBeamMm: { min: 15, max: 100 },
  hullHeightMm: { min: HULL.minHeightMm, max: 60 },
  /** Card numbers in `defer` mode: whole and of a sane size, whatever the rulebook says. */
  cardCount: { min: 0, max: 1000 },
  headingDeg: { min: 0, max: 360 },
  /** A turret's arc about the bow: at least one sweep step of the validator, at most all round. */
  turretArcDeg: { min: 5, max: 360 },
  /** Ballast washers in one hull's pocket: at least one, at most a stack as tall as the shortest hull allows. */
  ballastWashers: { min: 1, max: 6 },
  /** Sockets or slots listed in one model. */
  listItems: 32,
  /** Stern windows in one row: at least one, at most what a 60 mm transom holds at a 3 mm pitch. */
  sternWindows: { min: 1, max: 12 },
  /** A ram's reach past the bow: enough to read from above, short enough to print without support. */
  ramLengthMm: { min: 2, max: 10 },
  nameChars: 60,
  abilityTextChars: 500,
  pathChars: 500,
} as const;

/** Reads a whole faction file; the result is meaningful only if the reader reported no problem. */
export function checkFaction(
  r: YamlReader,
  root: Field,
  fileStem: string,
  mode: RulebookMode,
): FactionFile | undefined {
  const top = r.mapping(root, '', FACTION_KEYS.faction, 'a faction file');
  if (!top) return undefined;
  let id: string | undefined;
  const idField = top.get('id');
  if (idField) {
    id = r.text(idField, 'id', ID_MAX_LENGTH, {
      re: ID_PATTERN,
      hint: `lowercase letters and digits in words joined by single hyphens, e.g. "queens-fleet" (the id names the output folder, so it cannot hold "/", ".." or spaces)`,
    });
    if (id !== undefined && RESERVED_IDS.includes(id)) {
      r.report(
        idField.at,
        'id',
        `"${id}" is a name the output folder already uses (${RESERVED_IDS.join(', ')}): the id names the faction's folder and its picture, so choose another`,
      );
    } else if (id !== undefined && id !== fileStem) {
      r.report(
        idField.at,
        'id',
        `"${id}" does not match the file name "${fileStem}"; the id names the output folder, so it must equal the file's name without its extension ("${fileStem}"), or rename the file to "${id}.yaml"`,
      );
    }
  }
  const nameField = top.get('name');
  const name = nameField && r.drawnText(nameField, 'name', FACTION_LIMITS.nameChars);
  const cardField = top.get('card');
  const card = cardField && checkCard(r, cardField, mode);
  const modelField = top.get('model');
  const model = modelField && checkModel(r, modelField);
  const schema = top.get('$schema');
  if (schema) r.text(schema, '$schema', FACTION_LIMITS.pathChars);
  return { id, name, card, model } as FactionFile;
}

function checkCard(r: YamlReader, f: Field, mode: RulebookMode): CardFile | undefined {
  const card = r.mapping(f, 'card', FACTION_KEYS.card, 'the card');
  if (!card) return undefined;
  const enforce = mode === 'enforce';
  const sane = FACTION_LIMITS.cardCount;
  const count = (key: string, rule?: { min: number; max: number; why: string }): number | undefined => {
    const field = card.get(key);
    if (!field) return undefined;
    return enforce && rule ? r.integer(field, `card.${key}`, rule, rule.why) : r.integer(field, `card.${key}`, sane);
  };
  const ships = count('ships', { ...SHIPS_PER_SET, why: 'the rulebook has 2–5 ships in a faction set' });
  const moveCount = count('moveCount', { ...MOVE_COUNT, why: 'the rulebook has a Move Count of 1, 2 or 3 clicks' });
  const fittings = count('fittings');
  const cannonSlots = count('cannonSlots');
  const hitsToSink = count('hitsToSink');
  const abilityField = card.get('ability');
  const abilityMap = abilityField && r.mapping(abilityField, 'card.ability', FACTION_KEYS.ability, 'the ability');
  const abilityName = abilityMap?.get('name');
  const abilityText = abilityMap?.get('text');
  const ability = {
    name: abilityName && r.drawnText(abilityName, 'card.ability.name', FACTION_LIMITS.nameChars),
    text: abilityText && r.drawnText(abilityText, 'card.ability.text', FACTION_LIMITS.abilityTextChars, true),
  };
  const colorField = card.get('color');
  const color =
    colorField &&
    r.text(colorField, 'card.color', FACTION_LIMITS.nameChars, {
      re: COLOR_PATTERN,
      hint: 'a colour name in kebab-case such as "blue-grey", or "#rrggbb"',
    });
  const headingField = card.get('maxHeadingDeg');
  const maxHeadingDeg = headingField && r.integer(headingField, 'card.maxHeadingDeg', FACTION_LIMITS.headingDeg);
  const arcField = card.get('turretArcDeg');
  const turretArcDeg = arcField && r.integer(arcField, 'card.turretArcDeg', FACTION_LIMITS.turretArcDeg);

  if (enforce) {
    const hitsField = card.get('hitsToSink');
    if (hitsField && hitsToSink !== undefined && fittings !== undefined && hitsToSink !== fittings + 1) {
      r.report(
        hitsField.at,
        'card.hitsToSink',
        `${hitsToSink} is not allowed; expected ${fittings + 1}: the rulebook sinks a ship on the hit after its last fitting, so hits to sink = fittings + 1 (or leave hitsToSink out)`,
      );
    }
    if (headingField && maxHeadingDeg !== undefined) {
      const crew = ability.name === DISCIPLINED_CREW_ABILITY;
      const allowed = crew ? [MAX_HEADING_DEG, DISCIPLINED_CREW_HEADING_DEG] : [MAX_HEADING_DEG];
      if (!allowed.includes(maxHeadingDeg)) {
        const why = crew
          ? `expected ${MAX_HEADING_DEG} or ${DISCIPLINED_CREW_HEADING_DEG}`
          : `expected ${MAX_HEADING_DEG}: the rulebook allows ${DISCIPLINED_CREW_HEADING_DEG} only with the ability "${DISCIPLINED_CREW_ABILITY}"`;
        r.report(headingField.at, 'card.maxHeadingDeg', `${maxHeadingDeg} is not allowed; ${why}`);
      }
    }
  }
  return {
    ships,
    moveCount,
    fittings,
    cannonSlots,
    hitsToSink,
    maxHeadingDeg,
    ...(turretArcDeg === undefined ? {} : { turretArcDeg }),
    ability,
    color,
  } as CardFile;
}

function checkModel(r: YamlReader, f: Field): ModelFile | undefined {
  const model = r.mapping(f, 'model', FACTION_KEYS.model, 'the model');
  if (!model) return undefined;
  const L = FACTION_LIMITS;

  const hullField = model.get('hull');
  const hullMap = hullField && r.mapping(hullField, 'model.hull', FACTION_KEYS.hull, 'the hull');
  const hullPart = (key: 'length' | 'beam' | 'height', range: Range): Length | undefined => {
    const field = hullMap?.get(key);
    return field && r.length(field, `model.hull.${key}`, range);
  };
  const styleField = hullMap?.get('style');
  const style = styleField && r.choice(styleField, 'model.hull.style', HULL_STYLES);
  const length = hullPart('length', L.hullLengthMm);
  const beam = hullPart('beam', L.hullBeamMm);
  const height = hullPart('height', L.hullHeightMm);

  // Positions must lie inside the hull's footprint; without a valid size there is nothing to test them against.
  const within = (size: Length | undefined, what: string): Range | undefined =>
    size && {
      min: -size.mm / 2,
      max: size.mm / 2,
      exclusive: true,
      why: `inside the hull: within half its ${what} of the centre`,
    };
  const along = within(length, 'length');
  const across = within(beam, 'beam');
  const point = (field: Field, path: string): [string, string] | undefined =>
    r.point(field, path, [along, across])?.map((p) => p.text) as [string, string] | undefined;

  const fittingsField = model.get('fittings');
  const fittingItems = fittingsField && r.list(fittingsField, 'model.fittings', 'fitting sockets', L.listItems);
  const fittings = fittingItems?.map((item, i) => {
    const path = childPath('model.fittings', i);
    const m = r.mapping(item, path, FACTION_KEYS.fitting, 'a fitting socket');
    const kind = m?.get('kind');
    const at = m?.get('at');
    return { kind: kind && r.choice(kind, `${path}.kind`, FITTING_KINDS), at: at && point(at, `${path}.at`) };
  });

  const slotsField = model.get('cannonSlots');
  const slotItems = slotsField && r.list(slotsField, 'model.cannonSlots', 'cannon slots', L.listItems);
  const cannonSlots = slotItems?.map((item, i) => {
    const path = childPath('model.cannonSlots', i);
    if (r.peek(item, 'mount') === 'turret') {
      r.mapping(
        item,
        path,
        FACTION_KEYS.turretCannonSlot,
        'a turret cannon slot (it turns with the turret, so it has no facing or at)',
      );
      return { mount: 'turret' as const };
    }
    const m = r.mapping(item, path, FACTION_KEYS.hullCannonSlot, 'a hull cannon slot');
    const mount = m?.get('mount');
    if (mount) r.choice(mount, `${path}.mount`, ['hull', 'turret']);
    const facingField = m?.get('facing');
    const facing = facingField && r.choice(facingField, `${path}.facing`, SLOT_FACINGS);
    // Side slots are placed along the keel, end slots across the beam.
    const range = facing === 'port' || facing === 'starboard' ? along : across;
    const atField = m?.get('at');
    const at = atField && r.length(atField, `${path}.at`, facing === undefined ? undefined : range);
    return { mount: 'hull' as const, facing, ...(atField ? { at: at?.text } : {}) };
  });

  // The coin and wheel slots: either `none` (a model without one; the validator will object) or { at }.
  const slot = <T>(
    key: 'coinSlot' | 'wheelSlot',
    what: string,
    shape: string,
    readAt: (at: Field, path: string) => T | undefined,
  ) => {
    const field = model.get(key);
    const path = `model.${key}`;
    const kind = field && r.noneOrMapping(field, path, shape);
    if (kind === 'none') return 'none';
    const at = field && kind === 'mapping' ? r.mapping(field, path, FACTION_KEYS[key], what)?.get('at') : undefined;
    const value = at && readAt(at, `${path}.at`);
    return value === undefined ? undefined : { at: value };
  };
  const coinSlot = slot('coinSlot', 'the coin slot', '{ at: [along, across] }, e.g. { at: [-8mm, 0mm] }', point);
  const wheelSlot = slot(
    'wheelSlot',
    'the wheel slot',
    '{ at: <length along the keel> }, e.g. { at: -29mm }',
    (at, path) => r.length(at, path, along)?.text,
  );

  const ballastField = model.get('ballast');
  let ballast: ModelFile['ballast'];
  if (ballastField) {
    const b = r.mapping(
      ballastField,
      'model.ballast',
      FACTION_KEYS.ballast,
      'the ballast pocket, e.g. { at: [10mm, 0mm], washers: 3 }',
    );
    const at = b?.get('at'),
      washers = b?.get('washers');
    const point2 = at && point(at, 'model.ballast.at');
    const count = washers && r.integer(washers, 'model.ballast.washers', FACTION_LIMITS.ballastWashers);
    if (point2 && count !== undefined) ballast = { at: point2, washers: count };
  }

  const externalField = model.get('externalHull');
  let externalHull: ModelFile['externalHull'];
  if (externalField) {
    const stlField = r
      .mapping(externalField, 'model.externalHull', FACTION_KEYS.externalHull, 'an external hull')
      ?.get('stl');
    const stl =
      stlField &&
      r.text(stlField, 'model.externalHull.stl', L.pathChars, {
        re: STL_PATH_PATTERN,
        hint: 'the path of an .stl file, relative to this faction file',
      });
    if (stl !== undefined) externalHull = { stl };
  }

  const lookField = model.get('look');
  const look = lookField && checkLook(r, lookField, point);

  const hull = { style, length: length?.text, beam: beam?.text, height: height?.text };
  return {
    hull,
    fittings,
    cannonSlots,
    coinSlot,
    wheelSlot,
    ...(ballast ? { ballast } : {}),
    ...(externalHull ? { externalHull } : {}),
    ...(look ? { look } : {}),
  } as ModelFile;
}

/** `model.look`: the surface, cargo and sails by name, and the ornaments, each a mapping keyed by its kind. */
function checkLook(
  r: YamlReader,
  f: Field,
  point: (field: Field, path: string) => [string, string] | undefined,
): LookFile | undefined {
  const look = r.mapping(
    f,
    'model.look',
    FACTION_KEYS.look,
    'the look, e.g. { surface: planks, cargo: crates, ornaments: [{ kind: rail }] }',
  );
  if (!look) return undefined;
  const out: Record<string, unknown> = {};
  const pick = <T extends string>(key: 'surface' | 'cargo' | 'sails', options: readonly T[]): void => {
    const field = look.get(key);
    if (field) out[key] = r.choice(field, `model.look.${key}`, options);
  };
  pick('surface', SURFACES);
  pick('cargo', CARGO_KINDS);
  pick('sails', SAIL_LOOKS);
  const listField = look.get('ornaments');
  const items = listField && r.list(listField, 'model.look.ornaments', 'ornaments', FACTION_LIMITS.listItems);
  if (items)
    out.ornaments = items.map((item, i) => {
      const path = childPath('model.look.ornaments', i);
      const kindValue = r.peek(item, 'kind');
      const kind = (ORNAMENT_KINDS as readonly unknown[]).includes(kindValue)
        ? (kindValue as OrnamentFile['kind'])
        : undefined;
      if (!kind) {
        // Read as a mapping of any ornament's keys, so a missing or unknown kind is reported at its place.
        const m = r.mapping(
          item,
          path,
          { required: ['kind'], optional: ['count', 'shape', 'length', 'at'] },
          'an ornament',
        );
        const k = m?.get('kind');
        if (k) r.choice(k, `${path}.kind`, ORNAMENT_KINDS);
        return undefined;
      }
      const m = r.mapping(item, path, ORNAMENT_KEYS[kind], `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} ornament`);
      const get = (key: string): Field | undefined => m?.get(key);
      switch (kind) {
        case 'stern-windows': {
          const count = get('count');
          return { kind, ...(count ? { count: r.integer(count, `${path}.count`, FACTION_LIMITS.sternWindows) } : {}) };
        }
        case 'emblem': {
          const shape = get('shape');
          return { kind, shape: shape && r.choice(shape, `${path}.shape`, EMBLEM_SHAPES) };
        }
        case 'ram': {
          const length = get('length');
          return {
            kind,
            length:
              length &&
              r.length(length, `${path}.length`, {
                ...FACTION_LIMITS.ramLengthMm,
                why: 'a ram that reads from above and prints without support',
              })?.text,
          };
        }
        case 'funnel': {
          const at = get('at');
          return { kind, at: at && point(at, `${path}.at`) };
        }
        default:
          return { kind };
      }
    });
  return out as LookFile;
}

/** Default stern windows in a row. */
const STERN_WINDOWS = 4;

/** The look with its defaults: a bare hull (`plain`), crates, plain sails, no ornaments. */
function resolveLook(look: LookFile | undefined): Faction['model']['look'] {
  const ornaments = (look?.ornaments ?? []).map((o): Ornament => {
    switch (o.kind) {
      case 'stern-windows':
        return { kind: o.kind, count: o.count ?? STERN_WINDOWS };
      case 'ram':
        return { kind: o.kind, lengthMm: mm(o.length) };
      case 'funnel':
        return { kind: o.kind, xMm: mm(o.at[0]), yMm: mm(o.at[1]) };
      default:
        return { ...o };
    }
  });
  return {
    surface: look?.surface ?? 'plain',
    cargo: look?.cargo ?? 'crates',
    sails: look?.sails ?? 'plain',
    ornaments,
  };
}

/** A path ending in .stl, without NUL bytes (which no file system accepts). */
export const STL_PATH_PATTERN = /^[^\0]+\.stl$/i;

/** Millimetres of a length the checked walk has already accepted. */
function mm(text: string): number {
  const parsed = parseLengthMm(text);
  if (!parsed.ok) throw new Error(`unchecked length ${JSON.stringify(text)}: ${parsed.message}`);
  return parsed.value;
}

/**
 * Resolves a checked faction file: lengths to millimetres, defaults filled (hitsToSink = fittings + 1, a
 * hull slot's mount `hull` and offset 0), and the external hull's path made absolute against `baseDir`.
 */
export function resolveFaction(file: FactionFile, sourceFile: string, baseDir: string): Faction {
  const { card, model } = file;
  const cannonSlots: CannonSlot[] = model.cannonSlots.map((s) =>
    s.mount === 'turret'
      ? { mount: 'turret' }
      : { mount: 'hull', facing: s.facing, offsetMm: s.at === undefined ? 0 : mm(s.at) },
  );
  return {
    id: file.id,
    name: file.name,
    card: { ...card, ability: { ...card.ability }, hitsToSink: card.hitsToSink ?? card.fittings + 1 },
    model: {
      hull: {
        style: model.hull.style,
        lengthMm: mm(model.hull.length),
        beamMm: mm(model.hull.beam),
        heightMm: mm(model.hull.height),
      },
      fittings: model.fittings.map((f) => ({ kind: f.kind, xMm: mm(f.at[0]), yMm: mm(f.at[1]) })),
      cannonSlots,
      coinSlot: model.coinSlot === 'none' ? null : { xMm: mm(model.coinSlot.at[0]), yMm: mm(model.coinSlot.at[1]) },
      wheelSlot: model.wheelSlot === 'none' ? null : { xMm: mm(model.wheelSlot.at) },
      ballast: model.ballast
        ? { xMm: mm(model.ballast.at[0]), yMm: mm(model.ballast.at[1]), washers: model.ballast.washers }
        : null,
      externalHullStl: model.externalHull ? resolvePath(baseDir, model.externalHull.stl) : null,
      look: resolveLook(model.look),
    },
    sourceFile,
  };
}
