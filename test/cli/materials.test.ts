import { describe, expect, it } from 'vitest';
import {
  BRAND_SPREAD_FRACTION,
  FATIGUE_STRESS_FRACTION,
  MATERIALS,
  SOURCES,
  type MaterialValue,
} from '../../src/materials.js';
import { runBuilt, runInProcess } from '../helpers/cli.js';

const run = runInProcess;

const valuesOf = (m: (typeof MATERIALS)[number]): (MaterialValue | null)[] => [
  m.densityGPerCm3,
  m.elasticModulusXyGPa,
  m.elasticModulusZGPa,
  m.tensileStrengthXyMPa,
  m.tensileStrengthZMPa,
  m.repeatedFlexStrain,
  m.hysteresisLoss,
];

describe('shipwright materials', () => {
  it('shows every material and value with its unit and source, flagging exactly the estimates with [E]', async () => {
    const { code, out, err } = await run('materials');
    expect(code).toBe(0);
    expect(err).toBe('');
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^id\s+material\s+property\s+value\s+range\s+unit\s+source$/);
    const rows = lines.slice(1, 1 + MATERIALS.length * 7);
    for (const [i, m] of MATERIALS.entries()) {
      expect(rows[i * 7]!.startsWith(m.id)).toBe(true);
      valuesOf(m).forEach((v, j) => {
        const row = rows[i * 7 + j]!;
        if (v === null) return expect(row).toMatch(/–\s+(GPa|MPa)\s+no source gives it$/);
        expect(row.endsWith(v.source)).toBe(true);
        expect(row.includes('[E]')).toBe(v.estimate);
      });
    }
    const pla = rows.slice(0, 7).join('\n');
    expect(pla).toMatch(/density\s+1\.24\s+g\/cm³\s+polymaker-tds/);
    expect(pla).toMatch(/strain for repeated flexing\s+0\.9 \[E\]\s+0\.8–1\s+%\s+shipwright-estimate/);
    const estimates = MATERIALS.flatMap(valuesOf).filter((v) => v?.estimate).length;
    expect(rows.filter((r) => r.includes('[E]'))).toHaveLength(estimates);
  });

  it('prints a legend of every source, the fatigue rule and the notes', async () => {
    const { out } = await run('materials');
    for (const [id, text] of Object.entries(SOURCES))
      expect(out).toMatch(new RegExp(`^  ${id}\\s+${text.replace(/[()[\]]/g, '\\$&')}$`, 'm'));
    expect(out).toContain('[E] = estimate');
    expect(out).toContain(
      `near ${FATIGUE_STRESS_FRACTION.min}–${FATIGUE_STRESS_FRACTION.max} × tensile strength (XY) [E]`,
    );
    expect(out).toMatch(/PA \(nylon\)\s+best for flexing; moisture-sensitive/);
  });

  it('prints the data itself as JSON on stdout with --json', async () => {
    const { code, out, err } = await run('materials', '--json');
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(JSON.parse(out)).toEqual({
      materials: JSON.parse(JSON.stringify(MATERIALS)),
      sources: SOURCES,
      fatigueStressFraction: FATIGUE_STRESS_FRACTION,
      brandSpreadFraction: BRAND_SPREAD_FRACTION,
    });
  });

  it('exits 2 for an unknown option, as a process, without a stack trace', async () => {
    const result = await runBuilt(['materials', '--jsn']);
    expect(result.code).toBe(2);
    expect(result.err).toContain("unknown option '--jsn'");
    expect(result.err).not.toMatch(/^\s+at /m);
  });
});
