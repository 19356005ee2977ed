/**
 * --cache-dir and --no-cache, apart from the other shared flags (src/cli/options.ts): `factions` reads the
 * cache and needs none of those flags' imports (the profile, the game packs), which would slow its start.
 */
import type { Command } from 'commander';
import { defaultCacheDir, openDiskCache, type DiskCache } from '../io/cache.js';

export interface CacheFlags {
  cache: boolean;
  cacheDir?: string;
}

/** --cache-dir and --no-cache: the content-hash cache of built parts that generate, validate and bom share. */
export function addCacheOptions(cmd: Command): Command {
  return cmd
    .option('--cache-dir <dir>', `content-hash cache of built parts (default ${defaultCacheDir()})`)
    .option('--no-cache', 'build every part afresh');
}

/** The part cache the flags ask for (null with --no-cache); a cache that fails warns on `warn` and is bypassed. */
export async function cacheFrom(flags: CacheFlags, warn: (message: string) => void): Promise<DiskCache | null> {
  return flags.cache ? openDiskCache(flags.cacheDir ?? defaultCacheDir(), { warn }) : null;
}
