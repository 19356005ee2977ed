/**
 * One design, remembered (issue 29): `calibrate` records the cannon it calibrated in the profile, and
 * `tune` and the build commands given that profile build that cannon without the design flags again.
 */
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSettingsFrom } from '../../src/cli/options.js';
import { runInProcess } from '../helpers/cli.js';

describe('the profile keeps the cannon design', () => {
  it('calibrate records it; tune, and the build settings generate, validate, print and bom use, take it from the profile', async () => {
    const profile = join(mkdtempSync(join(tmpdir(), 'shipwright-design-')), 'p.json');
    const cal = await runInProcess(
      'calibrate',
      '--material',
      'PETG',
      '--tuned-for',
      '24 inches',
      '--elevation',
      '20',
      '--measured',
      '55cm,57cm,56cm',
      '--shots-fired',
      '10',
      '--profile',
      profile,
      '--json',
    );
    expect(cal.code, cal.err).toBe(0);
    const { factor } = JSON.parse(cal.out) as { factor: number };
    const saved = JSON.parse(await readFile(profile, 'utf8'));
    expect(saved.cannon).toEqual({ materialId: 'petg', rangeM: 0.6096, design: { elevationDeg: 20 } });

    // tune: no --material, no --range, no --elevation: the profile's cannon, calibrated.
    const tuned = await runInProcess('tune', '--profile', profile, '--json');
    expect(tuned.code, tuned.err).toBe(0);
    expect(JSON.parse(tuned.out)).toMatchObject({
      material: 'petg',
      targetRangeM: 0.6096,
      elevationDeg: 20,
      calibrationFactor: factor,
    });
    // A flag still wins over the profile.
    expect(
      JSON.parse((await runInProcess('tune', '--profile', profile, '--range', '50cm', '--json')).out),
    ).toMatchObject({ material: 'petg', targetRangeM: 0.5 });

    const settings = await buildSettingsFrom({ profile });
    expect(settings).toMatchObject({
      cannonMaterialId: 'petg',
      cannonRangeM: 0.6096,
      cannonDesign: { elevationDeg: 20, calibrationFactor: factor },
    });
    expect((await buildSettingsFrom({ profile, cannonMaterial: 'pla' })).cannonMaterialId).toBe('pla');
  });

  it('tune without a material or a range, and no profile cannon, says what is missing', async () => {
    const r = await runInProcess('tune', '--range', '24in');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /--material: missing: give the arm material, e\.g\. --material pla, or a --profile that holds a cannon/,
    );
  });
});
