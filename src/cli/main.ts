/**
 * The CLI is thin: it parses, calls the library, prints, and maps typed errors to exit codes here, in one
 * place. 0 success; 1 rule violations (validate only); 2 bad input or usage. A user error never prints a
 * stack trace; anything else is a bug and does.
 *
 * It starts fast: only the command being run is loaded (src/cli/commands/index.ts); the others are
 * registered by name and summary, which is all the overview help needs.
 */
import { formatProblem, InfeasibleError, InputError } from '../errors.js';
import { describeSystemError, isSystemError } from '../files/fs-errors.js';
import { packageVersion } from '../files/read.js';
import { printable } from '../text.js';
import { COMMANDS, helpFooter } from './commands/index.js';
import { Command, CommanderError, EXIT, processIo, type Io } from './terminal.js';

/** The command a command line runs (`shipwright help generate` runs generate's help), or undefined. */
function commandNamed(args: readonly string[]): string | undefined {
  const words = args.filter((a) => !a.startsWith('-'));
  const name = words[0] === 'help' ? words[1] : words[0];
  return COMMANDS.some((c) => c.name === name) ? name : undefined;
}

/**
 * The program with its commands registered: the one `argv` runs, fully (its options and action), and no
 * other, as neither its run nor its help shows them; when `argv` names none (the overview help, a mistyped
 * name), every command by name and summary; when `argv` is omitted, every command fully.
 */
export async function buildProgram(
  io: Io,
  setExit: (code: number) => void,
  argv?: readonly string[],
): Promise<Command> {
  const program = new Command()
    .name('shipwright')
    .version(packageVersion(), '-V, --version', 'print the version and exit')
    .description('Print files, cannon tuning, rules checks and bills of materials for Cannons & Coastlines')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });
  const running = argv && commandNamed(argv.slice(2));
  for (const entry of running ? COMMANDS.filter((c) => c.name === running) : COMMANDS) {
    const cmd = program.command(entry.name).description(entry.summary).addHelpText('after', helpFooter(entry));
    if (!argv || running) (await entry.load())(cmd, io, setExit);
  }
  return program;
}

/** Runs the CLI with `argv` (as process.argv) and resolves to the exit code. */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  let code: number = EXIT.ok;
  try {
    const program = await buildProgram(io, (c) => (code = c), argv);
    await program.parseAsync([...argv]);
    return code;
  } catch (e) {
    return reportError(e, io);
  }
}

/**
 * Whether the working folder was deleted (or moved) from under the shell: then no relative path resolves,
 * and whatever failed, the message must say so rather than blame a path the user gave that is fine.
 */
function workingFolderGone(): boolean {
  try {
    process.cwd();
    return false;
  } catch (e) {
    return isSystemError(e) && e.code === 'ENOENT';
  }
}

function reportError(e: unknown, io: Io): number {
  if (e instanceof CommanderError) {
    // Help and version are "errors" to commander; commander has already printed the message.
    return e.exitCode === 0 ? EXIT.ok : EXIT.badInput;
  }
  if (workingFolderGone()) {
    const pwd = process.env.PWD ? ` (${printable(process.env.PWD)})` : '';
    io.err(
      `error: the working folder${pwd} no longer exists: it was deleted or moved; cd to a folder that exists and run again\n`,
    );
    return EXIT.badInput;
  }
  if (e instanceof InputError) {
    io.err(`error: ${e.problems.length === 1 ? 'bad input' : `${e.problems.length} problems in the input`}\n`);
    for (const p of e.problems) io.err(`  ${formatProblem(p)}\n`);
    return EXIT.badInput;
  }
  if (isSystemError(e)) {
    // An errno the io layer did not put into words (it names the path it can): still the disk's answer, not a bug.
    io.err(`error: ${e.path ? `${printable(e.path)}: ` : ''}${describeSystemError(e)}\n`);
    return EXIT.badInput;
  }
  if (e instanceof InfeasibleError) {
    io.err(`error: ${e.message}\n  binding constraint: ${e.binding}\n`);
    for (const f of e.fixes) io.err(`  fix: ${f}\n`);
    return EXIT.badInput;
  }
  throw e;
}
