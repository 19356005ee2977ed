/**
 * Every command, as a line of data: its name, what it does, examples and exit codes for its help, and
 * how to load it. src/cli/main.ts loads only the command being run (so `--help` and `factions` never load
 * the geometry kernel) and registers the rest by name and summary for the overview help.
 *
 * A command's file parses its options, calls the library and prints; it reports its exit code with
 * `setExit` (only `validate` ever sets 1) and throws typed errors for bad input, which main maps to 2.
 */
import type { Register } from '../terminal.js';

export interface CommandEntry {
  name: string;
  summary: string;
  /** Command lines shown under "Examples:" in the command's help; each is valid (test/cli/help.test.ts runs their parsing). */
  examples: readonly string[];
  /** Whether the command exits 1 for rule violations (only validate). */
  violations?: boolean;
  load: () => Promise<Register>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'factions',
    summary: 'list the factions and their card stats',
    examples: ['shipwright factions', 'shipwright factions --json'],
    load: async () => (await import('./factions.js')).registerFactions,
  },
  {
    name: 'games',
    summary:
      'list the game packs (Cannons & Coastlines, the default, and the other naval games) with their players and pieces',
    examples: ['shipwright games', 'shipwright games --json'],
    load: async () => (await import('./games.js')).registerGames,
  },
  {
    name: 'materials',
    summary: 'list the printing materials with their properties, sources and estimates',
    examples: ['shipwright materials', 'shipwright materials --json'],
    load: async () => (await import('./materials.js')).registerMaterials,
  },
  {
    name: 'generate',
    summary: 'write the STL files of every faction set, and out/manifest.json',
    examples: [
      'shipwright generate',
      'shipwright generate --faction corsairs --clearance 0.25 --out prints',
      'shipwright generate my-fleet.yaml --cannon-material petg --range 30in',
      'shipwright generate --game rigadoon',
    ],
    load: async () => (await import('./generate.js')).registerGenerate,
  },
  {
    name: 'tune',
    summary: "size the cannon's flex arm to shoot a distance in a material",
    examples: [
      'shipwright tune --material pla --range 24in',
      'shipwright tune --material petg --range 0.8m --elevation 20 --stl cannon.stl',
      'shipwright tune --material PETG --range "24 inches" --detail',
      'shipwright tune --profile shipwright-profile.json',
    ],
    load: async () => (await import('./tune.js')).registerTune,
  },
  {
    name: 'calibrate',
    summary: "fit this printer's correction from practice shots and store it in the printer profile",
    examples: ['shipwright calibrate --material pla --tuned-for 24in --measured 58cm,61cm,57cm --shots-fired 20'],
    load: async () => (await import('./calibrate.js')).registerCalibrate,
  },
  {
    name: 'calibrate-wheel',
    summary:
      "fit this table's wheel roll from a measured run of clicks, store it in the printer profile, and resize the wheel",
    examples: ['shipwright calibrate-wheel --measured "10 clicks = 18.5in"'],
    load: async () => (await import('./calibrate-wheel.js')).registerCalibrateWheel,
  },
  {
    name: 'bom',
    summary: 'bill of materials for a table of N players: parts, colours, grams, print time, spools, cost',
    examples: [
      'shipwright bom --players 4',
      'shipwright bom --game kingdom-fleets --players 2',
      'shipwright bom --armada armada.yaml --format csv',
      'shipwright bom my-fleet.yaml corsairs.yaml --players 2',
      'shipwright bom --players 6 --factions corsairs,corsairs,sun-fleet,queens-fleet,shadow-fleet,treasure-fleet --price-per-kg 20',
    ],
    load: async () => (await import('./bom.js')).registerBom,
  },
  {
    name: 'print',
    summary:
      "a table's whole print job (default 4 players): its STLs, the plates in printing order (fit coupon, a test ship, then by spool; one 3MF each, with every part's slicer settings) and print-plan.md",
    examples: [
      'shipwright print',
      'shipwright print --players 2 --factions corsairs,sun-fleet --printer prusa-mini --out table',
      'shipwright print --have black,white,teal',
      'shipwright print --armada armada.yaml --json',
      'shipwright print my-fleet.yaml --players 2',
    ],
    load: async () => (await import('./print.js')).registerPrint,
  },
  {
    name: 'cards',
    summary:
      'the paper half: faction cards, paper flags sized to the flag holder, the coin sheet and quick reference (PDF or SVG)',
    examples: [
      'shipwright cards',
      'shipwright cards --faction corsairs --paper letter --out paper',
      'shipwright cards --format svg --clearance 0.3',
    ],
    load: async () => (await import('./cards.js')).registerCards,
  },
  {
    name: 'studio',
    summary:
      'edit a faction file in a live page on 127.0.0.1: its problems in place, the ship in 3D, the deck map, the findings and the card; buttons write its STLs, plates and cards',
    examples: ['shipwright studio', 'shipwright studio my-fleet.yaml --clearance 0.25 --out prints'],
    load: async () => (await import('./studio.js')).registerStudio,
  },
  {
    name: 'new-faction',
    summary: 'write a new faction file, commented, made from a shipped faction, that validates clean',
    examples: [
      'shipwright new-faction "Iron Armada"',
      'shipwright new-faction "Coral Raiders" --from the-islanders --out my-factions',
    ],
    load: async () => (await import('./new-faction.js')).registerNewFaction,
  },
  {
    name: 'validate',
    summary: 'check every faction card against the printed geometry, the rulebook, fits and printability',
    examples: [
      'shipwright validate',
      'shipwright validate --game ships-of-the-line',
      'shipwright validate my-fleet.yaml --clearance 0.3',
      'shipwright validate --armada armada.yaml --json',
      'shipwright validate --list-rules',
    ],
    violations: true,
    load: async () => (await import('./validate.js')).registerValidate,
  },
];

/** The help's closing lines for a command: its examples and its exit codes. */
export function helpFooter(entry: CommandEntry): string {
  const exits = entry.violations
    ? '0 clean (warnings allowed), 1 rule violations found, 2 bad input'
    : '0 done, 2 bad input (a file or flag; the message says which and where)';
  return `\nExamples:\n${entry.examples.map((e) => `  $ ${e}\n`).join('')}\nExit codes: ${exits}\n`;
}
