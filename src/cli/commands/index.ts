/**
 * Every command registers itself on the program. A command's file parses its options, calls the library
 * and prints; it reports its exit code with `setExit` (only `validate` ever sets 1) and throws typed
 * errors for bad input, which src/cli/main.ts maps to exit 2.
 */
import type { Command } from 'commander';
import type { Io } from '../main.js';
import { registerBom } from './bom.js';
import { registerCalibrate } from './calibrate.js';
import { registerCalibrateWheel } from './calibrate-wheel.js';
import { registerFactions } from './factions.js';
import { registerGenerate } from './generate.js';
import { registerMaterials } from './materials.js';
import { registerTune } from './tune.js';
import { registerValidate } from './validate.js';

export type Register = (program: Command, io: Io, setExit: (code: number) => void) => void;

export const COMMANDS: readonly Register[] = [registerFactions, registerMaterials, registerGenerate, registerTune, registerCalibrate, registerCalibrateWheel, registerBom, registerValidate];
