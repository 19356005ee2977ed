import { describe, expect, it } from 'vitest';
import { defaultSettings, generateParts, type PartCache } from '../../src/generate/index.js';

describe('generate and the part cache', () => {
  it('stores each part it builds, and a store that fails during the build fails the run once the build is done', async () => {
    const stored: string[] = [];
    const cache: PartCache = {
      codeVersion: 'test',
      get: () => Promise.resolve(null),
      facts: () => Promise.resolve(null),
      put: (_key, part) => {
        stored.push(part);
        return part === 'cannonball' ? Promise.reject(new Error('the disk is full')) : Promise.resolve();
      },
      getBytes: () => Promise.resolve(null),
      putBytes: () => Promise.resolve(),
    };
    await expect(
      generateParts({ factions: [], settings: defaultSettings(), parts: ['cannonball', 'rock'], cache, jobs: 1 }),
    ).rejects.toThrow('the disk is full');
    // The rock was built and stored after the cannonball's store had failed.
    expect(stored).toEqual(['cannonball', 'rock']);
  }, 60_000);
});
