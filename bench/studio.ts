/**
 * The studio's check of one edit, server-side (issue 29), as `shipwright studio` runs it: a faction file
 * made by new-faction from the Queen's Fleet, checked once (every part built, no part cache), then edits of
 * the card alone (fittings 3 → 4 → 3 …, a finding appearing and going) and of the model (the port slot
 * moved), each timed in this process. Target (README): a card-only edit well under 1 s.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_FACTIONS_DIR } from '../src/faction/loader.js';
import { newFactionText } from '../src/faction/new-faction.js';
import { defaultSettings } from '../src/generate/index.js';
import { StudioSession } from '../src/studio/session.js';

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchStudio(): Promise<Record<string, string | number>> {
  const source = await readFile(join(DEFAULT_FACTIONS_DIR, 'queens-fleet.yaml'), 'utf8');
  const { text } = newFactionText('Bench Fleet', source, 'faction.schema.json');
  const session = new StudioSession({ file: 'bench-fleet.yaml', settings: defaultSettings(), cache: null });
  const timed = async (t: string): Promise<number> => {
    const t0 = performance.now();
    const view = await session.check(t);
    if (view.problems.length || view.stale)
      throw new Error(`the bench's edit did not check: ${view.problems[0]?.message}`);
    return performance.now() - t0;
  };
  const first = await timed(text);
  const cards = [text.replace('fittings: 3', 'fittings: 4'), text];
  const card: number[] = [];
  for (let i = 0; i < 8; i++) card.push(await timed(cards[i % 2]!));
  const slots = [text.replace('facing: port, at: 6mm', 'facing: port, at: 0mm'), text];
  const model: number[] = [];
  for (let i = 0; i < 3; i++) model.push(await timed(slots[i % 2]!));
  return {
    'first check, every part built, no cache (ms)': first.toFixed(0),
    'card-only edit (ms, median of 8)': median(card).toFixed(0),
    'card-only edit (ms, slowest of 8)': Math.max(...card).toFixed(0),
    'slot moved, hull rebuilt, no cache (ms, median of 3)': median(model).toFixed(0),
  };
}
