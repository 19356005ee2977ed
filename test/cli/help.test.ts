/** Every command's help ends with examples and exit codes, and every example is a command line the CLI accepts. */
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/main.js';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { runInProcess } from '../helpers/cli.js';

/** Splits a command line as a shell would for these examples: words, and "quoted words". */
const words = (line: string): string[] => [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);

describe('help', () => {
  it.each(COMMANDS.map((c) => [c.name]))('%s --help shows its examples and exit codes', async (name) => {
    const r = await runInProcess(name, '--help');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Examples:\n {2}\$ shipwright /);
    expect(r.out).toMatch(/Exit codes: 0 .*, 2 bad input/);
  });

  it('lists every command in the overview', async () => {
    const r = await runInProcess('--help');
    for (const c of COMMANDS) expect(r.out).toContain(c.name);
  });

  it.each(COMMANDS.flatMap((c) => c.examples.map((e) => [e])))('accepts its example: %s', async (example) => {
    const errors: string[] = [];
    const program = await buildProgram(
      { out: () => undefined, err: (t) => errors.push(t), isTty: false },
      () => undefined,
    );
    // Parse only: every option known, every value a valid choice, every mandatory option given.
    for (const c of program.commands) c.action(() => undefined);
    const [bin, ...args] = words(example);
    expect(bin).toBe('shipwright');
    await program.parseAsync(['node', 'shipwright', ...args]);
    expect(errors).toEqual([]);
  });
});
