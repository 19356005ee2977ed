/**
 * `bom` and `print` take faction files as `generate` and `validate` do, and ids in any case (issue 29).
 * Checked on `bom` (print shares the table run, src/cli/table-run.ts) with a shipped file, so the parts
 * come from the run's part cache.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FACTIONS_DIR } from '../../src/faction/loader.js';
import { runInProcess } from '../helpers/cli.js';

const QF = join(DEFAULT_FACTIONS_DIR, 'queens-fleet.yaml');

describe('a table from faction files', () => {
  it('deals the table from the files named, ids in any case', async () => {
    const r = await runInProcess(
      'bom',
      QF,
      '--players',
      '2',
      '--factions',
      'Queens-Fleet,QUEENS-FLEET',
      '--material',
      'PETG',
      '--json',
    );
    expect(r.code, r.err).toBe(0);
    const bom = JSON.parse(r.out) as { rows: { faction: string | null }[] };
    expect(new Set(bom.rows.map((row) => row.faction).filter((f) => f !== null && f !== 'shared'))).toEqual(
      new Set(['queens-fleet']),
    );
  });

  it('refuses files with a --factions-dir, and an id that is not among the files', async () => {
    const both = await runInProcess('bom', QF, '--players', '2', '--factions-dir', DEFAULT_FACTIONS_DIR);
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/--factions-dir: name faction files or a --factions-dir, not both/);
    const other = await runInProcess('bom', QF, '--players', '2', '--factions', 'queens-fleet,corsairs');
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/unknown faction "corsairs": expected one of queens-fleet/);
  });
});
