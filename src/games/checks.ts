/**
 * The checks a game pack may ask its `validate` to run, as data: each kind's parameters and what it
 * checks (src/games/rules.ts runs them on the exported meshes). A pack lists its checks in game.yaml
 * with the rule each enforces, e.g. `{ check: feature-count, piece: ship, feature: mast-socket, count: 3,
 * rule: "Place 3 Masts on each Ship" }`. Kept apart from the runners so loading a pack needs no kernel.
 */
export type ParamType = 'piece' | 'integer' | 'number' | 'text' | 'numbers' | 'texts';

export interface CheckSpec {
  /** Every parameter, required unless it has a default. */
  params: Record<string, { type: ParamType; default?: unknown }>;
  /** What it checks, for `validate --list-rules` and the README. */
  title: string;
}

export const CHECKS = {
  'feature-count': {
    params: { piece: { type: 'piece' }, feature: { type: 'text' }, count: { type: 'integer' } },
    title: 'every file of the piece has `count` open `feature`s, probed on its mesh',
  },
  'table-count': {
    params: { piece: { type: 'piece' }, players: { type: 'integer' }, count: { type: 'integer' } },
    title: 'a table of `players` prints `count` of the piece',
  },
  'count-ratio': {
    params: { piece: { type: 'piece' }, per: { type: 'piece' }, ratio: { type: 'number' } },
    title: 'at every player count the table prints `ratio` of the piece per `per`',
  },
  'fits-in-square': {
    params: { piece: { type: 'piece' }, board: { type: 'piece' }, marginMm: { type: 'number', default: 1 } },
    title:
      "the piece's footprint, measured, fits one square of the board, measured between its engraved grid lines, with `marginMm` to spare on every side",
  },
  'die-balance': {
    params: { piece: { type: 'piece' }, faces: { type: 'integer' }, toleranceMm: { type: 'number', default: 0.05 } },
    title:
      "the die has `faces` faces of equal area and its centre of mass (the mesh's) is within `toleranceMm` of its centre",
  },
  'dial-stops': {
    params: { piece: { type: 'piece' }, labels: { type: 'texts' } },
    title:
      'the dial stops at exactly these values: one detent dimple per label, measured on the mesh, evenly spaced, and the labels the pack engraves are these',
  },
  'same-labels': {
    params: { piece: { type: 'piece' }, variantsOf: { type: 'piece' } },
    title: "the dial's labels are the ids of the other piece's variants, in order",
  },
  click: {
    params: { piece: { type: 'piece' }, base: { type: 'piece' } },
    title:
      "the dial on its base's pivot, measured on both meshes: the barb holds it (SNAP_RETENTION_MM), it turns (rotating clearance), the prongs are split by PRINT_IN_PLACE_GAP_MM, and the detent clicks (nub height less axial play within SNAP_RETENTION_MM)",
  },
  marks: {
    params: { piece: { type: 'piece' }, atIn: { type: 'numbers' }, toleranceMm: { type: 'number', default: 0.3 } },
    title:
      "the ruler's full-width marks, measured on its segments' meshes laid end to end, are at these inches within `toleranceMm`, and there are no others",
  },
  'holds-cards': {
    params: {
      piece: { type: 'piece' },
      cards: { type: 'integer' },
      cardWidthMm: { type: 'number' },
      cardLengthMm: { type: 'number' },
      cardThicknessMm: { type: 'number', default: 0.32 },
    },
    title:
      'every card bay, measured, takes a card with the sliding clearance on each side and holds `cards` of them stacked',
  },
  'lid-fit': {
    params: { piece: { type: 'piece' }, over: { type: 'piece' } },
    title: "the lid's inside, measured, slides over the tray's outside with the sliding clearance on each side",
  },
  'arc-angle': {
    params: { piece: { type: 'piece' }, angleDeg: { type: 'number' }, toleranceDeg: { type: 'number', default: 0.2 } },
    title:
      "the gauge's long edge, measured on its mesh, leaves the notch's corner at `angleDeg` to the base's edge (and its complement to the other), on the line through the corner",
  },
  maneuvers: {
    params: {
      piece: { type: 'piece' },
      toleranceDeg: { type: 'number', default: 0.5 },
      lengthTolerance: { type: 'number', default: 0.01 },
    },
    title:
      "every template, measured on its mesh (the turn between its rear and front edges, its centreline's length), is the maneuver its data says",
  },
  'key-fit': {
    params: { piece: { type: 'piece' } },
    title: "every key's neck, measured, fits every keyway's with the sliding clearance on each side",
  },
  'on-base': {
    params: { piece: { type: 'piece' }, base: { type: 'piece' } },
    title:
      "each miniature, measured, presses onto the base of its variant: the base's peg in its bottom socket with the sliding clearance round it and its tip clear of the socket's roof, and its hull inside the base's outline, bow along the base's arrow",
  },
} as const satisfies Record<string, CheckSpec>;

export type CheckKind = keyof typeof CHECKS;
export const CHECK_KINDS = Object.keys(CHECKS) as CheckKind[];
