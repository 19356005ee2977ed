/**
 * The CLI is thin: it parses, calls the library, prints, and maps typed errors to exit codes here, in one
 * place. 0 success; 1 rule violations (validate only); 2 bad input or usage. A user error never prints a
 * stack trace; anything else is a bug and does.
 */
import { Command, CommanderError } from 'commander';
import { formatProblem, InfeasibleError, InputError } from '../errors.js';
import { packageVersion } from '../io/read.js';
import { COMMANDS } from './commands/index.js';

export const EXIT = { ok: 0, violations: 1, badInput: 2 } as const;

/** Where a command writes; tests swap these for buffers. */
export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Whether stderr is a terminal: progress bars only there, quiet lines otherwise. */
  isTty: boolean;
}

export const processIo: Io = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  isTty: Boolean(process.stderr.isTTY),
};

/** A command's action resolves to its exit code (0 unless it found rule violations). */
export type Action = (io: Io) => Promise<number>;

export function buildProgram(io: Io, setExit: (code: number) => void): Command {
  const program = new Command()
    .name('shipwright')
    .version(packageVersion(), '-V, --version', 'print the version and exit')
    .description('Print files, cannon tuning, rules checks and bills of materials for Cannons & Coastlines')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });
  for (const register of COMMANDS) register(program, io, setExit);
  return program;
}

/** Runs the CLI with `argv` (as process.argv) and resolves to the exit code. */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  let code: number = EXIT.ok;
  const program = buildProgram(io, (c) => (code = c));
  try {
    await program.parseAsync([...argv]);
    return code;
  } catch (e) {
    return reportError(e, io);
  }
}

function reportError(e: unknown, io: Io): number {
  if (e instanceof CommanderError) {
    // Help and version are "errors" to commander; commander has already printed the message.
    return e.exitCode === 0 ? EXIT.ok : EXIT.badInput;
  }
  if (e instanceof InputError) {
    io.err(`error: ${e.problems.length === 1 ? 'bad input' : `${e.problems.length} problems in the input`}\n`);
    for (const p of e.problems) io.err(`  ${formatProblem(p)}\n`);
    return EXIT.badInput;
  }
  if (e instanceof InfeasibleError) {
    io.err(`error: ${e.message}\n  binding constraint: ${e.binding}\n`);
    for (const f of e.fixes) io.err(`  fix: ${f}\n`);
    return EXIT.badInput;
  }
  throw e;
}
