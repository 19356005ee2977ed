/** Worker thread: draws the assembly guides of the factions it is sent (src/cli/assembly.ts spreads them). */
import { answerTasks } from '../generate/answer.js';
import { assemblyGuides, guideBuffers, type GuideTask } from './assembly-guide.js';

answerTasks((t: GuideTask) => assemblyGuides(t.files, t.factions, t.settings), guideBuffers);
