/** The assembly guides of the factions it is sent, on a pool's thread (src/cli/assembly.ts spreads them). */
import type { TaskHandler } from '../generate/pool.js';
import { drawnBuffers, drawnGuides, type DrawnGuide, type GuideTask } from './assembly-guide.js';

export const handler: TaskHandler<GuideTask, DrawnGuide[]> = { handle: drawnGuides, transfer: drawnBuffers };
