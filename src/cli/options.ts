/**
 * Options shared by several commands, parsed in one place: which factions, and the build settings
 * (clearance, printer, the cannon's material and range) that change the printed geometry.
 */
import { InvalidArgumentError, Option, type Command } from './terminal.js';
import { DEFAULT_GAME_ID, type Game } from '../games/types.js';
import { InputError } from '../errors.js';
import { DEFAULT_FACTIONS_DIR, loadFactionFiles, loadFactions, type LoadOptions } from '../faction/loader.js';
import type { Faction } from '../faction/types.js';
import { defaultSettings, type BuildSettings } from '../generate/index.js';
import { findMaterial, MATERIAL_IDS } from '../materials.js';
import type { OwnedSpool } from '../bom/print-plan.js';
import { parseAngleDeg, parseLengthMm } from '../units.js';
import { DEFAULT_TUNE, TAPER_CHOICES, type TaperChoice, type TuneRequest } from '../physics/solver.js';
import type { CannonDesign } from '../generate/types.js';
import {
  calibrationKey,
  checkFamily,
  findCalibration,
  HAVE_LIMITS,
  readProfile,
  type OwnedFilament,
} from '../io/profile.js';
import {
  CANNON,
  CANNON_LIMITS,
  CLEARANCE_RANGE_MM,
  DEFAULT_BAND,
  DEFAULT_CLEARANCE_MM,
  DEFAULT_PRINTER_ID,
  INTERFACES,
  PRINTERS,
} from '../standard.js';

export interface FactionFlags {
  factionsDir?: string;
  faction?: string[];
}

export interface BuildFlags extends ArmDesignFlags {
  profile?: string;
  clearance?: string;
  printer?: string;
  cannonMaterial?: string;
  range?: string;
}

const collect = (v: string, prev: string[] | undefined): string[] => [...(prev ?? []), v];

export function addFactionOptions(cmd: Command): Command {
  return cmd
    .option('--factions-dir <dir>', 'folder of faction YAML files (default: the shipped factions)')
    .option('--faction <id>', 'only this faction (repeatable)', collect);
}

export function addBuildOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option(
        '--clearance <mm>',
        `clearance per sliding surface in mm (${CLEARANCE_RANGE_MM.min}–${CLEARANCE_RANGE_MM.max}; default ${DEFAULT_CLEARANCE_MM}); print the fit-test coupon to find yours`,
      ),
    )
    .addOption(
      anyCase(
        new Option('--printer <id>', `printer bed profile (default ${DEFAULT_PRINTER_ID})`),
        PRINTERS.map((p) => p.id),
      ),
    )
    .option(
      '--profile <file>',
      `printer profile: the band the wheels wear and their measured roll (shipwright calibrate-wheel; default the ${DEFAULT_BAND.name} O-ring, uncorrected) and the cannon's calibration factor (shipwright calibrate)`,
    );
}

/** The cannon the spring solver tunes for the build (generate, validate): everything `shipwright tune` takes. */
export function addCannonOptions(cmd: Command): Command {
  return addArmDesignOptions(cmd)
    .addOption(
      anyCase(
        new Option(
          '--cannon-material <id>',
          `material the cannon is printed in; its arm is tuned for it (default ${DEFAULT_TUNE.materialId})`,
        ),
        MATERIAL_IDS,
      ),
    )
    .option(
      '--range <dist>',
      `carry the cannon is tuned for, with its unit: 24in, 0.6m, 60cm (default ${DEFAULT_TUNE.rangeM} m)`,
    );
}

/** Ranges a player may ask for: a few centimetres of table up to well past any feasible shot. */
const RANGE_LIMITS_MM = { min: 50, max: 3000 } as const;

/** A distance flag (`24in`, `0.6m`, `60cm`) in metres, within RANGE_LIMITS_MM. */
export function parseRangeFlag(flag: string, text: string): number {
  const p = parseLengthMm(text);
  if (!p.ok) throw InputError.single(flag, '', p.message);
  const { min, max } = RANGE_LIMITS_MM;
  if (p.value < min || p.value > max)
    throw InputError.single(
      flag,
      '',
      `"${text}" is ${+(p.value / 1000).toPrecision(3)} m: expected a distance from ${min / 1000} m to ${max / 1000} m, e.g. 24in or 0.6m`,
    );
  // To the micrometre: 24in is 0.6096 m, not 0.6095999999999999.
  return Math.round(p.value * 1000) / 1e6;
}

/**
 * A plain number in [min, max] from a flag whose unit is in its name or help (`--infill <pct>`): the unit
 * may be written after it (`suffix`, e.g. `mm`), never another. The message gives an example inside the range.
 */
export function parseNumberFlag(
  flag: string,
  text: string,
  min: number,
  max: number,
  unit: string,
  suffix?: string,
): number {
  const m = /^\s*([0-9]*\.?[0-9]+)\s*([a-z%]*)\s*$/i.exec(text);
  const v = m && (m[2] === '' || m[2]!.toLowerCase() === suffix) ? Number(m[1]) : NaN;
  if (!Number.isFinite(v) || v < min || v > max)
    throw InputError.single(
      flag,
      '',
      `"${text}" is not valid: expected ${unit} from ${min} to ${max}, e.g. ${flag} ${exampleIn(min, max)}`,
    );
  return v;
}

/** A number in millimetres from a flag named in mm: `0.25` or `0.25mm`. */
export function parseMmFlag(flag: string, text: string, min: number, max: number): number {
  return parseNumberFlag(flag, text, min, max, 'millimetres', 'mm');
}

/** A round number inside [min, max] to show as an example: the middle, to as few digits as stay inside. */
export function exampleIn(min: number, max: number): number {
  const mid = (min + max) / 2;
  return [1, 2, 3].map((digits) => +mid.toPrecision(digits)).find((v) => v >= min && v <= max) ?? mid;
}

/** A whole number in [min, max]. */
export function parseIntFlag(flag: string, text: string, min: number, max: number): number {
  const v = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(v) || v < min || v > max)
    throw InputError.single(
      flag,
      '',
      `"${text}" is not valid: expected a whole number from ${min} to ${max}, e.g. ${flag} ${Math.round(exampleIn(min, max))}`,
    );
  return v;
}

/** The build settings: defaults with the flags applied; from --profile, the band, the wheel's roll and the cannon's calibration factor. */
export async function buildSettingsFrom(flags: BuildFlags): Promise<BuildSettings> {
  const s = defaultSettings();
  const profile = flags.profile === undefined ? null : await readProfile(flags.profile, false);
  if (profile?.band) s.band = profile.band;
  if (profile?.wheel) s.wheelRollFactor = profile.wheel.rollFactor;
  // The profile's cannon (calibrate records it) where the flags say nothing: one design, remembered.
  if (profile?.cannon) [s.cannonMaterialId, s.cannonRangeM] = [profile.cannon.materialId, profile.cannon.rangeM];
  if (flags.clearance !== undefined)
    s.clearanceMm = parseMmFlag('--clearance', flags.clearance, CLEARANCE_RANGE_MM.min, CLEARANCE_RANGE_MM.max);
  if (flags.printer !== undefined) s.printer = PRINTERS.find((p) => p.id === flags.printer)!;
  if (flags.cannonMaterial !== undefined) s.cannonMaterialId = flags.cannonMaterial;
  if (flags.range !== undefined) s.cannonRangeM = parseRangeFlag('--range', flags.range);
  checkFamily(flags.family);
  const family = flags.family ?? profile?.cannon?.family;
  s.cannonDesign = { ...profile?.cannon?.design, ...designFrom(flags) };
  // A profile without a calibration for this material (one written by calibrate-wheel) leaves the cannon uncalibrated.
  const calibration = await calibrationFrom(flags.profile, s.cannonMaterialId, family);
  if (!calibration.warning && flags.profile !== undefined) s.cannonDesign.calibrationFactor = calibration.factor;
  return s;
}

/** The faction files named as arguments, or else the factions folder's (selectFactions); not both ways at once. */
export async function factionsFrom(
  files: readonly string[],
  flags: FactionFlags,
  opts?: LoadOptions,
): Promise<Faction[]> {
  if (files.length === 0) return selectFactions(flags, opts);
  if (flags.faction?.length) throw InputError.single('--faction', '', 'name faction files or --faction ids, not both');
  return loadFactionFiles(files, opts);
}

/**
 * Every faction the shared parts of a run serve (GenerateRequest.setFactions): the faction files named, or
 * the whole factions folder, though `--faction` builds only some of it.
 */
export async function allFactionsFrom(
  files: readonly string[],
  flags: FactionFlags,
  opts?: LoadOptions,
): Promise<Faction[]> {
  return files.length > 0
    ? loadFactionFiles(files, opts)
    : loadFactions(flags.factionsDir ?? DEFAULT_FACTIONS_DIR, opts);
}

/** Loads the factions folder and keeps the ones asked for (all when none are named). */
export async function selectFactions(flags: FactionFlags, opts?: LoadOptions): Promise<Faction[]> {
  const all = await loadFactions(flags.factionsDir ?? DEFAULT_FACTIONS_DIR, opts);
  if (!flags.faction?.length) return all;
  const ids = all.map((f) => f.id);
  const asked = flags.faction.map((id) => id.trim().toLowerCase());
  const unknown = asked.filter((id) => !ids.includes(id));
  if (unknown.length)
    throw InputError.single(
      '--faction',
      '',
      `unknown faction ${unknown.map((u) => `"${u}"`).join(', ')}: expected one of ${ids.join(', ')}`,
    );
  return all.filter((f) => asked.includes(f.id));
}

/**
 * `option` takes one of `choices` in any case (`--material PETG` is petg: ids are lower-case, people type
 * them as they read them); its help lists the choices as commander's `.choices` does.
 */
export function anyCase(option: Option, choices: readonly string[]): Option {
  option.argChoices = [...choices];
  return option.argParser((v: string) => {
    const id = v.trim().toLowerCase();
    if (!choices.includes(id)) throw new InvalidArgumentError(`Allowed choices are ${choices.join(', ')}.`);
    return id;
  });
}

const ELEVATION_LIMITS_DEG = { min: 0, max: CANNON_LIMITS.elevationMaxDeg } as const;
/** --ball-diameter's range: from the game's 8 mm (a smaller ball drops into the pusher slot) up to the largest the cannon is built for. */
export const BALL_DIAMETER_LIMITS_MM = {
  min: INTERFACES.cannonball.diameterMm,
  max: CANNON_LIMITS.ballDiameterMaxMm,
} as const;

/** The flags that shape a cannon besides its material and range (tune, calibrate, generate, validate). */
export interface ArmDesignFlags {
  elevation?: string;
  ballDiameter?: string;
  ballMaterial?: string;
  armLength?: string;
  taper?: TaperChoice;
  profile?: string;
  family?: string;
}

export interface DesignFlags extends ArmDesignFlags {
  material: string;
}

/** The design flags every cannon-making command shares (generate and validate take --profile with their build options). */
export function addArmDesignOptions(cmd: Command): Command {
  cmd
    .option(
      '--elevation <deg>',
      `bore elevation, ${ELEVATION_LIMITS_DEG.min}–${ELEVATION_LIMITS_DEG.max}° (default ${CANNON.elevationDeg})`,
    )
    .option(
      '--ball-diameter <mm>',
      `ball diameter, ${BALL_DIAMETER_LIMITS_MM.min}–${BALL_DIAMETER_LIMITS_MM.max} mm (default ${INTERFACES.cannonball.diameterMm})`,
    );
  // A table's --ball-material (the balls it prints: print, bom) is the ball the cannon is tuned for: one flag.
  if (!cmd.options.some((o) => o.long === '--ball-material'))
    cmd.addOption(
      anyCase(new Option('--ball-material <id>', 'ball material (default: the arm material)'), MATERIAL_IDS),
    );
  return cmd
    .option(
      '--arm-length <mm>',
      `fix the arm's free length, ${CANNON.armLengthRangeMm.min}–${CANNON.armLengthRangeMm.max} mm (default: ${CANNON.armLengthMm} mm, or the nearest length that reaches)`,
    )
    .addOption(
      new Option(
        '--taper <how>',
        "the arm's width along its length: tapered (even strain), uniform, or auto (the better of the two; default)",
      ).choices([...TAPER_CHOICES]),
    )
    .option(
      '--family <name>',
      "calibration family within the material (e.g. one per cannon design you print); default: the material's own factor",
    );
}

/** The options that fix a design: material, elevation, ball, arm length, taper, and the profile with its calibration. */
export function addDesignOptions(
  cmd: Command,
  profileHelp = 'printer profile with calibration factors (written by shipwright calibrate)',
  materialRequired = true,
): Command {
  const material = anyCase(
    new Option(
      '--material <id>',
      `arm material (see shipwright materials)${materialRequired ? '' : "; default: the --profile's cannon"}`,
    ),
    MATERIAL_IDS,
  );
  return addArmDesignOptions(cmd.addOption(material.makeOptionMandatory(materialRequired))).option(
    '--profile <file>',
    profileHelp,
  );
}

/** `--elevation 15`, `15deg` or `15°`. */
function parseElevation(text: string): number {
  const p = /^\s*[0-9.]+\s*$/.test(text) ? { ok: true as const, value: Number(text) } : parseAngleDeg(text);
  const { min, max } = ELEVATION_LIMITS_DEG;
  if (!p.ok || !Number.isFinite(p.value) || p.value < min || p.value > max)
    throw InputError.single(
      '--elevation',
      '',
      `"${text}" is not valid: expected degrees from ${min} to ${max}, e.g. --elevation 15`,
    );
  return p.value;
}

/** The design the flags describe, without its material, range or calibration factor. */
export function designFrom(flags: ArmDesignFlags): CannonDesign {
  const d: CannonDesign = {};
  if (flags.elevation !== undefined) d.elevationDeg = parseElevation(flags.elevation);
  if (flags.ballDiameter !== undefined)
    d.ballDiameterMm = parseMmFlag(
      '--ball-diameter',
      flags.ballDiameter,
      BALL_DIAMETER_LIMITS_MM.min,
      BALL_DIAMETER_LIMITS_MM.max,
    );
  if (flags.ballMaterial !== undefined) d.ballMaterialId = flags.ballMaterial;
  if (flags.armLength !== undefined)
    d.armLengthMm = parseMmFlag(
      '--arm-length',
      flags.armLength,
      CANNON.armLengthRangeMm.min,
      CANNON.armLengthRangeMm.max,
    );
  if (flags.taper !== undefined) d.taper = flags.taper;
  return d;
}

/** The request the design flags describe (without the calibration factor). */
export function requestFrom(flags: DesignFlags, targetRangeM: number): TuneRequest {
  return { ...designFrom(flags), materialId: flags.material, targetRangeM };
}

/** The calibration factor for this material (and family) from a profile file, or 1 with a warning when it has none. */
export async function calibrationFrom(
  profilePath: string | undefined,
  materialId: string,
  family?: string,
): Promise<{ factor: number; warning?: string }> {
  if (profilePath === undefined) return { factor: 1 };
  const key = calibrationKey(materialId, family);
  const entry = findCalibration(await readProfile(profilePath, false), materialId, family);
  if (!entry)
    return {
      factor: 1,
      warning: `${profilePath} has no calibration for ${key}: run shipwright calibrate --material ${materialId}${family ? ` --family ${family}` : ''} --profile ${profilePath}`,
    };
  return { factor: entry.energyFactor };
}

export interface GameFlags {
  game?: string;
}

/** `--game`: which pack the command works on. */
export function addGameOption(cmd: Command): Command {
  return cmd.option(
    '--game <id>',
    `the game pack (shipwright games; default ${DEFAULT_GAME_ID}), or a folder holding a game.yaml`,
  );
}

/**
 * The pack `--game` names, or null for a pack of factions: Cannons & Coastlines, the default, or a copy of
 * it with a faction folder of its own, whose folder then becomes the command's factions folder (as
 * `--factions-dir`, which still wins when given). A pack of pieces takes no faction flags: they are
 * refused, naming the flag.
 */
export async function packFrom(
  flags: GameFlags & { faction?: string[]; factionsDir?: string; factions?: string; armada?: string },
  files: readonly string[] = [],
): Promise<Game | null> {
  if (flags.game === undefined) return null;
  // Loaded here: a run without --game never loads the pack loader and its pieces.
  const { loadGame } = await import('../games/loader.js');
  const game = await loadGame(flags.game);
  if (game.factionsDir) {
    flags.factionsDir ??= game.factionsDir;
    return null;
  }
  const factionFlag =
    files.length > 0
      ? 'faction files'
      : flags.faction?.length
        ? '--faction'
        : flags.factionsDir
          ? '--factions-dir'
          : flags.factions
            ? '--factions'
            : flags.armada
              ? '--armada'
              : null;
  if (factionFlag)
    throw InputError.single(
      '--game',
      '',
      `${game.name} has no factions; leave out ${factionFlag} (they choose Cannons & Coastlines faction sets)`,
    );
  return game;
}

/**
 * `--have black,white:2,black/petg:650g`: per entry a colour, of the table's material unless `/material`
 * says, and how much after a colon: full 1 kg spools (`:2`), or the grams left on one (`:650g`); a full
 * spool when left out.
 */
export function parseHave(text: string, materialId: string): OwnedSpool[] {
  return text.split(',').flatMap((entry) => {
    const [spec, amount, ...extra] = entry.split(':').map((x) => x.trim());
    const [color, material, ...rest] = spec!.split('/').map((x) => x.trim());
    if (!color || rest.length || extra.length)
      throw InputError.single(
        '--have',
        '',
        `"${entry}" is not a spool: expected a colour, or a colour and a material, and optionally how much, e.g. --have black,white:2,black/petg:650g`,
      );
    const m = material === undefined ? materialId : findMaterial(material)?.id;
    if (!m)
      throw InputError.single(
        '--have',
        '',
        `"${entry}": unknown material "${material}": expected one of ${MATERIAL_IDS.join(', ')}`,
      );
    if (amount === undefined) return [{ color, material: m }];
    const grams = /^(\d+(?:\.\d+)?)\s*g$/.exec(amount),
      spools = /^\d+$/.exec(amount);
    if (grams && Number(grams[1]) > 0 && Number(grams[1]) <= HAVE_LIMITS.grams)
      return [{ color, material: m, grams: Number(grams[1]) }];
    if (spools && Number(amount) >= 1 && Number(amount) <= HAVE_LIMITS.spools)
      return Array.from({ length: Number(amount) }, () => ({ color, material: m }));
    throw InputError.single(
      '--have',
      '',
      `"${entry}": "${amount}" is not an amount: expected full spools (1 to ${HAVE_LIMITS.spools}, e.g. ${color}:2) or the grams left on one (above 0, at most ${HAVE_LIMITS.grams}, e.g. ${color}:650g)`,
    );
  });
}

/** The filament a profile says the user owns, as the plan counts it: each entry's material defaults to the table's. */
export function haveFromProfile(have: readonly OwnedFilament[], materialId: string): OwnedSpool[] {
  return have.flatMap((h) => {
    const material = h.material ?? materialId;
    return h.grams !== undefined
      ? [{ color: h.colour, material, grams: h.grams }]
      : Array.from({ length: h.spools ?? 1 }, () => ({ color: h.colour, material }));
  });
}
