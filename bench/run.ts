/**
 * `npm run bench`: prints every speed and memory figure of the project, each time beside the same run's
 * references (bench/reference.ts: `node -e 0`, OpenSCAD's hull) as ratios. Targets are in the README.
 */
import { benchGames } from './games.js';
import { benchGenerate } from './generate.js';
import { benchPhysics } from './physics.js';
import { benchPreviews } from './previews.js';
import { benchPrint } from './print.js';
import { measureReference, ratios, referenceFigures } from './reference.js';
import { benchScale } from './scale.js';
import { benchSlicerCalibration } from './slicer-calibration.js';
import { benchStart } from './start.js';
import { benchStudio } from './studio.js';
import { benchValidate } from './validate.js';

const reference = await measureReference();
const sections: [string, () => Promise<Record<string, string | number>>][] = [
  ['references', async () => referenceFigures(reference)],
  ['start', benchStart],
  ['generate', benchGenerate],
  ['validate', benchValidate],
  ['print', benchPrint],
  ['scale', benchScale],
  ['studio', benchStudio],
  ['game packs', benchGames],
  ['previews', benchPreviews],
  ['physics', benchPhysics],
  ['slicer calibration', benchSlicerCalibration],
];

/** A figure in seconds: a key saying `(s` or a value that starts with seconds (`1.23 s, …`). */
const secondsOf = (key: string, value: string | number): number | null => {
  const m = /^(\d+(?:\.\d+)?)( s\b)?/.exec(String(value));
  return m && (m[2] || /\(s[,)]/.test(key)) ? Number(m[1]) : null;
};

for (const [name, bench] of sections) {
  process.stdout.write(`\n## ${name}\n`);
  const figures = await bench();
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  for (const [k, v] of Object.entries(figures)) {
    const s = name === 'references' ? null : secondsOf(k, v);
    process.stdout.write(`${k.padEnd(width)}  ${v}${s === null ? '' : `  ${ratios(s, reference)}`}\n`);
  }
}
