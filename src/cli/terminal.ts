/** What a command is given and returns: the terminal's streams and the exit codes (src/cli/main.ts maps errors to them). */
import { createRequire } from 'node:module';
import type * as Commander from 'commander';
import { describeSystemError } from '../files/fs-errors.js';

/**
 * commander's classes, from its CommonJS package: its ESM wrapper costs each start ~1.5 ms more (one more
 * module, and Node's scan of the CommonJS source for the names it exports). The CLI takes them from here.
 */
export const { Command, CommanderError, InvalidArgumentError, Option } = createRequire(import.meta.url)(
  'commander',
) as typeof Commander;
export type Command = Commander.Command;
export type Option = Commander.Option;

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

/**
 * What to do when the stream a run prints to fails under it (bin/shipwright.js listens): a pipe closed by
 * its reader (`| head`) is the reader's choice, so the run ends quietly with the code it has; anything else
 * (a full disk, `> /dev/full`, a device's error) is where the user sent the output, so one line that names
 * the stream and the reason, for stderr when that is not the stream that failed, and exit 2, no stack trace.
 */
export function onOutputError(
  stream: 'standard output' | 'standard error',
  e: NodeJS.ErrnoException,
  exitCode: number | undefined,
): { line: string | null; code: number } {
  if (e.code === 'EPIPE') return { line: null, code: exitCode ?? EXIT.ok };
  const line = stream === 'standard error' ? null : `error: cannot write to ${stream}: ${describeSystemError(e)}\n`;
  return { line, code: EXIT.badInput };
}

/** Adds a command's arguments, options and action to `cmd` (already named and described by src/cli/commands/index.ts). */
export type Register = (cmd: Command, io: Io, setExit: (code: number) => void) => void;
