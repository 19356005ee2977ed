/**
 * The studio's core (issue 29): one faction file's text in, everything the page shows out. The loader's
 * problems and the hull's layout problems at their line:column, the deck map, the parts built through the
 * part cache, the ship assembled as validate's rules assemble it, validate's findings, and the card as it
 * will print. No HTTP here (./server.ts serves it); the only disk it touches is the part cache's.
 *
 * Work is kept between edits by what it depends on: the layout and deck map by the model; the built parts,
 * their placements in the ship, the hull probes and the paper's measures by the model and the build
 * settings (none of them reads the card). So a card-only edit loads the text, runs the rules that read the
 * card (over the probes kept) and draws the card; of the kernel's work only what those rules measure
 * themselves (the wheel's click, a turret's slot) is done again.
 */
import { createHash } from 'node:crypto';
import { InputError, type Problem } from '../errors.js';
import { fieldPlace } from '../faction/field-place.js';
import { parseFaction } from '../faction/parse.js';
import type { Faction } from '../faction/types.js';
import { initKernel, withArena } from '../geometry/kernel.js';
import {
  canonicalJson,
  generateParts,
  type BuildSettings,
  type GeneratedFile,
  type PartCache,
} from '../generate/index.js';
import { cardInput, measurePaper, type PaperMeasures } from '../paper/index.js';
import { CARD, cardPages } from '../paper/cards.js';
import { PAPER, pageSvg, type Page } from '../paper/page.js';
import { CATALOG } from '../generate/catalog.js';
import { layoutProblems, planLayout } from '../parts/hull-layout.js';
import { displayColor } from '../standard.js';
import {
  placedCannon,
  placedFittings,
  placedHull,
  placedRunningGear,
  slotSites,
  type Placed,
} from '../validate/assembly.js';
import { deckMapPng } from '../validate/deck-map.js';
import { RULES } from '../validate/rules/index.js';
import type { Finding, Rule } from '../validate/types.js';
import { withContext } from '../validate/context.js';
import { checkFiles, sortFindings, type HullProbeMemo } from '../validate/validate.js';

/** The deck map's size in the page's pane (about 500 px wide at 1280 × 800): its lettering reads there. */
const DECK_MAP_PANE = { widthPx: 640, heightPx: 400 } as const;

export interface StudioOptions {
  /** The faction file as the user named it (messages, the id's check against the file's name). */
  file: string;
  settings: BuildSettings;
  cache: PartCache | null;
  /** Worker threads for building. Default: the machine's cores. */
  jobs?: number;
}

/** A problem placed in the editor: 1-based line and column where the text has the field, else null. */
export interface EditorProblem {
  line: number | null;
  col: number | null;
  /** As the CLI says it: `12:5` or the field path. */
  place: string;
  message: string;
  /** `loader`: the file itself; `layout`: the hull's layout; `card`: the card as it prints. */
  kind: 'loader' | 'layout' | 'card';
}

/** A validate finding, with the line:column of its faction-file field when it names one. */
export interface EditorFinding extends Finding {
  line: number | null;
  col: number | null;
}

/** A part placed in the assembled ship: its file, file frame → hull frame (column-major 4×4), its colour. */
export interface PlacedPart {
  name: string;
  path: string;
  matrix: number[];
  colorHex: string;
}

/** Where a part is placed: everything but its colour, which the card may change (a faction part's is the card's). */
type Placement = Omit<PlacedPart, 'colorHex'> & { file: GeneratedFile };

export interface StudioView {
  /** Counts every check; the page ignores a view older than one it has shown. */
  revision: number;
  faction: { id: string; name: string } | null;
  problems: EditorProblem[];
  findings: EditorFinding[];
  /** Names the build the parts are from: the page fetches a part again when it changes. */
  build: string | null;
  /** The hull's file, when the model built. */
  hull: string | null;
  assembly: PlacedPart[];
  /** Whether the parts shown are from an earlier text (this one has problems that stop the build). */
  stale: boolean;
  /** The card as SVG, when it could be drawn. */
  cardSvg: string | null;
  /** Whether the deck map was drawn for this text (GET it as PNG). */
  deckMap: boolean;
  timingsMs: Record<string, number>;
}

/** Where the place of a problem is, as line and column: its own `L:C`, or its field path looked up in the text. */
function placed(text: string, place: string): { line: number | null; col: number | null } {
  const m = /^(\d+):(\d+)$/.exec(place);
  if (m) return { line: Number(m[1]), col: Number(m[2]) };
  const at = place ? fieldPlace(text, place.replace(/ .*$/, '')) : null;
  return at ? { line: at.line, col: at.col } : { line: null, col: null };
}

const editorProblem =
  (text: string, kind: EditorProblem['kind']) =>
  (p: Problem): EditorProblem => ({ ...placed(text, p.place), place: p.place, message: p.message, kind });

/** The field a finding's hint or message names (`model.cannonSlots[1]`, `card.hitsToSink`), if any. */
function findingField(f: Finding): string | null {
  const m = /\b((?:card|model)(?:\.[A-Za-z]+|\[\d+\])+)/.exec(`${f.message} ${f.hint}`);
  return m ? m[1]! : null;
}

/** The card alone: its page's first card-sized rectangle, as the view box of the page's SVG. */
function cardSvgOf(page: Page): string {
  const outline = page.shapes.find(
    (s) =>
      s.kind === 'path' &&
      s.rings.length === 1 &&
      (() => {
        const xs = s.rings[0]!.map((p) => p[0]),
          ys = s.rings[0]!.map((p) => p[1]);
        return (
          Math.abs(Math.max(...xs) - Math.min(...xs) - CARD.widthMm) < 1e-6 &&
          Math.abs(Math.max(...ys) - Math.min(...ys) - CARD.heightMm) < 1e-6
        );
      })(),
  );
  const ring = outline?.kind === 'path' ? outline.rings[0]! : [[0, 0]];
  const [x, y] = [Math.min(...ring.map((p) => p[0]!)), Math.min(...ring.map((p) => p[1]!))];
  return pageSvg(page).replace(
    /<svg [^>]*>/,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x} ${y} ${CARD.widthMm} ${CARD.heightMm}" role="img" aria-label="the faction card as it prints">`,
  );
}

/** Every placed part of one ship: the hull, its fittings and sail, the running gear, a cannon in each slot. */
function assembled(built: readonly GeneratedFile[], faction: Faction, settings: BuildSettings): Promise<Placement[]> {
  return withContext(built, { factions: [faction], settings }, (ctx) => {
    const hull = placedHull(ctx, faction);
    if (!hull) return [];
    const fittings = placedFittings(ctx, faction);
    const gear = placedRunningGear(ctx, faction);
    const cannons = slotSites(ctx, faction, hull, fittings).flatMap(
      (s) => placedCannon(ctx, s.host.solid, s.slot, `cannon in ${s.declared}`) ?? [],
    );
    return [hull, ...fittings, ...(gear ? [gear.carriage, gear.wheel] : []), ...cannons].map((p: Placed) => {
      const file = built.find((f) => f.path === p.file.path)!;
      return { name: p.name, path: file.path, matrix: [...p.transform], file };
    });
  });
}

/**
 * A placed part in its colour as the card says it now: the catalogue's colour for the faction as it is, not
 * the built file's (named from the card the parts were built with).
 */
function coloured({ file, ...placed }: Placement, faction: Faction): PlacedPart {
  const entry = CATALOG.find((e) => e.part === file.part);
  const name = entry ? entry.color(file.faction === null ? null : faction) : file.color;
  return { ...placed, colorHex: displayColor(name) };
}

/** One faction file's studio: `check` its text, then read the parts and the deck map it built. */
export class StudioSession {
  private revision = 0;
  private built: { key: string; files: GeneratedFile[] } | null = null;
  private map: { key: string; png: Uint8Array } | null = null;
  private layout: { key: string; problems: Problem[] } | null = null;
  private assembly: { key: string; placements: Placement[] } | null = null;
  private paper: { key: string; measures: PaperMeasures } | null = null;
  /** The hull probes of the latest build, kept for the card rules on a card-only edit. */
  private readonly hullProbes: HullProbeMemo = new WeakMap();
  /** The findings of the rules that did not read the card, for the build they were found on, and which rules did. */
  private meshFindings: { key: string; cardRules: ReadonlySet<string>; findings: Finding[] } | null = null;
  private lastGood: { build: string | null; hull: string | null; assembly: PlacedPart[]; files: GeneratedFile[] } = {
    build: null,
    hull: null,
    assembly: [],
    files: [],
  };

  constructor(readonly options: StudioOptions) {}

  /** A built file's bytes by its path (`corsairs/hull.stl`), from the latest build, or null. */
  part(path: string): Uint8Array | null {
    return this.lastGood.files.find((f) => f.path === path)?.bytes ?? null;
  }

  /** The deck map of the latest text that loaded, as PNG, or null. */
  deckMapPng(): Uint8Array | null {
    return this.map?.png ?? null;
  }

  /**
   * validate's findings for the built files. A rule that never read the card on these files gives the same
   * findings whatever the card says, so on a card-only edit only the rules that read it run again; which
   * rules those are is recorded as they run (the card is watched), not listed by hand.
   */
  private async findings(files: readonly GeneratedFile[], faction: Faction, buildKey: string): Promise<Finding[]> {
    const again = this.meshFindings?.key === buildKey ? this.meshFindings : null;
    const readCard = new Set<string>();
    let running = '';
    const card = new Proxy(faction.card, {
      get: (target, key, receiver) => {
        readCard.add(running);
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const rules = RULES.filter((r) => !again || again.cardRules.has(r.id)).map((r): Rule => ({
      ...r,
      check: (ctx, report, measure) => ((running = r.id), r.check(ctx, report, measure)),
    }));
    const found = await checkFiles(files, {
      factions: [{ ...faction, card }],
      settings: this.options.settings,
      rules,
      hullProbes: this.hullProbes,
    });
    if (again) return sortFindings([...again.findings, ...found]);
    this.meshFindings = { key: buildKey, cardRules: readCard, findings: found.filter((f) => !readCard.has(f.rule)) };
    return found;
  }

  /** Checks `text` as the faction file and says everything the page shows. */
  async check(text: string): Promise<StudioView> {
    const { file, settings } = this.options;
    const revision = ++this.revision;
    const timingsMs: Record<string, number> = {};
    const timed = async <T>(name: string, fn: () => Promise<T> | T): Promise<T> => {
      const t = performance.now();
      try {
        return await fn();
      } finally {
        timingsMs[name] = Math.round(performance.now() - t);
      }
    };
    const view = (parts: Partial<StudioView>): StudioView => ({
      revision,
      faction: null,
      problems: [],
      findings: [],
      build: this.lastGood.build,
      hull: this.lastGood.hull,
      assembly: this.lastGood.assembly,
      stale: true,
      cardSvg: null,
      deckMap: false,
      timingsMs,
      ...parts,
    });
    let faction: Faction;
    try {
      faction = await timed('load', () => parseFaction(text, file, { rulebook: 'defer' }));
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      return view({ problems: e.problems.map(editorProblem(text, 'loader')) });
    }
    const about = { id: faction.id, name: faction.name };
    const modelKey = canonicalJson({ id: faction.id, model: faction.model, clearanceMm: settings.clearanceMm });
    await initKernel();
    if (this.layout?.key !== modelKey)
      this.layout = {
        key: modelKey,
        problems: await timed('layout', () =>
          withArena(() => layoutProblems(planLayout(faction.model, settings.clearanceMm), file)),
        ),
      };
    const layout = this.layout.problems;
    if (this.map?.key !== modelKey)
      this.map = {
        key: modelKey,
        png: (await timed('deckMap', () => deckMapPng(faction, settings.clearanceMm, DECK_MAP_PANE))).bytes,
      };
    if (layout.length)
      return view({ faction: about, problems: layout.map(editorProblem(text, 'layout')), deckMap: true });

    const buildKey = canonicalJson({ modelKey, settings });
    try {
      if (this.built?.key !== buildKey) {
        const files = await timed('build', () =>
          generateParts({ factions: [faction], settings, cache: this.options.cache, jobs: this.options.jobs }),
        );
        this.built = { key: buildKey, files };
      }
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      return view({ faction: about, problems: e.problems.map(editorProblem(text, 'layout')), deckMap: true });
    }
    const files = this.built.files;
    const findings = await timed('validate', () => this.findings(files, faction, buildKey));
    // The placements depend on the parts alone, their colours on the card too.
    if (this.assembly?.key !== buildKey)
      this.assembly = { key: buildKey, placements: await timed('assemble', () => assembled(files, faction, settings)) };
    const assembly = this.assembly.placements.map((p) => coloured(p, faction));
    const hull = files.find((f) => f.part === 'hull' && f.faction === faction.id)?.path ?? null;
    const build = createHash('sha256').update(buildKey).digest('hex').slice(0, 16);
    this.lastGood = { build, hull, assembly, files };
    let cardSvg: string | null = null;
    const problems: EditorProblem[] = [];
    try {
      if (this.paper?.key !== buildKey)
        this.paper = {
          key: buildKey,
          measures: await timed('measure', () => measurePaper({ factions: [faction], files, settings })),
        };
      const measures = this.paper.measures;
      cardSvg = await timed('card', () => cardSvgOf(cardPages([cardInput(faction, measures)], PAPER.a4)[0]!));
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      problems.push(...e.problems.map(editorProblem(text, 'card')));
    }
    const placedFindings = findings.map((f) => {
      const field = findingField(f);
      return { ...f, ...(field ? placed(text, field) : { line: null, col: null }) };
    });
    return {
      revision,
      faction: about,
      problems,
      findings: placedFindings,
      build,
      hull,
      assembly,
      stale: false,
      cardSvg,
      deckMap: true,
      timingsMs,
    };
  }
}
