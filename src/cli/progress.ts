/**
 * Progress for long commands: a bar redrawn in place on a terminal, one quiet line per file otherwise
 * (logs, CI). Both go to stderr so stdout carries only results.
 */
import type { GeneratedFile, LazyBytes } from '../generate/types.js';
import type { Io } from './terminal.js';

const BAR_WIDTH = 30;

export function progressReporter(io: Io): (done: number, total: number, file: GeneratedFile<LazyBytes>) => void {
  return (done, total, file) => {
    const how = file.cached ? 'cached' : `${Math.round(file.buildMs)} ms`;
    if (io.isTty) {
      const filled = Math.round((done / total) * BAR_WIDTH);
      io.err(
        `\r[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${done}/${total} ${file.path.padEnd(32).slice(0, 32)}`,
      );
      if (done === total) io.err('\n');
    } else io.err(`${String(done).padStart(3)}/${total} ${file.path} (${how})\n`);
  };
}
