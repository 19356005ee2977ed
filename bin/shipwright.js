#!/usr/bin/env node
// Thin launcher: the TypeScript sources are compiled to dist/ by `npm install` (the prepare script).
import { avoidExitDeadlock } from '../dist/src/cli/runtime.js';

avoidExitDeadlock();
const { main } = await import('../dist/src/cli/main.js');

// `shipwright materials | head` closes the pipe early: that is the reader's choice, not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

process.exitCode = await main(process.argv);
