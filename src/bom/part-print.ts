/**
 * The print settings a part needs besides the table's (`--layer-height`, `--infill`, PRINT_DEFAULTS), and
 * why: one table. The bill of materials weighs and times every part with them, the plates carry them as
 * each object's own slicer settings (./slicer-config.ts), and print-plan.md lists them as the exceptions.
 */
import { findMaterial } from '../materials.js';
import { PRINTABILITY } from '../standard.js';
import type { PrintSettings } from './estimate.js';
import { TPU_BALL_PRINT } from './quantities.js';

/** What the table looks at: the part, the material it is printed in, and whether the manifest gives it a brim. */
export interface PartFacts {
  part: string;
  material: string;
  /** The manifest's `brim` (the catalogue's, from print/first-layer). */
  brim: boolean;
}

export interface PartPrintRule {
  id: string;
  applies: (p: PartFacts) => boolean;
  settings: Partial<PrintSettings>;
  /** Why, for print-plan.md. */
  why: string;
}

/** Each rule's settings lie over the table's, in this order. */
export const PART_PRINT: readonly PartPrintRule[] = [
  {
    id: 'solid-cannon',
    applies: (p) => p.part === 'cannon',
    settings: { infillFraction: 1 },
    why: 'printed solid (100 % infill): the spring solver sizes the flex arm and the catch as solid plastic (src/physics/arm.ts); sparse infill makes a softer arm that falls short of its range',
  },
  {
    id: 'elastomer-ball',
    applies: (p) => p.part === 'cannonball' && findMaterial(p.material)?.elastomer === true,
    settings: TPU_BALL_PRINT,
    why: 'three walls and no infill: the rulebook\'s print list ("TPU with three walls and no infill bounces less"), and the solver weighs a TPU ball so',
  },
  {
    id: 'brim',
    applies: (p) => p.brim,
    settings: { brimWidthMm: PRINTABILITY.brimWidthMm },
    why: `a ${PRINTABILITY.brimWidthMm} mm brim: it stands on too little first layer for its height (print/first-layer; the manifest's brimReason), so without one it tips or lets go as the nozzle passes its top`,
  },
];

/** A part's settings: the table's with every rule that applies laid over them, and those rules. */
export function partPrint(base: PrintSettings, facts: PartFacts): { settings: PrintSettings; rules: PartPrintRule[] } {
  const rules = PART_PRINT.filter((r) => r.applies(facts));
  return { settings: Object.assign({ ...base }, ...rules.map((r) => r.settings)) as PrintSettings, rules };
}
