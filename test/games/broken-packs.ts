/**
 * The broken variants of each shipped pack that `validate --game` must catch: each a copy of the pack with
 * one mistake (an edit, or a few where it takes more), as a user could make it, and the rule that must
 * report it. Written to test/fixtures/games/ by `MAKE_FIXTURES=1 npx vitest run test/games/fixtures.test.ts`;
 * the test fails when they are stale.
 */
export interface BrokenPack {
  /** Folder under test/fixtures/games/. */
  name: string;
  game: string;
  why: string;
  /** Path in game.yaml to set, e.g. ['pieces', 0, 'params', 'masts']. */
  set: (string | number)[];
  value: unknown;
  /** Further edits of the same mistake, where it takes more than one (each a path and its value). */
  also?: readonly { set: (string | number)[]; value: unknown }[];
  /** The rule id that must report it. */
  rule: string;
}

export const BROKEN_PACKS: readonly BrokenPack[] = [
  {
    name: 'rigadoon-two-masts',
    game: 'rigadoon',
    why: 'a ship with two mast sockets',
    set: ['pieces', 0, 'params', 'masts'],
    value: 2,
    rule: 'rigadoon/feature-count',
  },
  {
    name: 'rigadoon-masts-short',
    game: 'rigadoon',
    why: '8 masts a player: 16 for 8 ships',
    set: ['pieces', 1, 'count', 'perPlayer'],
    value: 8,
    rule: 'rigadoon/table-count',
  },
  {
    name: 'rigadoon-long-ship',
    game: 'rigadoon',
    why: 'a 40 mm ship on 38 mm squares',
    set: ['pieces', 0, 'params', 'lengthMm'],
    value: 40,
    rule: 'rigadoon/fits-in-square',
  },
  {
    name: 'rigadoon-three-ships',
    game: 'rigadoon',
    why: 'three ships a player: 24 masts for 6 ships',
    set: ['pieces', 0, 'count', 'perPlayer'],
    value: 3,
    rule: 'rigadoon/count-ratio',
  },
  {
    name: 'rigadoon-six-faces',
    game: 'rigadoon',
    why: 'the die checked as a six-sided one: the wind die has 8 faces',
    set: ['checks', 7, 'faces'],
    value: 6,
    rule: 'rigadoon/die-balance',
  },
  {
    name: 'rigadoon-key-fit-ships',
    game: 'rigadoon',
    why: 'the ships printed in two sizes and the key-fit check pointed at them: two loose files that do not key together',
    set: ['checks', 8, 'piece'],
    value: 'ship',
    also: [
      {
        set: ['pieces', 0, 'variants'],
        value: [
          { id: 'sloop', params: { lengthMm: 32 } },
          { id: 'brig', params: { lengthMm: 34 } },
        ],
      },
    ],
    rule: 'rigadoon/key-fit',
  },
  {
    name: 'kingdom-fleets-bands',
    game: 'kingdom-fleets',
    why: 'the short band ends at 7 in, not 8',
    set: ['pieces', 2, 'params', 'bandsIn'],
    value: [0, 3, 7, 12, 18],
    rule: 'kingdom-fleets/marks',
  },
  {
    name: 'kingdom-fleets-selector',
    game: 'kingdom-fleets',
    why: 'the selector lacks the T2 maneuver',
    set: ['pieces', 4, 'params', 'labels'],
    value: ['S1', 'S2', 'S3', 'S4', 'S5', 'G2', 'G3', 'B2', 'B3'],
    rule: 'kingdom-fleets/same-labels',
  },
  {
    name: 'kingdom-fleets-thick-dial',
    game: 'kingdom-fleets',
    why: 'a 4 mm dial on a pivot made for 3 mm: it cannot turn past the barb',
    set: ['pieces', 4, 'params', 'thicknessMm'],
    value: 4,
    rule: 'kingdom-fleets/click',
  },
  {
    name: 'kingdom-fleets-arc',
    game: 'kingdom-fleets',
    why: 'a fire-arc gauge at 40°',
    set: ['pieces', 3, 'params', 'angleDeg'],
    value: 40,
    rule: 'kingdom-fleets/arc-angle',
  },
  {
    name: 'kingdom-fleets-long-ship',
    game: 'kingdom-fleets',
    why: 'a 64 mm light ship on its 60 mm base',
    set: ['pieces', 6, 'variants', 0, 'params', 'lengthMm'],
    value: 64,
    rule: 'kingdom-fleets/on-base',
  },
  {
    name: 'kingdom-fleets-masts-short',
    game: 'kingdom-fleets',
    why: '7 masts a player: 14 for the 16 sockets of two fleets',
    set: ['pieces', 7, 'count', 'perPlayer'],
    value: 7,
    rule: 'kingdom-fleets/table-count',
  },
  {
    name: 'kingdom-fleets-key-fit-templates',
    game: 'kingdom-fleets',
    why: "the key-fit check names the movement templates, ten loose files, not the range ruler's keyed segments",
    set: ['checks', 3, 'piece'],
    value: 'template',
    rule: 'kingdom-fleets/key-fit',
  },
  {
    name: 'kingdom-fleets-maneuvers-gauge',
    game: 'kingdom-fleets',
    why: 'the maneuvers check names the fire-arc gauge, which is no movement template',
    set: ['checks', 5, 'piece'],
    value: 'fire-arc-gauge',
    rule: 'kingdom-fleets/maneuvers',
  },
  {
    name: 'ships-of-the-line-seven-stops',
    game: 'ships-of-the-line',
    why: 'stat dials from 1 to 7: no 0 to sink at',
    set: ['pieces', 0, 'params', 'labels'],
    value: ['1', '2', '3', '4', '5', '6', '7'],
    rule: 'ships-of-the-line/dial-stops',
  },
  {
    name: 'ships-of-the-line-shallow-box',
    game: 'ships-of-the-line',
    why: 'a deck box 15 mm deep for 56 cards',
    set: ['pieces', 2, 'params', 'stackMm'],
    value: 15,
    rule: 'ships-of-the-line/holds-cards',
  },
  {
    name: 'ships-of-the-line-lid',
    game: 'ships-of-the-line',
    why: 'the lid made for 60 mm cards',
    set: ['pieces', 3, 'params', 'cardWidthMm'],
    value: 60,
    rule: 'ships-of-the-line/lid-fit',
  },
  {
    name: 'ships-of-the-line-two-dials',
    game: 'ships-of-the-line',
    why: 'two stat dials a ship: the rules track three stats',
    set: ['pieces', 0, 'count', 'perPlayer'],
    value: 2,
    rule: 'ships-of-the-line/table-count',
  },
  {
    name: 'ships-of-the-line-thick-dial',
    game: 'ships-of-the-line',
    why: 'a 4 mm stat dial on a pivot made for 3 mm: it cannot turn past the barb',
    set: ['pieces', 0, 'params', 'thicknessMm'],
    value: 4,
    rule: 'ships-of-the-line/click',
  },
  {
    name: 'cannonades-three-bays',
    game: 'cannonades',
    why: 'a stand of three bays for four ships',
    set: ['pieces', 0, 'params', 'rows'],
    value: 1,
    rule: 'cannonades/feature-count',
  },
  {
    name: 'cannonades-small-bays',
    game: 'cannonades',
    why: 'bays for 57 mm cards',
    set: ['pieces', 0, 'params', 'cardWidthMm'],
    value: 57,
    rule: 'cannonades/holds-cards',
  },
  {
    name: 'cannonades-shallow-discard',
    game: 'cannonades',
    why: 'a discard tray 10 mm deep for 60 cards',
    set: ['pieces', 1, 'params', 'stackMm'],
    value: 10,
    rule: 'cannonades/holds-cards',
  },
];
