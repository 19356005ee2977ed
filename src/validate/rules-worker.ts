/** The rules over one group of factions on a pool's thread (validate.ts spreads the groups). */
import type { TaskHandler } from '../generate/pool.js';
import { checkGroup } from './context.js';
import type { GroupResult, GroupTask } from './input.js';

export const handler: TaskHandler<GroupTask, GroupResult> = {
  handle: (t) => checkGroup(t),
  transfer: () => [],
};
