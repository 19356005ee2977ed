/** Worker thread: draws the assembly guides of the factions it is sent (src/cli/assembly.ts spreads them). */
import { answerTasks } from '../generate/answer.js';
import { drawnBuffers, drawnGuides } from './assembly-guide.js';

answerTasks(drawnGuides, drawnBuffers);
