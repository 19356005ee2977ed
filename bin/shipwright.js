#!/usr/bin/env node
// Thin launcher: the TypeScript sources are compiled to dist/ by `npm install` (the prepare script).
import { writeSync } from 'node:fs';
import { avoidExitDeadlock } from '../dist/src/cli/runtime.js';

avoidExitDeadlock();
const { main } = await import('../dist/src/cli/main.js');
const { onOutputError } = await import('../dist/src/cli/terminal.js');

// `shipwright materials | head` closes the pipe early (the reader's choice); `> /dev/full` is a full disk:
// either way the run ends here, the second with one line on stderr (src/cli/terminal.ts onOutputError).
for (const [stream, name] of [[process.stdout, 'standard output'], [process.stderr, 'standard error']]) {
  stream.on('error', (e) => {
    const { line, code } = onOutputError(name, e, process.exitCode);
    if (line) {
      try {
        writeSync(2, line);
      } catch {
        // stderr is gone too: the exit code is all that is left to say it.
      }
    }
    process.exit(code);
  });
}

process.exitCode = await main(process.argv);
