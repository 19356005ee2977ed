/**
 * The one builder registry finds each builder by its id's convention (`flag-holder` is flag-holder.ts's
 * `flagHolder`): every id the parts catalogue and the packs name loads a builder, and an id the convention
 * cannot name, or a module that exports no builder, is refused by name.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../src/generate/catalog.js';
import { builderDefaults, loadBuilder, PACK_BUILDER_NAMES } from '../../src/parts/registry.js';

describe('the builder registry', () => {
  it('loads the builder of every catalogue entry and every pack builder, each with the defaults a pack sets', async () => {
    const ids = [...new Set([...CATALOG.map((e) => e.builder), ...PACK_BUILDER_NAMES])];
    expect(ids.length).toBeGreaterThan(25);
    for (const id of ids) expect(typeof (await loadBuilder(id)), id).toBe('function');
    for (const id of PACK_BUILDER_NAMES) expect(Object.keys(await builderDefaults(id)).length, id).toBeGreaterThan(0);
  });

  it('finds a builder whose module is not named after its id: the board is board-tile.ts', async () => {
    const { boardTile } = await import('../../src/parts/board-tile.js');
    expect(await loadBuilder('board')).toBe(boardTile);
    expect(await loadBuilder('flag-holder')).toBe((await import('../../src/parts/flag-holder.js')).flagHolder);
  });

  it('refuses an id the convention cannot name, and a module with no builder of its name', async () => {
    for (const id of ['../errors', 'Hull', 'flag_holder', 'hull.js', ''])
      await expect(loadBuilder(id), id).rejects.toThrow(`"${id}" is no builder id`);
    await expect(loadBuilder('options')).rejects.toThrow(
      'src/parts/options.ts exports no options(): no builder is options',
    );
  });
});
