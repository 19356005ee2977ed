/** Running the CLI in tests: in-process through `main` (fast, nothing spawned), or as the built executable. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { main } from '../../src/cli/main.js';

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

/** `shipwright ...args` through `main`, as a non-interactive terminal would see it. */
export async function runInProcess(...args: string[]): Promise<CliResult> {
  let out = '';
  let err = '';
  const code = await main(['node', 'shipwright', ...args], {
    out: (t) => (out += t),
    err: (t) => (err += t),
    isTty: false,
  });
  return { code, out, err };
}

const BIN = join(import.meta.dirname, '../../bin/shipwright.js');

/**
 * `shipwright ...args` as a child process of the built CLI (`npm test` builds first): worker threads,
 * exit codes and stderr exactly as a user gets them. `cwd` defaults to the test's working directory.
 */
export async function runBuilt(args: readonly string[], cwd?: string): Promise<CliResult> {
  try {
    const r = await promisify(execFile)(process.execPath, [BIN, ...args], { cwd, maxBuffer: 64 << 20 });
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (e) {
    const x = e as { code: number | null; signal?: string; stdout: string; stderr: string };
    return { code: x.code ?? -1, out: x.stdout, err: x.stderr };
  }
}
