/**
 * `shipwright tune` and `shipwright calibrate` end to end: in-process through main() (the same code path
 * as the binary), and once as a process to check that bad input exits 2 without a stack trace.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initKernel, withArena } from '../../src/geometry/kernel.js';
import { parseStl, serializeStl } from '../../src/mesh/stl.js';
import { checkTopology } from '../../src/mesh/topology.js';
import { cannon } from '../../src/parts/cannon.js';
import { shoot } from '../../src/physics/solver.js';
import { cannonOptionsFor, solveCannon } from '../../src/physics/tune.js';
import { CANNON } from '../../src/standard.js';
import { runBuilt, runInProcess } from '../helpers/cli.js';

const run = runInProcess;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shipwright-tune-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const num = expect.any(Number);

describe('shipwright tune --json', () => {
  it('prints one object with every field of the issue, consistent with the request', async () => {
    const { code, out, err } = await run('tune', '--material', 'petg', '--range', '24in', '--json');
    expect(code).toBe(0);
    expect(err).toBe('');
    const r = JSON.parse(out);
    expect(r).toMatchObject({
      material: 'petg',
      targetRangeM: 0.6096,
      predictedRangeM: num,
      model: expect.stringContaining('linear beam'),
      asPrinted: {
        drawPointFromRootMm: num,
        drawMm: num,
        pusherFromRootMm: num,
        tipBlock: { massG: num, lengthMm: num },
        taper: { rootWidthMm: num, tipWidthMm: num },
      },
      arm: { lengthMm: num, widthMm: num, thicknessMm: num, releaseDeflectionMm: num, massG: num },
      elasticModulusGPa: 1.85,
      stiffnessNPerM: num,
      storedEnergyJ: num,
      pressForceN: num,
      peakStrain: num,
      strainLimit: 0.0175,
      ball: { diameterMm: 8, massG: num, material: 'petg' },
      efficiency: num,
      launchSpeedMps: num,
      elevationDeg: CANNON.elevationDeg,
      launchHeightMm: num,
      dragCoefficient: num,
      dispersion: { p10RangeM: num, p50RangeM: num, p90RangeM: num },
      energyCeilingJ: num,
      warnings: expect.arrayContaining([expect.stringMatching(/^wear: .*a model estimate \[E\]/)]),
    });
    expect(Math.abs(r.predictedRangeM / 0.6096 - 1)).toBeLessThanOrEqual(0.01);
    expect(r.arm.thicknessMm / 0.45).toBeCloseTo(Math.round(r.arm.thicknessMm / 0.45), 9);
    expect(r.peakStrain).toBeLessThanOrEqual(r.strainLimit);
    expect(r.pressForceN).toBeLessThanOrEqual(30);
    expect(r.storedEnergyJ).toBeLessThanOrEqual(r.energyCeilingJ);
    expect(r.dispersion.p10RangeM).toBeLessThan(r.dispersion.p50RangeM);
    expect(r.dispersion.p50RangeM).toBeLessThan(r.dispersion.p90RangeM);
    expect(r.wear.estimate).toBe(true);
  });

  it('takes elevation, ball, ball material and arm length from the flags', async () => {
    const { code, out } = await run(
      'tune',
      '--material',
      'pc',
      '--range',
      '1m',
      '--elevation',
      '20deg',
      '--ball-diameter',
      '10mm',
      '--ball-material',
      'pla',
      '--arm-length',
      '40',
      '--json',
    );
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r.elevationDeg).toBe(20);
    expect(r.ball).toMatchObject({ diameterMm: 10, material: 'pla' });
    expect(r.arm.lengthMm).toBe(40);
    // Slot centre 7 mm + 6 mm bore rise at the ball + 1.25 × 10 mm to the muzzle at 20°.
    expect(r.launchHeightMm).toBeCloseTo(13 + 12.5 * Math.tan((20 * Math.PI) / 180), 2);
  });
});

describe('shipwright tune, readable', () => {
  it('answers in the unit asked, a plain summary first, the warnings, and no table without --detail', async () => {
    const { code, out } = await run('tune', '--material', 'PETG', '--range', '24 inches');
    expect(code).toBe(0);
    expect(out).toMatch(
      /^PETG cannon for 24 in \(0\.61 m\): lands at 2[34](\.\d+)? in; two copies land between [\d.]+ and [\d.]+ in\n/,
    );
    expect(out).toMatch(/^draw [\d.]+ mm, thumb [\d.]+ N, lasts (~|more than )[\d,]+ shots$/m);
    expect(out).toMatch(/^arm [\d.]+ mm thick \(\d+ lines\), [\d.]+ mm long; print it solid \(100 % infill\)$/m);
    expect(out).toMatch(/^Warnings:\n  - /m);
    expect(out).not.toMatch(/^thumb force/m);
    expect(out).toContain('--detail');
  });

  it('prints a table with units and the warnings under --detail', async () => {
    const { code, out } = await run('tune', '--material', 'petg', '--range', '60cm', '--detail');
    expect(code).toBe(0);
    expect(out).toMatch(/^PETG cannon for 60 cm \(23\.6 in\)/);
    expect(out).toMatch(/^predicted range \(carry\)\s+0\.6\d*\s+m$/m);
    expect(out).toMatch(/^arm thickness\s+[\d.]+ \(\d+ lines\)\s+mm$/m);
    expect(out).toMatch(/^thumb force\s+[\d.]+\s+N$/m);
    expect(out).toMatch(/^wear \[E\]\s+(more than )?[\d,]+\s+shots$/m);
    expect(out).toMatch(/^Warnings:\n  - /m);
  });

  it('says "more than" where the wear estimate is capped', async () => {
    const { out } = await run('tune', '--material', 'pa', '--range', '10cm', '--detail');
    expect(out).toMatch(/^wear \[E\]\s+more than 1,000,000\s+shots$/m);
    expect(out.replace(/\n +/g, ' ')).toContain(
      'wear: more than 1,000,000 shots before the range falls noticeably; a model estimate [E]',
    );
  });
});

describe('shipwright tune --stl', () => {
  it('writes the tuned cannon: the builder with the solved arm, watertight', async () => {
    const path = join(dir, 'cannon.stl');
    const { code, out } = await run('tune', '--material', 'pa', '--range', '0.9m', '--stl', path);
    expect(code).toBe(0);
    expect(out).toContain(`Tuned cannon → ${path}`);
    const bytes = new Uint8Array(await readFile(path));
    await initKernel();
    const expected = withArena(() =>
      serializeStl(
        cannon(cannonOptionsFor(solveCannon({ materialId: 'pa', targetRangeM: 0.9 }))).solid.toMesh(),
        'tuned cannon',
      ),
    );
    expect(Buffer.from(bytes).equals(Buffer.from(expected))).toBe(true);
    const topo = checkTopology(parseStl(bytes));
    expect(topo.watertight).toBe(true);
    expect(topo.bodies).toBe(1);
  });
});

describe('shipwright tune --profile', () => {
  it("applies the material's calibration factor from the profile", async () => {
    const path = join(dir, 'profile.json');
    await writeFile(
      path,
      JSON.stringify({
        version: 1,
        calibration: { petg: { energyFactor: 0.8, tunedForM: 0.6, measuredM: [0.5, 0.52] } },
      }),
    );
    const plain = JSON.parse((await run('tune', '--material', 'petg', '--range', '24in', '--json')).out);
    const { code, out } = await run('tune', '--material', 'petg', '--range', '24in', '--profile', path, '--json');
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r.calibrationFactor).toBe(0.8);
    expect(r.warnings.join('\n')).not.toContain('not calibrated');
    // The same launch needs 1/0.8 of the energy.
    expect(r.storedEnergyJ * r.efficiency * 0.8).toBeCloseTo(plain.storedEnergyJ * plain.efficiency, 4);
    const other = JSON.parse(
      (await run('tune', '--material', 'pc', '--range', '24in', '--profile', path, '--json')).out,
    );
    expect(other.calibrationFactor).toBe(1);
    expect(other.warnings[0]).toBe(
      `${path} has no calibration for pc: run shipwright calibrate --material pc --profile ${path}`,
    );
  });

  it('a broken profile exits 2 naming the file and the place', async () => {
    const path = join(dir, 'broken.json');
    await writeFile(
      path,
      '{ "version": 1,\n  "calibration": { "petg": { "energyFactor": 9, "tunedForM": 0.6, "measuredM": [] } } }\n',
    );
    let r = await run('tune', '--material', 'petg', '--range', '24in', '--profile', path);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${path} (calibration.petg.energyFactor): expected a number from 0.25 to 4, got number 9`);
    expect(r.err).toContain(`${path} (calibration.petg.measuredM): expected a list of ranges in metres above 0`);
    await writeFile(path, '{ "version": 1,\n  "calibration": { ]\n');
    r = await run('tune', '--material', 'petg', '--range', '24in', '--profile', path);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`${path.replace(/[.]/g, '\\.')}:2:\\d+: not valid JSON or YAML`));
    const yaml = join(dir, 'broken.yaml');
    await writeFile(
      yaml,
      'version: 1\ncalibration:\n  wood: { energyFactor: 1 }\n  pla: { energyFactor: 1, tunedForM: 0.3, measuredM: [0.3], colour: red }\n',
    );
    r = await run('tune', '--material', 'petg', '--range', '24in', '--profile', yaml);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${yaml} (calibration.wood): unknown material; expected one of pla,`);
    expect(r.err).toContain(`${yaml} (calibration.wood.tunedForM): expected a range in metres above 0, it is missing`);
    expect(r.err).toContain(
      `${yaml} (calibration.pla.colour): unknown key; expected energyFactor, basedOnFactor, tunedForM, measuredM, shotsFired`,
    );
    r = await run('tune', '--material', 'petg', '--range', '24in', '--profile', join(dir, 'missing.json'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('missing.json: no such file');
  });
});

describe('shipwright tune: requests it cannot meet and bad flags', () => {
  it('an infeasible request exits 2 with the binding constraint and what would fix it', async () => {
    const { code, out, err } = await run('tune', '--material', 'pla', '--range', '2.5m', '--json');
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(
      /^error: no PLA arm shoots 2.5 m within the limits\n  binding constraint: peak strain above the repeated-flex limit/,
    );
    expect(err).toMatch(/^  fix: another arm material: --material .*pa/m);
    expect(err).toMatch(/^  fix: a shorter range: at most about \d\.\d+ m with this material, ball and bore$/m);
  });

  it.each([
    [['--range', '24'], '--range: "24" is not a length'],
    [['--range', '10m'], '--range: "10m" is 10 m: expected a distance from 0.05 m to 3 m'],
    [['--range', '24in', '--elevation', '45'], '--elevation: "45" is not valid: expected degrees from 0 to 30'],
    [
      ['--range', '24in', '--ball-diameter', '6'],
      '--ball-diameter: "6" is not valid: expected millimetres from 8 to 12',
    ],
    [
      ['--range', '24in', '--arm-length', '90mm'],
      '--arm-length: "90mm" is not valid: expected millimetres from 20 to 45',
    ],
    [['--range', '24in', '--ball-material', 'wood'], "argument 'wood' is invalid. Allowed choices are pla"],
    [[], '--range: missing: give the target carry, e.g. --range 24in, or a --profile that holds a cannon'],
  ])('%j exits 2 with a clear message', async (args, message) => {
    const { code, out, err } = await run('tune', '--material', 'petg', ...args);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain(message);
  });

  it('as a process: exit 2, no stack trace', async () => {
    const result = await runBuilt(['tune', '--material', 'pla', '--range', '2.5m']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('binding constraint');
    expect(result.err).not.toMatch(/^\s+at /m);
  });
});

/** Where the arm tuned for 24 in lands on a printer whose cannons launch with `factor` × the modelled energy. */
function shotsOn(factor: number): string {
  const tuned = solveCannon({ materialId: 'petg', targetRangeM: 0.6096 });
  const printer = { ...tuned.setup, calibrationFactor: factor };
  return [0.97, 1, 1.03]
    .map(
      (e) =>
        `${(shoot(printer, tuned.arm, { modulusFactor: e, ballMassFactor: 1, tipMassFactor: 1, elevationOffsetRad: 0, frictionCoefficient: null }).rangeM * 100).toFixed(1)}cm`,
    )
    .join(',');
}

describe('shipwright calibrate', () => {
  it('a cannon past its wear estimate is a "reprint it" answer, and the profile is left alone', async () => {
    const profile = join(dir, 'worn.json');
    const { code, out } = await run(
      'calibrate',
      '--material',
      'petg',
      '--tuned-for',
      '24in',
      '--measured',
      shotsOn(0.7),
      '--shots-fired',
      '5000000',
      '--profile',
      profile,
      '--json',
    );
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ verdict: 'reprint', shotsFired: 5000000 });
    await expect(readFile(profile)).rejects.toThrow();
  });

  it('keeps a factor per design family, used by tune and generate with --family, and writes the corrected cannon', async () => {
    const profile = join(dir, 'family.json');
    const stl = join(dir, 'corrected.stl');
    const { code, out } = await run(
      'calibrate',
      '--material',
      'petg',
      '--family',
      'long-arm',
      '--tuned-for',
      '24in',
      '--measured',
      shotsOn(0.85),
      '--shots-fired',
      '8',
      '--profile',
      profile,
      '--stl',
      stl,
      '--json',
    );
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(Object.keys(JSON.parse(await readFile(profile, 'utf8')).calibration)).toEqual(['petg/long-arm']);
    expect((await readFile(stl)).length).toBeGreaterThan(84);
    const withFamily = JSON.parse(
      (
        await run(
          'tune',
          '--material',
          'petg',
          '--range',
          '24in',
          '--profile',
          profile,
          '--family',
          'long-arm',
          '--json',
        )
      ).out,
    );
    expect(withFamily.calibrationFactor).toBe(r.factor);
    // Without --family: the family of the cannon the profile keeps (calibrate recorded it).
    const plain = JSON.parse(
      (await run('tune', '--material', 'petg', '--range', '24in', '--profile', profile, '--json')).out,
    );
    expect(plain.calibrationFactor).toBe(r.factor);
  });

  it('fits the factor from practice shots, stores it, and tune --profile uses it', async () => {
    const profile = join(dir, 'printer.json');
    const measured = shotsOn(0.8);
    const { code, out, err } = await run(
      'calibrate',
      '--material',
      'petg',
      '--tuned-for',
      '24in',
      '--measured',
      measured,
      '--shots-fired',
      '20',
      '--profile',
      profile,
      '--json',
    );
    expect(err).toBe('');
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r).toMatchObject({ material: 'petg', profile, previousFactor: 1, shots: 3 });
    expect(r.factor).toBeCloseTo(0.8, 2);
    expect(r.meanMeasuredM).toBeLessThan(r.predictedRangeM);
    expect(r.corrected.calibrationFactor).toBe(r.factor);
    expect(r.corrected.storedEnergyJ).toBeGreaterThan(0);

    const saved = JSON.parse(await readFile(profile, 'utf8'));
    const measuredM = measured.split(',').map((s) => Math.round(Number(s.slice(0, -2)) * 10 * 1000) / 1e6);
    expect(saved).toEqual({
      version: 1,
      cannon: { materialId: 'petg', rangeM: 0.6096, design: {} },
      calibration: { petg: { energyFactor: r.factor, basedOnFactor: 1, tunedForM: 0.6096, measuredM, shotsFired: 20 } },
    });

    // The same shots again: refitted from the factor they were first fitted from, not compounded.
    const again = JSON.parse(
      (
        await run(
          'calibrate',
          '--material',
          'petg',
          '--tuned-for',
          '24in',
          '--measured',
          measured,
          '--shots-fired',
          '20',
          '--profile',
          profile,
          '--json',
        )
      ).out,
    );
    expect(again).toMatchObject({ previousFactor: 1, factor: r.factor, refitted: true });

    const tuned = JSON.parse(
      (await run('tune', '--material', 'petg', '--range', '24in', '--profile', profile, '--json')).out,
    );
    expect(tuned.calibrationFactor).toBe(r.factor);
    expect(tuned.arm).toEqual(r.corrected.arm);
  });

  it('builds on the factor already in the profile and keeps other materials', async () => {
    const profile = join(dir, 'two.json');
    await writeFile(
      profile,
      JSON.stringify({
        version: 1,
        calibration: {
          pc: { energyFactor: 1.1, tunedForM: 1, measuredM: [1.05] },
          petg: { energyFactor: 0.9, tunedForM: 0.6, measuredM: [0.55] },
        },
      }),
    );
    // Shots that land exactly where the 0.9-corrected design was predicted to land: the factor stays 0.9.
    const design = solveCannon({ materialId: 'petg', targetRangeM: 0.6096, calibrationFactor: 0.9 });
    const hit = `${(design.shot.rangeM * 1000).toFixed(3)}mm`;
    const { code, out } = await run(
      'calibrate',
      '--material',
      'petg',
      '--tuned-for',
      '24in',
      '--measured',
      `${hit},${hit}`,
      '--shots-fired',
      '12',
      '--profile',
      profile,
      '--json',
    );
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ previousFactor: 0.9, factor: 0.9 });
    const saved = JSON.parse(await readFile(profile, 'utf8'));
    expect(saved.calibration.pc).toEqual({
      energyFactor: 1.1,
      basedOnFactor: 1,
      tunedForM: 1,
      measuredM: [1.05],
      shotsFired: 0,
    });
  });

  it('prints the fit and the corrected arm as tables', async () => {
    const profile = join(dir, 'readable.json');
    const { code, out } = await run(
      'calibrate',
      '--material',
      'petg',
      '--tuned-for',
      '24in',
      '--measured',
      shotsOn(0.9),
      '--shots-fired',
      '10',
      '--profile',
      profile,
    );
    expect(code).toBe(0);
    expect(out).toMatch(/^practice shots\s+3$/m);
    expect(out).toMatch(/^calibration factor \(energy\), before → after\s+1 → 0\.(9|89)\d*$/m);
    expect(out.replace(/\n +/g, ' ')).toContain(
      `Saved to ${profile} as petg, with this cannon's design (petg, tuned for 0.61 m): tune, generate, validate, print and bom with --profile ${profile} build it`,
    );
    expect(out).toMatch(/Corrected arm:\nPETG cannon for 0\.61 m/);
  });

  it.each([
    [['--measured', '58cm,,60cm'], '--measured: "58cm,,60cm" has an empty entry'],
    [['--measured', '58cm,60'], '--measured (shot 2): "60" is not a length'],
    [['--measured', '2.5m,2.5m'], '--measured: the shots carried 2.5 m on average against 0.61 m predicted'],
    [['--tuned-for', 'far'], '--tuned-for: "far" is not a length'],
    [['--shots-fired', 'many'], '--shots-fired: "many" is not valid: expected a whole number'],
    [['--family', 'Long Arm'], '--family: "Long Arm" is not valid'],
  ])('%j exits 2 with a clear message and writes no profile', async (args, message) => {
    const profile = join(dir, 'never.json');
    const base = { '--tuned-for': '24in', '--measured': '58cm,60cm', '--shots-fired': '10' } as Record<string, string>;
    for (let i = 0; i < args.length; i += 2) base[args[i]!] = args[i + 1]!;
    const { code, out, err } = await run(
      'calibrate',
      '--material',
      'petg',
      ...Object.entries(base).flat(),
      '--profile',
      profile,
    );
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain(message);
    await expect(readFile(profile)).rejects.toThrow();
  });
});
