/**
 * A game pack's paper (games/<id>/cards.yaml), resolved: the cards, tokens and reference pages a table
 * plays with, each counted per player or per table with the rule the count and content come from, as
 * `game.yaml`'s pieces are. Cards and pages are stacks of blocks (text, fields to fill in, tracks of boxes,
 * a pictogram, a table, Rigadoon's sailing pattern) that src/paper/pack.ts lays out. Only the loader
 * (src/paper/pack-file.ts) sees the file as written.
 */
import type { Sailing, Wind } from './sailing.js';

/** How many of a thing a table prints: `perPlayer` × players + `perTable`. */
export interface Count {
  perPlayer: number;
  perTable: number;
}

export const ICONS = [
  'compass-n',
  'compass-e',
  'compass-s',
  'compass-w',
  'cannon-ball',
  'chain-shot',
  'grape-shot',
] as const;
export type Icon = (typeof ICONS)[number];

export const TOKEN_SHAPES = ['circle', 'square'] as const;
export type TokenShape = (typeof TOKEN_SHAPES)[number];

/** One block of a card or a page, top to bottom, each with its place in the file for a complaint. */
export type Block = (
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string }
  /** Labels, each with a line to write on, one a line. */
  | { kind: 'fields'; labels: string[] }
  /** Labels with their lines side by side on one line. */
  | { kind: 'row'; labels: string[] }
  /** A label, its write-ins (`ARM`, `HP`) and a row of boxes to tick (damage, squads lost). */
  | { kind: 'track'; label: string; fields: string[]; boxes: number }
  /** A label and ruled lines under it. */
  | { kind: 'lines'; label: string; count: number }
  /** A dashed space for tokens laid on the card. */
  | { kind: 'area'; label: string; heightMm: number }
  | { kind: 'icon'; icon: Icon }
  /** Rigadoon: the spaces a ship may sail to under this wind, from the pack's `sailing`. */
  | { kind: 'pattern'; wind: Wind }
  | { kind: 'table'; header: string[]; rows: string[][] }
) & { place: string };

export interface PaperCard {
  id: string;
  title: string;
  /** A line over the title in the band (the card's kind: `Wind Direction`, `Ship`). */
  band: string | null;
  /** The band's colour: a name PRINT_COLORS knows or `#rrggbb`. */
  color: string;
  count: Count;
  /** The rule the card's count and content come from, or where they are ours and why. */
  rule: string;
  /** Small print at the card's foot. */
  note: string | null;
  /** The deck it belongs to (`decks`), or null. */
  deck: string | null;
  blocks: Block[];
  place: string;
}

export interface PaperToken {
  id: string;
  label: string;
  shape: TokenShape;
  sizeMm: number;
  color: string;
  count: Count;
  rule: string;
  place: string;
}

export interface ReferencePage {
  id: string;
  title: string;
  count: Count;
  rule: string;
  note: string | null;
  blocks: Block[];
  place: string;
}

/** A deck the rules count: `validate --game` checks the cards that name it against these. */
export interface Deck {
  id: string;
  name: string;
  /** Cards in the deck, or null when the rules do not say. */
  cards: number | null;
  /** Copies of each of its cards, or null when the rules do not say. */
  each: number | null;
  rule: string;
  place: string;
}

export interface PackPaper {
  /** The cards.yaml, as named. */
  source: string;
  /** The PDF's title. */
  title: string;
  sailing: (Sailing & { rule: string; place: string }) | null;
  decks: Deck[];
  cards: PaperCard[];
  tokens: PaperToken[];
  pages: ReferencePage[];
}
