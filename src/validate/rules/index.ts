/** Every rule, in the order they run and report: card, rulebook, movement, fit, print, printability, assembly, physics, armada. */
import type { Rule } from '../types.js';
import { ARMADA_RULES } from './armada.js';
import { ASSEMBLY_RULES } from './assembly.js';
import { ASSEMBLY_WHEEL_RULES } from './assembly-wheel.js';
import { CARD_RULES } from './card.js';
import { FIT_RULES } from './fit.js';
import { MOVEMENT_RULES } from './movement.js';
import { PHYSICS_RULES } from './physics.js';
import { PRINT_RULES } from './print.js';
import { PRINTABILITY_RULES } from './printability.js';
import { RULEBOOK_RULES } from './rulebook.js';

export const RULES: readonly Rule[] = [
  ...CARD_RULES,
  ...RULEBOOK_RULES,
  ...MOVEMENT_RULES,
  ...FIT_RULES,
  ...PRINT_RULES,
  ...PRINTABILITY_RULES,
  ...ASSEMBLY_WHEEL_RULES,
  ...ASSEMBLY_RULES,
  ...PHYSICS_RULES,
  ...ARMADA_RULES,
];
