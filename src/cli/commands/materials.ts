/**
 * `shipwright materials`: the printing materials, each value with its range, its source and whether it is
 * an estimate ([E]), straight from the data in src/materials.ts.
 */
import type { Command } from 'commander';
import {
  BRAND_SPREAD_FRACTION,
  FATIGUE_STRESS_FRACTION,
  MATERIALS,
  SOURCES,
  type Material,
  type MaterialValue,
} from '../../materials.js';
import { formatTable, wrap } from '../../table.js';
import type { Register } from '../terminal.js';

type PropertyKey = { [K in keyof Material]: Material[K] extends MaterialValue | null ? K : never }[keyof Material];

/** The rows shown per material; fractions are shown in per cent. */
const PROPERTIES: readonly { key: PropertyKey; label: string; unit: string; scale: number }[] = [
  { key: 'densityGPerCm3', label: 'density', unit: 'g/cm³', scale: 1 },
  { key: 'elasticModulusXyGPa', label: 'modulus along the roads (XY)', unit: 'GPa', scale: 1 },
  { key: 'elasticModulusZGPa', label: 'modulus across layers (Z)', unit: 'GPa', scale: 1 },
  { key: 'tensileStrengthXyMPa', label: 'tensile strength (XY)', unit: 'MPa', scale: 1 },
  { key: 'tensileStrengthZMPa', label: 'tensile strength (Z)', unit: 'MPa', scale: 1 },
  { key: 'repeatedFlexStrain', label: 'strain for repeated flexing', unit: '%', scale: 100 },
  { key: 'hysteresisLoss', label: 'energy lost per shot', unit: '%', scale: 100 },
];

const num = (x: number): string => String(+x.toPrecision(4));

/** `value [E]`, `range` and `source` cells for one value (dashes where no source gives it). */
function cells(v: MaterialValue | null, scale: number): [string, string, string] {
  if (v === null) return ['–', '', 'no source gives it'];
  const range = v.min === v.max ? '' : `${num(v.min * scale)}–${num(v.max * scale)}`;
  return [`${num(v.value * scale)}${v.estimate ? ' [E]' : ''}`, range, v.source];
}

function tableRows(): string[][] {
  const rows: string[][] = [['id', 'material', 'property', 'value', 'range', 'unit', 'source']];
  for (const m of MATERIALS) {
    PROPERTIES.forEach((p, i) => {
      const [value, range, source] = cells(m[p.key], p.scale);
      rows.push([i === 0 ? m.id : '', i === 0 ? m.name : '', p.label, value, range, p.unit, source]);
    });
  }
  return rows;
}

export const registerMaterials: Register = (cmd: Command, io) => {
  cmd
    .option('--json', 'print the materials, their sources and the fatigue rule as JSON on stdout')
    .action((flags: { json?: boolean }) => {
      if (flags.json) {
        const data = {
          materials: MATERIALS,
          sources: SOURCES,
          fatigueStressFraction: FATIGUE_STRESS_FRACTION,
          brandSpreadFraction: BRAND_SPREAD_FRACTION,
        };
        io.out(`${JSON.stringify(data, null, 2)}\n`);
        return;
      }
      io.out(formatTable(tableRows()));
      io.out('\nNotes:\n');
      io.out(formatTable(MATERIALS.filter((m) => m.note !== '').map((m) => [`  ${m.name}`, m.note])));
      const f = FATIGUE_STRESS_FRACTION;
      io.out(
        `\n${wrap(`Fatigue (10³–10⁴ one-sided cycles): keep peak stress near ${num(f.min)}–${num(f.max)} × tensile strength (XY) [E], source ${f.source}.`)}\n`,
      );
      io.out(
        `Brands differ by ${BRAND_SPREAD_FRACTION.min * 100}–${BRAND_SPREAD_FRACTION.max * 100} %: calibrate each printer and spool with practice shots.\n`,
      );
      io.out('\n[E] = estimate: treat it as such.\nSources:\n');
      io.out(formatTable(Object.entries(SOURCES).map(([id, text]) => [`  ${id}`, text])));
    });
};
