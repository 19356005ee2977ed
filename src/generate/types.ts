/**
 * The generate pipeline's public shapes. `generateParts` (index.ts) turns factions and settings into
 * `GeneratedFile`s in memory; `writeOutput` (src/io/output.ts) puts them on disk atomically; the BOM and
 * the validator consume `GeneratedFile`s directly.
 */
import type { BoundsMm } from '../geometry/kernel.js';
import type { Feature } from '../geometry/part.js';
import type { TuneRequest } from '../physics/solver.js';
import type { BandSpec, PrinterProfile } from '../standard.js';

/** The folder `generate --previews` writes its pictures into (src/generate/previews.ts). */
export const PREVIEWS_DIR = 'previews';

export type CannonDesign = Omit<TuneRequest, 'materialId' | 'targetRangeM' | 'clearanceMm' | 'thumbForceLimitN'>;

/** Everything besides the factions that changes what is built. */
export interface BuildSettings {
  /** The printer's sliding clearance per mating surface (`--clearance`). */
  clearanceMm: number;
  printer: PrinterProfile;
  /** Material the cannon is printed in (`--cannon-material`); the spring solver sizes its arm for it. */
  cannonMaterialId: string;
  /** The carry the cannon is tuned for, m (`--range`). */
  cannonRangeM: number;
  /**
   * The rest of the cannon's design, as `shipwright tune` takes it (`--elevation`, `--ball-diameter`,
   * `--ball-material`, `--arm-length`, `--taper`, and the calibration factor from `--profile`); each left out
   * takes the solver's default.
   */
  cannonDesign: CannonDesign;
  /** Seed for the rocks and reefs (same seed, same files). */
  terrainSeed: number;
  /** The rubber band each wheel wears (the printer profile's `band`, default DEFAULT_BAND). */
  band: BandSpec;
  /**
   * How far this printer's wheels really roll over what they are designed to roll (the profile's `wheel`,
   * fitted by `calibrate-wheel`; 1 uncorrected). The wheel is built for click ÷ this factor.
   */
  wheelRollFactor: number;
}

/** One file to build: a part, its builder's options (JSON), and where it goes. */
export interface Job {
  /** Relative output path, `<faction-id>/<part>.stl` or `shared/<part>.stl`. */
  path: string;
  part: string;
  faction: string | null;
  /** Name of the catalogue entry whose builder makes it. */
  builder: string;
  /** JSON-serialisable builder options: with the code version, the cache key. */
  options: unknown;
}

/** How many of a part one faction set needs (BRIEF §1), and the rule it came from. */
export interface Quantity {
  /**
   * Per faction id, one faction set each (a faction part lists only its faction); for a pack's piece, per
   * scope (`player`, `table`: src/rules/count.ts).
   */
  perSet: Record<string, number>;
  rule: string;
  /** Optional extras (damaged sail, printed flag, full island, coupon): not part of a minimum set. */
  optional: boolean;
}

/** What a built mesh measures; cached alongside its bytes. */
export interface MeshFacts {
  volumeMm3: number;
  surfaceAreaMm2: number;
  bounds: BoundsMm;
  triangles: number;
  sha256: string;
  features: Feature[];
}

/** Whether the print plan asks for a brim (a part standing on too little first layer for its height), and why. */
export interface Brim {
  brim: boolean;
  /** Why the part needs one; null without a brim. */
  reason: string | null;
}

/** A file's bytes, or how to read them when a writer finds it needs them (a part the output folder already holds needs none). */
export type LazyBytes = Uint8Array | (() => Promise<Uint8Array>);

export interface GeneratedFile<B extends LazyBytes = Uint8Array> extends MeshFacts {
  path: string;
  part: string;
  faction: string | null;
  quantity: Quantity;
  brim: Brim;
  color: string;
  material: string;
  bytes: B;
  /** Whether it came from the content-hash cache. */
  cached: boolean;
  buildMs: number;
}
