/**
 * How the commands that write the output folder (generate, print, cards) use it: one project per tree
 * (src/io/output.ts), each run naming the owners it replaces, a build with other settings made whole again.
 */
import { relative, resolve, sep } from 'node:path';
import { loadFactionFiles } from '../faction/loader.js';
import type { Faction } from '../faction/types.js';
import { buildId, composeManifest, GENERATOR, keptWithOtherSettings, type ManifestRun } from '../generate/manifest.js';
import type { BuildSettings, GeneratedFile, LazyBytes } from '../generate/types.js';
import { openProject, writeProject, type Project, type SumsMemo } from '../io/output.js';
import type { Io } from './terminal.js';

/** The folder a run writes: `--out`, else `out` (a pack's files in `out/<id>`). */
export const openOut = (out: string | undefined, packId: string | null): Promise<Project> =>
  out === undefined ? openProject('out', { within: packId ?? '' }) : openProject(out);

/** The build id of a game's files in this project. */
export const buildOf = (project: Project, game: string): string => buildId(game, project.folder);

/**
 * The factions the folder holds for `game` that this run would leave built with other settings, loaded from
 * the files they were read from, so the run builds them again (and says so). One that cannot be loaded any
 * more is left out: the write removes its files and says so.
 */
export async function rebuildWithRun(
  project: Project,
  game: string,
  settings: BuildSettings,
  building: ReadonlySet<string>,
  io: Io,
): Promise<Faction[]> {
  const kept = keptWithOtherSettings(project.previous, game, project.folder, GENERATOR, settings, building);
  const loaded: Faction[] = [];
  for (const k of kept) {
    const f = await loadFactionFiles([resolve(project.root, k.source)]).catch(() => null);
    if (f?.[0]?.id === k.id) loaded.push(f[0]);
  }
  if (loaded.length > 0)
    io.err(
      `note: ${project.shown} holds ${loaded.map((f) => f.id).join(', ')} built with other settings; building ${loaded.length === 1 ? 'it' : 'them'} again with these\n`,
    );
  return loaded;
}

/** What a command writes: its part files (paths relative to its folder) and other files, each with its owner. */
export interface RunFiles extends Omit<ManifestRun, 'folder' | 'generator' | 'parts' | 'others'> {
  parts: readonly { file: GeneratedFile<LazyBytes>; owner: string }[];
  others: readonly { path: string; bytes: Uint8Array; owner: string }[];
}

/**
 * Writes a run's files into its project and prints the notes the write made (on stderr, so --json stays
 * clean). The part cache, when the run has one, remembers the files' sums (src/io/output.ts `sums`).
 */
export async function writeRun(project: Project, run: RunFiles, io: Io, cache: SumsMemo | null = null): Promise<void> {
  const at = (p: string): string => (project.folder === '' ? p : `${project.folder}/${p}`);
  const parts = run.parts.map((p) => ({ ...p, file: { ...p.file, path: at(p.file.path) } }));
  const others = run.others.map((o) => ({ ...o, path: at(o.path) }));
  const table = run.table && { ...run.table, counts: new Map([...run.table.counts].map(([k, v]) => [at(k), v])) };
  // Sources relative to the folder: the manifest is the same wherever the project and its factions are cloned.
  const factions = run.factions.map((f) => ({
    ...f,
    source: relative(project.root, resolve(f.source)).split(sep).join('/'),
  }));
  const full: ManifestRun = { ...run, parts, others, table, factions, folder: project.folder, generator: GENERATOR };
  // A part's sha256 is its bytes' (measured when built, checked when read from the cache): the writer need not hash them again.
  const files = [...parts.map((p) => p.file), ...others.map((o) => ({ path: o.path, bytes: o.bytes }))];
  const notes = await writeProject(project, files, (previous) => composeManifest(previous, full), { sums: cache });
  for (const n of notes) io.err(`note: ${n}\n`);
}
