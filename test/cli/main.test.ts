import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { runBuilt, runInProcess } from '../helpers/cli.js';

describe('shipwright', () => {
  it('prints the package version with --version and -V, and exits 0', async () => {
    const { version } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    for (const flag of ['--version', '-V']) {
      const r = await runBuilt([flag]);
      expect(r.out).toBe(`${version}\n`);
      expect(r.code).toBe(0);
    }
    // In development too, where the module sits one folder less deep.
    expect((await runInProcess('--version')).out).toBe(`${version}\n`);
  });
});
