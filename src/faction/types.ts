/**
 * A faction file has two shapes: `FactionFile`, the YAML as written (only the loader sees its optional
 * fields and unit-bearing strings), and `Faction`, the resolved value with defaults filled and every length
 * in millimetres. Everything after the loader works on `Faction`.
 *
 * The card (what the rules say) and the model (what gets printed) are kept apart on purpose: the validator
 * exists to catch a card that no longer matches its model (BRIEF §2).
 */

/** Hull styles: one per faction look (BRIEF §3, generate issue). */
export const HULL_STYLES = ['galleon', 'sloop', 'carrack', 'junk', 'wraith', 'ironclad', 'proa'] as const;
export type HullStyle = (typeof HULL_STYLES)[number];

export const FITTING_KINDS = ['mast', 'cargo', 'turret'] as const;
export type FittingKind = (typeof FITTING_KINDS)[number];

/** Which way a hull cannon slot opens. A turret slot faces wherever the turret is turned. */
export const SLOT_FACINGS = ['port', 'starboard', 'bow', 'stern'] as const;
export type SlotFacing = (typeof SLOT_FACINGS)[number];

/** How a hull's sides and deck are finished (issue 16): planked wood, stone courses, riveted iron, or bare. */
export const SURFACES = ['planks', 'stone', 'iron', 'plain'] as const;
export type Surface = (typeof SURFACES)[number];
/** What a cargo fitting carries. */
export const CARGO_KINDS = ['crates', 'barrels', 'chests'] as const;
export type CargoKind = (typeof CARGO_KINDS)[number];
/** The faction's sails: whole, or tattered along the foot and leeches (the ghost ship's). */
export const SAIL_LOOKS = ['plain', 'tattered'] as const;
export type SailLook = (typeof SAIL_LOOKS)[number];
/** Emblems standing on the stern (or the stern deck): the Queen's crown, the Sun Fleet's rising sun. */
export const EMBLEM_SHAPES = ['crown', 'sun'] as const;
export type EmblemShape = (typeof EMBLEM_SHAPES)[number];
export const ORNAMENT_KINDS = ['rail', 'stern-windows', 'emblem', 'ram', 'funnel', 'lashings', 'carved-posts'] as const;
export type OrnamentKind = (typeof ORNAMENT_KINDS)[number];

// ---------------------------------------------------------------------------------------------------------
// As written

/** A length with its unit, e.g. "80mm", "3.1in". */
export type LengthText = string;

export interface FactionFile {
  $schema?: string;
  id: string;
  name: string;
  card: CardFile;
  model: ModelFile;
}

export interface CardFile {
  ships: number;
  moveCount: number;
  fittings: number;
  cannonSlots: number;
  /** Optional: if given it must equal fittings + 1. */
  hitsToSink?: number;
  maxHeadingDeg: number;
  /** Optional: the arc, centred on the bow, a turret's cannon can face (the validator checks it); absent: all round. */
  turretArcDeg?: number;
  ability: { name: string; text: string };
  color: string;
}

export interface ModelFile {
  hull: {
    style: HullStyle;
    length: LengthText;
    beam: LengthText;
    /** Deck height above the flat bottom. */
    height: LengthText;
  };
  /** One socket per removable fitting, on the deck; `at` is [along the keel (+ toward bow), across (+ port)]. */
  fittings: { kind: FittingKind; at: [LengthText, LengthText] }[];
  /**
   * Hull slots open through the side (`port`/`starboard`, `at` along the keel) or the end (`bow`/`stern`,
   * `at` across). `mount: turret` is the slot on the turret fitting; it has no `facing` or `at`.
   */
  cannonSlots: ({ mount?: 'hull'; facing: SlotFacing; at?: LengthText } | { mount: 'turret' })[];
  /** Coin slot on the deck; `none` declares a model without one (the validator will object). */
  coinSlot: { at: [LengthText, LengthText] } | 'none';
  /** Wheel-carriage slot in the bottom, `at` along the keel (toward the stern is negative). */
  wheelSlot: { at: LengthText } | 'none';
  /**
   * Optional: a stack of steel washers (standard.ts BALLAST_WASHER) pressed into a pocket in the bottom,
   * centred at `at` [along the keel, across], to lower the ship's centre of mass and steady it on its wheel
   * and skid. Without it the hull has no pocket.
   */
  ballast?: { at: [LengthText, LengthText]; washers: number };
  /** Optional: a hull made in another CAD tool, validated instead of generated (validate issue). */
  externalHull?: { stl: string };
  /** Optional: the faction's look (issue 16); absent, a bare hull with crates and plain sails. */
  look?: LookFile;
}

export interface LookFile {
  surface?: Surface;
  cargo?: CargoKind;
  sails?: SailLook;
  ornaments?: OrnamentFile[];
}

export type OrnamentFile =
  | { kind: 'rail' }
  | { kind: 'stern-windows'; count?: number }
  | { kind: 'emblem'; shape: EmblemShape }
  | { kind: 'ram'; length: LengthText }
  | { kind: 'funnel'; at: [LengthText, LengthText] }
  | { kind: 'lashings' }
  | { kind: 'carved-posts' };

// ---------------------------------------------------------------------------------------------------------
// Resolved

export interface Card {
  ships: number;
  moveCount: number;
  fittings: number;
  cannonSlots: number;
  /** Filled with fittings + 1 when the file leaves it out. */
  hitsToSink: number;
  maxHeadingDeg: number;
  /** The arc, centred on the bow, a turret's cannon can face; absent: all round. */
  turretArcDeg?: number;
  ability: { name: string; text: string };
  color: string;
}

export interface FittingSocket {
  kind: FittingKind;
  xMm: number;
  yMm: number;
}

export type CannonSlot = { mount: 'hull'; facing: SlotFacing; offsetMm: number } | { mount: 'turret' };

export interface HullModel {
  style: HullStyle;
  lengthMm: number;
  beamMm: number;
  heightMm: number;
}

export interface FactionModel {
  hull: HullModel;
  fittings: FittingSocket[];
  cannonSlots: CannonSlot[];
  coinSlot: { xMm: number; yMm: number } | null;
  wheelSlot: { xMm: number } | null;
  /** Ballast washers (BALLAST_WASHER) in a pocket in the bottom, centred at [x, y]; null without. */
  ballast: { xMm: number; yMm: number; washers: number } | null;
  /** Absolute path of an external hull STL, when the model declares one. */
  externalHullStl: string | null;
  look: Look;
}

/** The look with defaults filled: surface `plain`, cargo `crates`, sails `plain`, no ornaments. */
export interface Look {
  surface: Surface;
  cargo: CargoKind;
  sails: SailLook;
  ornaments: Ornament[];
}

export type Ornament =
  | { kind: 'rail' }
  | { kind: 'stern-windows'; count: number }
  | { kind: 'emblem'; shape: EmblemShape }
  | { kind: 'ram'; lengthMm: number }
  | { kind: 'funnel'; xMm: number; yMm: number }
  | { kind: 'lashings' }
  | { kind: 'carved-posts' };

export interface Faction {
  id: string;
  name: string;
  card: Card;
  model: FactionModel;
  /** The file it came from, as the user named it (for messages). */
  sourceFile: string;
}
