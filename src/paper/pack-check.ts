/**
 * `validate --game` on a pack's paper: each deck holds what its rules count, and every Wind Direction
 * card, measured on the page as drawn (its squares, circles and diamond found by their colours, their
 * centres read back into spaces), shows exactly the spaces the sailing rules give for its wind, asked of
 * each space (`cellNeed`) rather than walked out the way the card was drawn, with north marked over it.
 */
import type { Finding } from '../validate/types.js';
import type { Page, Point, Shape } from './page.js';
import { copiesOf, SAIL_COLORS, type DrawnPattern, type PackPaperSet } from './pack.js';
import type { PackPaper } from './pack-types.js';
import { cellNeed, sailingRadius, WINDS, type Need, type Sailing, type Wind } from './sailing.js';

export const PAPER_RULES = [
  {
    id: 'paper/deck',
    title:
      "each deck of the pack's paper holds the cards its rules count; a Wind Direction deck, every one of the 8 directions as often",
  },
  {
    id: 'paper/sailing-pattern',
    title:
      "every Wind Direction card, measured as drawn, shows the sailing rules' spaces for its wind round a black diamond, north marked",
  },
] as const;

type Report = Omit<Finding, 'severity' | 'faction' | 'at'>;
const finding = (f: Report): Finding => ({ ...f, severity: 'error', faction: null, at: null });

/** The paper's findings for a table of `players`, from its pages as `packPages` drew them. */
export function paperFindings(paper: PackPaper, drawn: PackPaperSet, players: number): Finding[] {
  return [
    ...deckFindings(paper, players),
    ...(paper.sailing ? drawn.patterns.flatMap((p) => patternFindings(paper.sailing!, drawn.pages[p.page]!, p)) : []),
  ];
}

function deckFindings(paper: PackPaper, players: number): Finding[] {
  const out: Finding[] = [];
  for (const d of paper.decks) {
    const cards = paper.cards.filter((c) => c.deck === d.id);
    const total = cards.reduce((s, c) => s + copiesOf(c.count, players), 0);
    if (d.cards !== null && total !== d.cards)
      out.push(
        finding({
          rule: 'paper/deck',
          part: d.id,
          message: `the ${d.name} deck holds ${total} cards; the rules count ${d.cards} (${d.rule})`,
          expected: d.cards,
          measured: total,
          hint: `give the deck's cards counts that add up to ${d.cards} in ${paper.source}`,
        }),
      );
    for (const c of cards) {
      const n = copiesOf(c.count, players);
      if (d.each !== null && n !== d.each)
        out.push(
          finding({
            rule: 'paper/deck',
            part: c.id,
            message: `${n} copies of "${c.title}" in the ${d.name} deck; the rules want ${d.each} of each (${d.rule})`,
            expected: d.each,
            measured: n,
            hint: `set ${c.id}'s count to ${d.each}`,
          }),
        );
    }
    // A deck of Wind Direction cards stands in for the die: every direction, each as often.
    const winds = new Map<Wind, number>();
    for (const c of cards)
      for (const b of c.blocks)
        if (b.kind === 'pattern') winds.set(b.wind, (winds.get(b.wind) ?? 0) + copiesOf(c.count, players));
    if (winds.size === 0) continue;
    const counts = WINDS.map((w) => winds.get(w) ?? 0);
    if (Math.min(...counts) === 0 || Math.min(...counts) !== Math.max(...counts)) {
      const list = WINDS.map((w, i) => `${w} ${counts[i]}`).join(', ');
      out.push(
        finding({
          rule: 'paper/deck',
          part: d.id,
          message: `the ${d.name} deck holds ${list}: the 8 Wind Directions must each be there, as often, so a draw picks each as likely as the die ("This pattern applies to all 8 Wind Directions")`,
          expected: 'every direction, equally',
          measured: list,
          hint: `add or count the missing directions' cards in ${paper.source}`,
        }),
      );
    }
  }
  return out;
}

const centre = (s: Extract<Shape, { kind: 'path' }>): Point => {
  const pts = s.rings[0]!;
  return [pts.reduce((a, p) => a + p[0], 0) / pts.length, pts.reduce((a, p) => a + p[1], 0) / pts.length];
};

/** What the card shows, read off the page: each coloured space's offset from the diamond, north's mark. */
function patternFindings(sailing: Sailing, page: Page, p: DrawnPattern): Finding[] {
  const inCard = (q: Point): boolean =>
    q[0] >= p.rect.xMm &&
    q[0] <= p.rect.xMm + p.rect.widthMm &&
    q[1] >= p.rect.yMm &&
    q[1] <= p.rect.yMm + p.rect.heightMm;
  const paths = page.shapes.filter(
    (s): s is Extract<Shape, { kind: 'path' }> =>
      s.kind === 'path' && s.closed && s.rings.length === 1 && inCard(centre(s)),
  );
  const out: Finding[] = [];
  const report = (message: string, expected: string, measured: string, hint: string): void =>
    void out.push(
      finding({
        rule: 'paper/sailing-pattern',
        part: p.card,
        message: `the ${p.wind} card ${message}`,
        expected,
        measured,
        hint,
      }),
    );
  // The ship: the black diamond, the one four-cornered black shape (the key's little diamond lies below the grid).
  const R = sailingRadius(sailing);
  const diamonds = paths.filter((s) => s.fillHex === SAIL_COLORS.ship && s.rings[0]!.length === 4).map(centre);
  const ship = diamonds.find((c) => Math.hypot(c[0] - p.shipMm[0], c[1] - p.shipMm[1]) < 0.05 * p.cellMm);
  if (!ship) {
    report(
      'has no black diamond where its ship should be',
      'a black diamond',
      'none',
      'draw the card with `- pattern:`',
    );
    return out;
  }
  const drawn = new Map<string, Need>();
  for (const s of paths) {
    const need: Need | null = s.fillHex === SAIL_COLORS.any ? 'any' : s.fillHex === SAIL_COLORS.all ? 'all' : null;
    if (!need) continue;
    const c = centre(s),
      fx = (c[0] - ship[0]) / p.cellMm,
      fy = (c[1] - ship[1]) / p.cellMm;
    const [dx, dy] = [Math.round(fx), Math.round(fy)];
    // The key's swatches sit under the grid: not spaces.
    if (Math.abs(dx) > R || Math.abs(dy) > R) continue;
    if (Math.hypot(fx - dx, fy - dy) > 0.1)
      report(
        `has a mark ${fx.toFixed(2)}, ${fy.toFixed(2)} spaces from its ship, off the grid's spaces`,
        'marks on spaces',
        `${fx.toFixed(2)}, ${fy.toFixed(2)}`,
        'draw the card with `- pattern:`',
      );
    drawn.set(`${dx},${dy}`, need);
  }
  const wrong: string[] = [];
  for (let dy = -R; dy <= R; dy++)
    for (let dx = -R; dx <= R; dx++) {
      const want = cellNeed(sailing, p.wind, dx, dy),
        got = drawn.get(`${dx},${dy}`) ?? null;
      if (want !== got)
        wrong.push(`(${dx} east, ${dy} south): ${got ?? 'nothing'} where the rules give ${want ?? 'nothing'}`);
    }
  if (wrong.length > 0)
    report(
      `shows ${wrong.length} space${wrong.length === 1 ? '' : 's'} other than the sailing rules give: ${wrong.slice(0, 4).join('; ')}${wrong.length > 4 ? '; …' : ''}`,
      "the sailing rules' spaces",
      `${wrong.length} differ`,
      "draw the card from the pack's `sailing` (`- pattern:`), or change the rules there",
    );
  // North: an N over the grid's middle column, above its top row.
  const north = page.shapes.some(
    (s) =>
      s.kind === 'text' &&
      s.text === 'N' &&
      Math.abs(s.xMm + s.capMm * 0.35 - ship[0]) < p.cellMm / 2 &&
      s.yMm < ship[1] - (R + 0.5) * p.cellMm &&
      s.yMm > p.rect.yMm,
  );
  if (!north)
    report('does not mark north over its pattern', 'N over the grid', 'none', 'draw the card with `- pattern:`');
  return out;
}
