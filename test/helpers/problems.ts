/** What a user reads when an input is refused: the problems of its InputError, one `file:line:col: message` line each. */
import { InputError } from '../../src/errors.js';

/** The problems `load` is refused with, or [] when it loads; any other error is thrown on. */
export async function problemsOf(load: () => unknown): Promise<string[]> {
  try {
    await load();
  } catch (e) {
    if (e instanceof InputError) return e.message.split('\n');
    throw e;
  }
  return [];
}
