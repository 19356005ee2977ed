/**
 * The coin sheet and quick reference, one page: the seven coins, each drawn with the icon its printed coin
 * carries (coin-icons.ts, the same outlines), with their counts per player and effects (the rulebook's Coin
 * Actions), a turn, the three actions, hits and sinking, and scoring. Needs the kernel (initKernel).
 */
import { withArena } from '../geometry/kernel.js';
import { coinIcon } from '../parts/coin-icons.js';
import { COIN_SET, COINS_PER_PLAYER, MAX_HEADING_DEG } from '../rules/rulebook.js';
import { displayColor, INTERFACES } from '../standard.js';
import { INK_HEX, rectRing, text, wrap } from './layout.js';
import type { Page, Shape } from './page.js';

const SCORING: [string, string][] = [
  ['Each surviving ship', '3'],
  ['Each island you hold', '2'],
  ['Each unspent coin', '1'],
  ['Most ships / most islands / most coins (ties all score)', '+2 each'],
];

const SECTIONS: [string, string[]][] = [
  [
    'Your turn',
    [
      '1. Spend any coins first, before any ship moves or fires; each returns to the bag.',
      '2. Each of your ships takes one action: Move, Fire or Island.',
    ],
  ],
  [
    'Move',
    [
      `Set Heading (turn up to ${MAX_HEADING_DEG}°, port or starboard), then click forward Move Count times. Touching a ship, island, rock or reef stops the move.`,
    ],
  ],
  [
    'Fire',
    ['Plug a cannon into an open slot, load, press until it fires. A ship that fires does not move or turn this turn.'],
  ],
  [
    'Island',
    [
      'Touching an island: Raise Flag (empty island, touching since your last turn), Collect 1 coin (your flag), or Fire from Island (your flag).',
    ],
  ],
  [
    'Hits',
    [
      'A hit removes one fitting (mast or cargo). No fittings: dead in the water; the next hit sinks it. Hits to sink = fittings + 1. No friendly fire.',
    ],
  ],
  ['Winning', ['Last fleet afloat wins; or declare 25+ points at the start of your turn and hold the highest score.']],
];

/** The reference page. */
export function referencePage(paper: { widthMm: number; heightMm: number }): Page {
  const m = 14,
    w = paper.widthMm - 2 * m;
  const shapes: Shape[] = [text('Cannons & Coastlines: quick reference', m, 20, 5.5, INK_HEX, 1.4)];
  let y = 32;
  shapes.push(text(`Coins: ${COINS_PER_PLAYER} per player into the bag`, m, y, 3.6, INK_HEX, 1.3));
  y += 4;
  const gold = displayColor('gold');
  for (const coin of COIN_SET) {
    const lines = wrap(coin.effect, 2.4, w - 58);
    const h = Math.max(11, 4 + lines.length * 3.6);
    shapes.push({
      kind: 'path',
      rings: [rectRing(m, y, w, h)],
      closed: true,
      strokeMm: 0.2,
      strokeHex: '#B0B0B0',
      fillHex: null,
    });
    // The coin: a gold disc with its icon, scaled as it sits on the printed coin.
    const r = 4.5,
      cx = m + 5,
      cy = y + h / 2;
    shapes.push({
      kind: 'path',
      rings: [
        Array.from(
          { length: 48 },
          (_, i) => [cx + r * Math.cos((i * Math.PI) / 24), cy + r * Math.sin((i * Math.PI) / 24)] as const,
        ),
      ],
      closed: true,
      strokeMm: 0.2,
      strokeHex: INK_HEX,
      fillHex: gold,
    });
    const k = r / (INTERFACES.coin.diameterMm / 2);
    const icon = withArena(() => coinIcon(coin.id).rings());
    shapes.push({
      kind: 'path',
      rings: icon.map((ring) => ring.map(([x, z]) => [cx + k * x, cy - k * z] as const)),
      closed: true,
      strokeMm: null,
      strokeHex: INK_HEX,
      fillHex: INK_HEX,
    });
    shapes.push(
      text(coin.name, m + 12, cy, 2.8, INK_HEX, 1.3),
      text(`${coin.count} per player`, m + 12, cy + 3.8, 2, '#555555'),
    );
    lines.forEach((l, i) => shapes.push(text(l, m + 56, y + 5 + i * 3.6, 2.4)));
    y += h + 1.5;
  }
  y += 7;
  for (const [title, paragraphs] of SECTIONS) {
    shapes.push(text(title, m, y, 3.2, INK_HEX, 1.3));
    y += 5;
    for (const p of paragraphs)
      for (const l of wrap(p, 2.4, w)) {
        shapes.push(text(l, m, y, 2.4));
        y += 3.6;
      }
    y += 3;
  }
  shapes.push(text('Scoring', m, y, 3.2, INK_HEX, 1.3));
  y += 4.6;
  for (const [what, points] of SCORING) {
    shapes.push(text(what, m, y, 2.4), text(points, m + w - 20, y, 2.4));
    y += 3.6;
  }
  if (y > paper.heightMm - 8)
    throw new Error(`the quick reference runs to ${y.toFixed(0)} mm on a ${paper.heightMm} mm page`);
  return { ...paper, shapes };
}
