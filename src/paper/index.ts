/**
 * The paper half of the game from the generated parts: a faction card per faction (the hull sliced from
 * its mesh, the click measured on the wheel's), a page of paper flags sized from the flag holder's slot
 * measured on its mesh, and the coin sheet and quick reference.
 */
import type { Faction } from '../faction/types.js';
import type { BuildSettings, GeneratedFile } from '../generate/types.js';
import { fromMesh, initKernel, withArena } from '../geometry/kernel.js';
import { measureFeature } from '../mesh/probe.js';
import { parseStl } from '../mesh/stl.js';
import { rollingPerimeterMm } from '../validate/measure.js';
import { cardPages, type CardInput } from './cards.js';
import { flagPages, flagSize, type FlagSize, type MeasuredSlot } from './flags.js';
import { PAPER, type Page, type PaperId } from './page.js';
import { referencePage } from './reference.js';

/** Just under the deck, so the slice is the deck's outline with its sockets open. */
const DECK_SLICE_BELOW_MM = 0.2;

export interface PaperInput {
  factions: readonly Faction[];
  /** The generated files: each faction's hull, the shared wheel and flag holder. */
  files: readonly GeneratedFile[];
  settings: BuildSettings;
  paper: PaperId;
  /** Hulls made in another CAD tool (the faction's `model.externalHull`), by faction id: drawn from these bytes. */
  externalHulls?: ReadonlyMap<string, Uint8Array>;
}

/** The parts the paper is drawn from: hulls (cards), the wheel (the click), the flag holder (flags). */
export const PAPER_PARTS = ['hull', 'wheel', 'flag-holder'] as const;

export interface PaperSet {
  pages: Page[];
  /** The flag and the slot it was sized from, for the report and the tests. */
  flag: FlagSize;
  slot: MeasuredSlot;
}

function file(files: readonly GeneratedFile[], part: string, faction: string | null = null): GeneratedFile {
  const f = files.find((x) => x.part === part && x.faction === faction);
  if (!f) throw new Error(`no ${faction ?? 'shared'} ${part} among the generated files`);
  return f;
}

/**
 * What the paper is measured from on the meshes (the kernel's share of the work): one click as the printed
 * wheel rolls it, each faction's deck sliced from its hull, the flag holder's slot. It reads the files and
 * each faction's model (the deck's height), never a card: a card-only edit can draw from the same measures.
 */
export interface PaperMeasures {
  clickMm: number;
  /** Each faction's deck, by faction id. */
  decks: ReadonlyMap<string, Pick<CardInput, 'deckRings' | 'features'>>;
  slot: MeasuredSlot;
}

/** Measures the paper on the meshes (see PaperMeasures). */
export async function measurePaper(input: Omit<PaperInput, 'paper'>): Promise<PaperMeasures> {
  await initKernel();
  return withArena(() => {
    const wheel = file(input.files, 'wheel');
    const rim = wheel.features.find((f) => f.kind === 'wheel-rim');
    if (!rim) throw new Error('the wheel has no wheel-rim feature');
    const clickMm =
      rollingPerimeterMm(fromMesh(parseStl(wheel.bytes)), rim, input.settings.band).perimeterMm *
      input.settings.wheelRollFactor;
    const decks = new Map(
      input.factions.map((faction) => {
        // An external hull is drawn from its own mesh; its features are found by validate, not declared here.
        const external = input.externalHulls?.get(faction.id);
        const hull = external ? { bytes: external, features: [] } : file(input.files, 'hull', faction.id);
        const deck = fromMesh(parseStl(hull.bytes)).sliceAt(faction.model.hull.heightMm - DECK_SLICE_BELOW_MM);
        return [faction.id, { deckRings: deck.rings(), features: hull.features }] as const;
      }),
    );
    const holder = file(input.files, 'flag-holder');
    const feature = holder.features.find((f) => f.kind === 'paper-slot');
    if (!feature) throw new Error('the flag holder has no paper-slot feature');
    const m = measureFeature(fromMesh(parseStl(holder.bytes)), feature);
    return { clickMm, decks, slot: { widthMm: m.widthMm, thicknessMm: m.heightMm, depthMm: feature.depthMm } };
  });
}

/** A faction's card as drawn from the measures. */
export function cardInput(faction: Faction, measures: PaperMeasures): CardInput {
  const deck = measures.decks.get(faction.id);
  if (!deck) throw new Error(`the paper was not measured for ${faction.id}`);
  return { faction, ...deck, clickMm: measures.clickMm };
}

/** Cards, flags and the reference sheet, in that order. */
export async function paperPages(input: PaperInput): Promise<PaperSet> {
  const measures = await measurePaper(input);
  const holder = file(input.files, 'flag-holder');
  // One flag per flag holder each faction's set prints.
  const flags = input.factions.map((f) => {
    const count = holder.quantity.perSet[f.id];
    if (count === undefined) throw new Error(`the flag holder's quantity has no count for ${f.id}`);
    return { name: f.name, color: f.card.color, count };
  });
  const paper = PAPER[input.paper];
  const flag = flagSize(measures.slot, input.settings.clearanceMm);
  return {
    pages: [
      ...cardPages(
        input.factions.map((f) => cardInput(f, measures)),
        paper,
      ),
      ...flagPages(flags, flag, paper, holder.quantity.rule),
      referencePage(paper),
    ],
    flag,
    slot: measures.slot,
  };
}
