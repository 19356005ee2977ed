/**
 * The validator's shapes: a rule is a small function with a stable id that reports findings; `validate`
 * runs an ordered list of them over one context and returns what they found. Rules never throw for a
 * violation; they report it.
 */
import type { Armada } from '../armada/load.js';
import type { Faction } from '../faction/types.js';
import type { BoundsMm, Solid } from '../geometry/kernel.js';
import type { Feature } from '../geometry/part.js';
import type { BuildSettings } from '../generate/types.js';
import type { TopologyReport } from '../mesh/topology.js';
import type { HullProbe } from './hull-probe.js';
import type { MeshFile } from './mesh-file.js';
import type { OverhangAnalysis } from './overhang.js';

export type Severity = 'error' | 'warning';

export interface Finding {
  /** Stable kebab id of the rule, e.g. `card/fitting-sockets`. */
  rule: string;
  severity: Severity;
  faction: string | null;
  /** The part (file stem, e.g. `hull`, `coin-brace`) or null for a card or list finding. */
  part: string | null;
  message: string;
  expected: string | number | null;
  measured: string | number | null;
  /** One line saying how to fix it. */
  hint: string;
  /** Where on which mesh the finding is (`validate --previews` draws it highlighted), or null. */
  at: FindingPlace | null;
}

/** A place on a mesh: the file's path as checked, and a box in its coordinates (mm). */
export interface FindingPlace {
  file: string;
  boxMm: BoundsMm;
}

export type { MeshFile } from './mesh-file.js';

export interface Context {
  factions: readonly Faction[];
  /** Every mesh being checked, generated or external. */
  files: readonly MeshFile[];
  /**
   * The files whose own findings this context reports: every file, except in a group of factions checked
   * beside others (validate.ts), where only the first group reports the shared parts' own (a rule about a
   * shared part alone, or one file at a time, skips the others; a fit of a faction's part into a shared one
   * is still checked in each).
   */
  checked: readonly MeshFile[];
  settings: BuildSettings;
  /** The click distance the table plays with (default CLICK_DISTANCE_MM). */
  clickDistanceMm: number;
  armada: Armada | null;
  /** Faction ids an armada list may name. */
  knownFactionIds: readonly string[];
  /** The solid rebuilt from a file's bytes, or null when the bytes are not a closed manifold. Memoized. */
  solid(file: MeshFile): Solid | null;
  topology(file: MeshFile): TopologyReport;
  /**
   * How the file prints as it lies (src/validate/overhang.ts: overhangs needing support, footprint, centre of
   * mass), or null when it is not one closed body (print/manifold and print/bodies say why). Memoized.
   */
  overhangAnalysis(file: MeshFile): OverhangAnalysis | null;
  /** The faction's hull, probed where its model declares each feature. Memoized. */
  hull(faction: Faction): HullProbe | null;
  /**
   * The features to check on a file: its manifest, except on a hull, where they are the features its
   * model declares, found open on the mesh (so an external hull's YAML features are checked alike).
   */
  features(file: MeshFile): readonly Feature[];
  /** The file of a shared part, e.g. `wheel`, or a faction's part. */
  file(part: string, faction?: string | null): MeshFile | null;
}

export type Report = (
  finding: Omit<Finding, 'severity' | 'rule' | 'at'> & { severity?: Severity; at?: FindingPlace },
) => void;

/**
 * A figure a rule measured whether or not it found a fault (a ship's tipping angle, the turret's least
 * clearance): `validate` prints them after its findings, so a passing design shows its margin.
 */
export interface Figure {
  /** The rule that measured it. */
  rule: string;
  faction: string | null;
  /** What was measured, e.g. `tipping angle`. */
  name: string;
  value: number;
  /** Its unit: `deg`, `mm`. */
  unit: 'deg' | 'mm';
  /** How it was measured: the load, the heading, the direction. */
  note: string;
}

export type Measure = (figure: Omit<Figure, 'rule'>) => void;

export interface Rule {
  /** Stable, kebab-case, `topic/name`. */
  id: string;
  /** One line: what the rule checks (README and `--json` consumers). */
  title: string;
  /** Reports each violation; a rule that measures a margin also gives it to `measure`. */
  check(ctx: Context, report: Report, measure: Measure): void;
}

/** A feature on a mesh file, for fit and wall rules. */
export interface PlacedFeature {
  file: MeshFile;
  feature: Feature;
}
