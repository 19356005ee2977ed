/**
 * Typed errors a user can cause. The CLI maps them to exit codes in one place (src/cli/main.ts);
 * anything else that is thrown is a programmer error and may carry a stack trace.
 */
import { printable } from './text.js';

/** One thing wrong with an input: where it is and what would be valid. */
export interface Problem {
  /** The file (as the user named it) or the command-line option, e.g. `factions/corsairs.yaml`, `--range`. */
  source: string;
  /** `line:column` in the file, or the field path (`card.ships`), or '' when the whole input is at fault. */
  place: string;
  /** What is wrong and what would be valid. */
  message: string;
}

/** Formats a problem as `file:line:col: message` or `file (card.ships): message`. */
export function formatProblem(p: Problem): string {
  // Problems quote what the user wrote (a flag's value, a file's key): printed as text.
  const [source, place, message] = [p.source, p.place, p.message].map(printable) as [string, string, string];
  if (place === '') return `${source}: ${message}`;
  if (/^\d+:\d+$/.test(place)) return `${source}:${place}: ${message}`;
  return `${source} (${place}): ${message}`;
}

/** Bad input: a file, a flag or a combination of them. Exit code 2. */
export class InputError extends Error {
  readonly problems: readonly Problem[];
  constructor(problems: readonly Problem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'InputError';
    this.problems = problems;
  }
  static single(source: string, place: string, message: string): InputError {
    return new InputError([{ source, place, message }]);
  }
}

/** A request no design can satisfy (e.g. the cannon solver): says what binds and what would fix it. Exit 2. */
export class InfeasibleError extends Error {
  readonly binding: string;
  readonly fixes: readonly string[];
  constructor(message: string, binding: string, fixes: readonly string[]) {
    super(message);
    this.name = 'InfeasibleError';
    this.binding = binding;
    this.fixes = fixes;
  }
}
