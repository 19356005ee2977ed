/** `npm run bench`: prints every speed and memory figure of the project. Targets are in the README. */
import { benchGames } from './games.js';
import { benchGenerate } from './generate.js';
import { benchPhysics } from './physics.js';
import { benchPreviews } from './previews.js';
import { benchPrint } from './print.js';
import { benchSlicerCalibration } from './slicer-calibration.js';
import { benchStart } from './start.js';
import { benchStudio } from './studio.js';
import { benchValidate } from './validate.js';

const sections: [string, () => Promise<Record<string, string | number>>][] = [
  ['start', benchStart],
  ['generate', benchGenerate],
  ['validate', benchValidate],
  ['print', benchPrint],
  ['studio', benchStudio],
  ['game packs', benchGames],
  ['previews', benchPreviews],
  ['physics', benchPhysics],
  ['slicer calibration', benchSlicerCalibration],
];

for (const [name, bench] of sections) {
  process.stdout.write(`\n## ${name}\n`);
  const figures = await bench();
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  for (const [k, v] of Object.entries(figures)) process.stdout.write(`${k.padEnd(width)}  ${v}\n`);
}
