import type { GeneratedFile } from '../generate/types.js';

/** A mesh to check: a generated file, or a hull made in another CAD tool with its features from the YAML model. */
export type MeshFile = Pick<GeneratedFile, 'path' | 'part' | 'faction' | 'bytes' | 'features'> &
  Partial<Pick<GeneratedFile, 'quantity' | 'brim'>>;
