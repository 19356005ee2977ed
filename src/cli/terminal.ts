/** What a command is given and returns: the terminal's streams and the exit codes (src/cli/main.ts maps errors to them). */
import type { Command } from 'commander';

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

/** Adds a command's arguments, options and action to `cmd` (already named and described by src/cli/commands/index.ts). */
export type Register = (cmd: Command, io: Io, setExit: (code: number) => void) => void;
