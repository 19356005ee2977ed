/** Worker thread: runs every rule over the group of factions it is sent (validate.ts spreads them). */
import { answerTasks } from '../generate/answer.js';
import { checkGroup, type GroupTask } from './validate.js';

answerTasks(
  (t: GroupTask) => Promise.resolve(checkGroup(t)),
  () => [],
);
