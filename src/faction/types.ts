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
}

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

export type CannonSlot =
  | { mount: 'hull'; facing: SlotFacing; offsetMm: number }
  | { mount: 'turret' };

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
}

export interface Faction {
  id: string;
  name: string;
  card: Card;
  model: FactionModel;
  /** The file it came from, as the user named it (for messages). */
  sourceFile: string;
}
