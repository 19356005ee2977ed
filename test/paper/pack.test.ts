/**
 * The packs' paper (games/<id>/cards.yaml, `cards --game`): every shipped file loads and lays out on both
 * papers at the packs' fewest and most players with nothing off its card or page; Rigadoon's sailing rules
 * agree with every sailing example the rulebook's text gives and turn with the wind; the two ways to the
 * pattern (walked out, asked of a space) agree for any rules; validate's paper check passes the shipped
 * paper and catches a card drawn wrong, a deck short of a direction or a count; Kingdom Fleets' damage
 * table is the rules' formula; a bad file is refused at its line:column. Referees outside the layout:
 * pdftotext (poppler) reading the PDF's words when it is installed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { GAMES_DIR, loadGames } from '../../src/games/loader.js';
import type { Game } from '../../src/games/types.js';
import { textStrokes } from '../../src/render/font.js';
import { paperFindings } from '../../src/paper/pack-check.js';
import { loadPackPaper, parsePackPaper } from '../../src/paper/pack-file.js';
import type { PackPaper } from '../../src/paper/pack-types.js';
import { copiesOf, PACK_CARD, packPages, SAIL_COLORS } from '../../src/paper/pack.js';
import { PAPER, pagesPdf, type Page, type Shape } from '../../src/paper/page.js';
import { cellNeed, sailingCells, WINDS, type Need, type Sailing, type Wind } from '../../src/paper/sailing.js';
import { CARD_SIZES } from '../../src/standard.js';

let games: Game[];
const papers = new Map<string, PackPaper>();

beforeAll(async () => {
  games = await loadGames();
  for (const g of games) {
    const p = await loadPackPaper(g);
    if (p) papers.set(g.id, p);
  }
});

const rigadoon = (): PackPaper => papers.get('rigadoon')!;
const sailing = (): Sailing => rigadoon().sailing!;
const pagesOf = (id: string, players = 2): ReturnType<typeof packPages> =>
  packPages(papers.get(id)!, players, PAPER.a4);

const boxOf = (s: Shape): { x0: number; y0: number; x1: number; y1: number } => {
  const pts =
    s.kind === 'text'
      ? textStrokes(s.text, s.capMm)
          .strokes.flat()
          .map(([x, y]) => [s.xMm + x, s.yMm - y] as const)
      : s.rings.flat();
  const half = s.kind === 'text' ? (s.capMm / 20) * (s.weight ?? 1) : (s.strokeMm ?? 0) / 2;
  return {
    x0: Math.min(...pts.map((q) => q[0])) - half,
    x1: Math.max(...pts.map((q) => q[0])) + half,
    y0: Math.min(...pts.map((q) => q[1])) - half,
    y1: Math.max(...pts.map((q) => q[1])) + half,
  };
};

/** A space's need as the drawn card shows it, for the tests' own reading of a walked-out pattern. */
const walked = (s: Sailing, w: Wind): Map<string, Need> =>
  new Map(sailingCells(s, w).map((c) => [`${c.dx},${c.dy}`, c.need]));

describe("the packs' paper", () => {
  it("every pack but Cannons & Coastlines (whose cards are the factions') has a cards.yaml, and it loads", () => {
    expect([...papers.keys()].sort()).toEqual(
      games
        .filter((g) => !g.factionsDir)
        .map((g) => g.id)
        .sort(),
    );
  });

  it('lays out on A4 and Letter at the fewest and most players, every card within its card and every shape on its page', () => {
    for (const g of games.filter((x) => papers.has(x.id))) {
      const paper = papers.get(g.id)!;
      for (const size of [PAPER.a4, PAPER.letter])
        for (const players of [g.players.min, g.players.max]) {
          const { pages, printed } = packPages(paper, players, size);
          const cards = printed.filter((p) => p.kind === 'card').reduce((s, p) => s + p.copies, 0);
          expect(cards).toBe(paper.cards.reduce((s, c) => s + copiesOf(c.count, players), 0));
          for (const p of pages) {
            expect([p.widthMm, p.heightMm]).toEqual([size.widthMm, size.heightMm]);
            for (const s of p.shapes) {
              const b = boxOf(s);
              expect(
                b.x0 >= 0 && b.y0 >= 0 && b.x1 <= p.widthMm && b.y1 <= p.heightMm,
                `${g.id}: ${JSON.stringify(b)}`,
              ).toBe(true);
            }
          }
          // The card pages: every text inside the card it belongs to, a millimetre in from its edge.
          const ox = (size.widthMm - 3 * PACK_CARD.widthMm) / 2,
            oy = (size.heightMm - 3 * PACK_CARD.heightMm) / 2;
          for (const p of pages.slice(0, Math.ceil(cards / 9)))
            for (const t of p.shapes.filter((s) => s.kind === 'text')) {
              const b = boxOf(t);
              const [cx, cy] = [
                ox + Math.floor((b.x0 - ox) / PACK_CARD.widthMm) * PACK_CARD.widthMm,
                oy + Math.floor((b.y0 - oy) / PACK_CARD.heightMm) * PACK_CARD.heightMm,
              ];
              expect(
                b.x0 >= cx + 1 &&
                  b.y0 >= cy + 1 &&
                  b.x1 <= cx + PACK_CARD.widthMm - 1 &&
                  b.y1 <= cy + PACK_CARD.heightMm - 1,
                `${g.id} ${(t as { text: string }).text}`,
              ).toBe(true);
            }
        }
    }
  });

  it('prints cards US poker size, which sleeve in a standard sleeve', () => {
    expect([PACK_CARD.widthMm, PACK_CARD.heightMm]).toEqual([CARD_SIZES.usPoker.widthMm, CARD_SIZES.usPoker.lengthMm]);
    expect(CARD_SIZES.sleeved.widthMm).toBeGreaterThan(CARD_SIZES.usPoker.widthMm);
    expect(CARD_SIZES.sleeved.lengthMm).toBeGreaterThan(CARD_SIZES.usPoker.lengthMm);
  });

  it("passes validate's paper check as shipped", () => {
    for (const [id, paper] of papers) expect(paperFindings(paper, pagesOf(id), 2), id).toEqual([]);
  });

  it("writes a PDF whose words a reader finds: every card's title, band and text; the same bytes twice", async () => {
    for (const [id, paper] of papers) {
      const { pages } = pagesOf(id);
      const pdf = await pagesPdf(pages, paper.title);
      expect(Buffer.from(pdf).equals(Buffer.from(await pagesPdf(pages, paper.title))), id).toBe(true);
      let words: string | null = null;
      try {
        const path = join(await mkdtemp(join(tmpdir(), 'sw-pack-pdf-')), `${id}.pdf`);
        await writeFile(path, pdf);
        words = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      } catch {
        words = null; // poppler-utils not installed
      }
      if (words === null) continue;
      for (const c of paper.cards) {
        expect(words, `${id}: ${c.title}`).toContain(c.title);
        if (c.band) expect(words).toContain(c.band);
      }
      for (const p of paper.pages) expect(words).toContain(p.title);
    }
  });
});

describe("Rigadoon's Wind Direction deck", () => {
  it('holds a card for each of the 8 Wind Directions, each drawn from the sailing rules with north marked', () => {
    const { patterns } = pagesOf('rigadoon');
    expect(patterns.map((p) => p.wind).sort()).toEqual([...WINDS].sort());
    const { pages } = pagesOf('rigadoon');
    const norths = pages[0]!.shapes.filter((s) => s.kind === 'text' && s.text === 'N');
    expect(norths).toHaveLength(8);
  });

  it('lets a ship with a Mast sail at least a space every way, whatever the wind ("Ships with Masts can sail in any direction")', () => {
    for (const w of WINDS)
      for (const [dx, dy] of [
        [0, -1],
        [1, -1],
        [1, 0],
        [1, 1],
        [0, 1],
        [-1, 1],
        [-1, 0],
        [-1, -1],
      ] as const)
        expect(cellNeed(sailing(), w, dx, dy), `${w} ${dx},${dy}`).toBe('any');
  });

  it("agrees with every sailing example in the rules' text", () => {
    const s = sailing();
    // Basic sailing: the wind is North, a 3-Mast ship; "the southernmost space with a yellow circle is off
    // the edge": yellow circles to the south, the southernmost of them one space, due south.
    const north = sailingCells(s, 'N').filter((c) => c.need === 'all');
    const south = Math.max(...north.map((c) => c.dy));
    expect(south).toBeGreaterThan(0);
    expect(north.filter((c) => c.dy === south)).toEqual([{ dx: 0, dy: south, need: 'all' }]);
    // Claiming a Chest: "the current Wind Direction is South ... sails south and attacks".
    expect(cellNeed(s, 'S', 0, 1)).not.toBeNull();
    // A thousand words: one card lets the 3-Mast ship sail 3 spaces southeast, another ship 2 southwest
    // (bump, then sink), and shows more than one space northeast ("the Wind Direction card suggests
    // otherwise"), and northwest.
    const fits = WINDS.filter(
      (w) =>
        cellNeed(s, w, 3, 3) !== null &&
        cellNeed(s, w, -2, 2) !== null &&
        cellNeed(s, w, 2, -2) !== null &&
        cellNeed(s, w, -1, -1) !== null,
    );
    expect(fits.length).toBeGreaterThan(0);
  });

  it("turns with the wind: each Wind Direction's pattern is the one two directions round it, turned 90°", () => {
    const s = sailing();
    for (let i = 0; i < 8; i++) {
      const a = walked(s, WINDS[i]!),
        b = walked(s, WINDS[(i + 2) % 8]!);
      // A quarter turn clockwise on a north-up grid, y south: (dx, dy) → (−dy, dx).
      expect(
        new Map(
          [...a].map(([k, v]) => {
            const [dx, dy] = k.split(',').map(Number) as [number, number];
            return [`${-dy + 0},${dx}`, v];
          }),
        ),
      ).toEqual(b);
    }
  });

  it('walks out the same spaces it finds asked one by one, for any sailing rules', () => {
    const reach = fc
      .integer({ min: 1, max: 6 })
      .chain((spaces) => fc.integer({ min: spaces, max: 6 }).map((allMasts) => ({ spaces, allMasts })));
    fc.assert(
      fc.property(
        fc.array(reach, { minLength: 5, maxLength: 5 }),
        fc.constantFrom('from' as const, 'toward' as const),
        fc.constantFrom(...WINDS),
        (r, named, wind) => {
          const s: Sailing = {
            named,
            reach: r.map((x, i) => ({ offDeg: ([0, 45, 90, 135, 180] as const)[i]!, ...x })),
          };
          const cells = walked(s, wind);
          for (let dy = -6; dy <= 6; dy++)
            for (let dx = -6; dx <= 6; dx++) expect(cellNeed(s, wind, dx, dy)).toBe(cells.get(`${dx},${dy}`) ?? null);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("validate's check measures the drawn card: a square missing, a circle moved, north unmarked, each found", () => {
    const paper = rigadoon();
    const set = pagesOf('rigadoon');
    const page = set.pages[0]!;
    const isFill =
      (hex: string) =>
      (s: Shape): boolean =>
        s.kind === 'path' && s.fillHex === hex;
    const tamper = (edit: (shapes: Shape[]) => Shape[]): Page[] => [
      { ...page, shapes: edit([...page.shapes]) },
      ...set.pages.slice(1),
    ];
    const squareGone = tamper((sh) => sh.filter((_, i) => i !== sh.findIndex(isFill(SAIL_COLORS.any))));
    const moved = tamper((sh) => {
      const i = sh.findIndex(isFill(SAIL_COLORS.all));
      const c = sh[i] as Extract<Shape, { kind: 'path' }>;
      sh[i] = { ...c, rings: c.rings.map((r) => r.map(([x, y]) => [x + set.patterns[0]!.cellMm, y] as const)) };
      return sh;
    });
    const noNorth = tamper((sh) => sh.filter((s) => !(s.kind === 'text' && s.text === 'N')));
    for (const pages of [squareGone, moved, noNorth]) {
      const found = paperFindings(paper, { ...set, pages }, 2);
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((f) => f.rule === 'paper/sailing-pattern' && f.severity === 'error')).toBe(true);
    }
    expect(paperFindings(paper, { ...set, pages: noNorth }, 2)[0]!.message).toMatch(/north/);
  });

  it('finds a deck short of a Wind Direction, or holding one twice', () => {
    const paper = rigadoon();
    const short = { ...paper, cards: paper.cards.filter((c) => c.id !== 'wind-se') };
    expect(paperFindings(short, packPages(short, 2, PAPER.a4), 2).map((f) => f.rule)).toContain('paper/deck');
    const twice = {
      ...paper,
      cards: paper.cards.map((c) => (c.id === 'wind-n' ? { ...c, count: { perPlayer: 0, perTable: 2 } } : c)),
    };
    expect(
      paperFindings(twice, packPages(twice, 2, PAPER.a4), 2).filter((f) => f.rule === 'paper/deck').length,
    ).toBeGreaterThanOrEqual(1);
  });
});

describe('Ships of the Line and Kingdom Fleets', () => {
  it("Ships of the Line's deck: 56 cards, 8 of each of the 7 types the rules list; a count off is found", () => {
    const paper = papers.get('ships-of-the-line')!;
    const deck = paper.cards.filter((c) => c.deck === 'deck');
    expect(deck.map((c) => c.title).sort()).toEqual([
      'Cannon Balls',
      'Chain Shot',
      'East Wind',
      'Grape Shot',
      'North Wind',
      'South Wind',
      'West Wind',
    ]);
    expect(deck.reduce((s, c) => s + copiesOf(c.count, 2), 0)).toBe(56);
    const off = {
      ...paper,
      cards: paper.cards.map((c) => (c.id === 'chain-shot' ? { ...c, count: { perPlayer: 0, perTable: 7 } } : c)),
    };
    const found = paperFindings(off, packPages(off, 2, PAPER.a4), 2);
    expect(found.map((f) => f.part).sort()).toEqual(['chain-shot', 'deck']);
  });

  it("Kingdom Fleets' damage table is the rules' formula, 6 + ARM − POW held to 1–10 (POW down, ARM across)", () => {
    const page = papers.get('kingdom-fleets')!.pages[0]!;
    const table = page.blocks.find((b) => b.kind === 'table' && b.header[0] === 'POW') as Extract<
      PackPaper['pages'][number]['blocks'][number],
      { kind: 'table' }
    >;
    expect(table.rows).toHaveLength(10);
    for (const row of table.rows) {
      const pow = Number(row[0]);
      row
        .slice(1)
        .forEach((cell, i) =>
          expect(Number(cell), `POW ${pow} ARM ${i + 1}`).toBe(Math.min(10, Math.max(1, 6 + (i + 1) - pow))),
        );
    }
  });

  it('Kingdom Fleets: the four kinds of card the rules name, a ship card per base size, manpower tokens', () => {
    const paper = papers.get('kingdom-fleets')!;
    expect(new Set(paper.cards.map((c) => c.band))).toEqual(
      new Set(['Ship card', 'Crew card', 'Character card', 'Equipment card']),
    );
    expect(paper.cards.filter((c) => c.band === 'Ship card').map((c) => c.title)).toEqual([
      'Light ship',
      'Medium ship',
      'Heavy ship',
      'Super heavy ship',
    ]);
    expect(paper.tokens.map((t) => t.id)).toContain('manpower');
  });
});

describe('a bad cards.yaml', () => {
  const source = 'pack/cards.yaml';
  const refused = (text: string): string => {
    try {
      parsePackPaper(text, source);
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      return (e as InputError).message;
    }
    throw new Error('accepted');
  };
  const card = (body: string): string =>
    `title: T\ncards:\n  - id: a\n    title: A\n    count: { perTable: 1 }\n    rule: r\n    body:\n${body}`;

  it('is refused at the line:column of each mistake, with what would be valid, all at once', () => {
    const m = refused(card('      - txet: "hello"\n      - pattern: N\n'));
    expect(m).toMatch(/pack\/cards\.yaml:8:9: cards\[0\]\.body\[0\]: .*text/);
    expect(m).toMatch(/pack\/cards\.yaml:9:18: cards\[0\]\.body\[1\]\.pattern: .*`sailing`/);
    expect(
      refused(
        'title: T\ntokens:\n  - { id: t, label: X, shape: hexagon, size: 3mm, count: { perTable: 1 }, rule: r }\n',
      ),
    ).toMatch(
      /3:31: tokens\[0\]\.shape: expected one of `circle` or `square`.*\n.*3:46: tokens\[0\]\.size: 3mm is out of range; expected a length from 10mm to 40mm/,
    );
    expect(
      refused(
        'title: T\nsailing: { named: from, rule: r, reach: [{ offDeg: 0, spaces: 0, allMasts: 1 }] }\ncards: []\n',
      ),
    ).toMatch(/spaces: 0 is not allowed.*any direction/);
    expect(
      refused(
        'title: T\nsailing: { named: from, rule: r, reach: [{ offDeg: 30, spaces: 1, allMasts: 1 }] }\ncards: []\n',
      ),
    ).toMatch(/30° is not a heading's angle off the wind/);
    expect(
      refused('title: T\ncards:\n  - { id: a, title: A, deck: d, count: { perTable: 1 }, rule: r, body: [] }\n'),
    ).toMatch(/no deck "d"/);
    expect(refused('title: T\ncards:\n  - { id: a, title: "Ω", count: { perTable: 0 }, rule: r, body: [] }\n')).toMatch(
      /title: the lettering .* cannot draw[\s\S]*count: printed at least once/,
    );
  });

  it("that overflows its card is refused at the card's line:column by the layout, never clipped", () => {
    const paper = parsePackPaper(
      card(Array.from({ length: 30 }, () => '      - text: "a line of text"\n').join('')),
      source,
    );
    expect(() => packPages(paper, 2, PAPER.a4)).toThrow(
      /pack\/cards\.yaml:3:5: card "a" runs \d+\.\d mm past the room it has/,
    );
    const wide = parsePackPaper(card('      - row: [A rather long label, Another long label, A third]\n'), source);
    expect(() => packPages(wide, 2, PAPER.a4)).toThrow(/8:9: the labels .* leave .* mm each to write on/);
  });

  it('ships in every pack folder that has paper, read from the games folder', async () => {
    for (const id of papers.keys())
      expect((await readFile(join(GAMES_DIR, id, 'cards.yaml'), 'utf8')).length).toBeGreaterThan(100);
  });
});
