/**
 * Printing materials (BRIEF §4), as data: every value carries its range, its source and whether it is an
 * estimate, so `shipwright materials` and the solver's warnings can say so.
 */

export type SourceId =
  | 'polymaker-tds'
  | 'essentium-pctg-tds'
  | 'additive-tools'
  | 'covestro-texin'
  | 'covestro-snapfit'
  | 'shipwright-estimate';

export const SOURCES: Readonly<Record<SourceId, string>> = {
  'polymaker-tds': 'Polymaker PolyLite / PolyTerra technical data sheets',
  'essentium-pctg-tds': 'Essentium PCTG technical data sheet',
  'additive-tools': 'additive.tools material property ranges',
  'covestro-texin': 'Covestro Texin TPU data sheets',
  'covestro-snapfit': 'Bayer/Covestro snap-fit design guide (allowable strains)',
  'shipwright-estimate': 'Shipwright estimate [E]; calibrate with practice shots',
};

/** A material property: nominal value, plausible range across brands, source, and the estimate flag. */
export interface MaterialValue {
  value: number;
  min: number;
  max: number;
  source: SourceId;
  estimate: boolean;
}

export interface Material {
  id: string;
  name: string;
  densityGPerCm3: MaterialValue;
  /** In-plane (along the roads) modulus: the one a flex arm printed as BRIEF §3 says works in. */
  elasticModulusXyGPa: MaterialValue;
  /** Across layers; null where no source gives it. */
  elasticModulusZGPa: MaterialValue | null;
  tensileStrengthXyMPa: MaterialValue;
  tensileStrengthZMPa: MaterialValue | null;
  /** Peak strain for repeated flexing, as a fraction (0.01 = 1 %). */
  repeatedFlexStrain: MaterialValue;
  /** Fraction of stored energy lost to hysteresis in one shot. */
  hysteresisLoss: MaterialValue;
  /** A rubber-like filament (TPU): a ball in it prints with three walls and no infill, and bounces less (BRIEF §2). */
  elastomer: boolean;
  note: string;
}

const v = (value: number, source: SourceId, estimate = false, min = value, max = value): MaterialValue => ({
  value,
  min,
  max,
  source,
  estimate,
});
const E = 'shipwright-estimate' as const;

/** Hysteresis: "a few % for PLA/PETG, about half for TPU" (BRIEF §4); every figure here is an estimate. */
export const MATERIALS: readonly Material[] = [
  {
    id: 'pla',
    name: 'PLA',
    densityGPerCm3: v(1.24, 'polymaker-tds'),
    elasticModulusXyGPa: v(2.6, 'polymaker-tds'),
    elasticModulusZGPa: v(1.8, 'additive-tools', false, 1.6, 2.0),
    tensileStrengthXyMPa: v(47, 'polymaker-tds'),
    tensileStrengthZMPa: v(28, 'additive-tools', false, 12, 45),
    repeatedFlexStrain: v(0.009, E, true, 0.008, 0.01),
    hysteresisLoss: v(0.04, E, true, 0.02, 0.06),
    elastomer: false,
    note: 'brittle; creeps, do not store cocked',
  },
  {
    id: 'pla-plus',
    name: 'PLA+',
    densityGPerCm3: v(1.22, 'polymaker-tds'),
    elasticModulusXyGPa: v(2.2, E, true, 2.0, 2.4),
    elasticModulusZGPa: v(1.6, E, true),
    tensileStrengthXyMPa: v(45, 'additive-tools', false, 40, 50),
    tensileStrengthZMPa: v(30, E, true),
    repeatedFlexStrain: v(0.0125, E, true, 0.01, 0.015),
    hysteresisLoss: v(0.05, E, true, 0.03, 0.07),
    elastomer: false,
    note: 'impact-modified',
  },
  {
    id: 'petg',
    name: 'PETG',
    densityGPerCm3: v(1.27, 'essentium-pctg-tds'),
    elasticModulusXyGPa: v(1.85, 'additive-tools', false, 1.5, 2.2),
    elasticModulusZGPa: v(1.75, E, true, 1.5, 2.0),
    tensileStrengthXyMPa: v(50, 'additive-tools', false, 44, 56),
    tensileStrengthZMPa: v(31.5, 'additive-tools', false, 25, 38),
    repeatedFlexStrain: v(0.0175, E, true, 0.015, 0.02),
    hysteresisLoss: v(0.05, E, true, 0.03, 0.07),
    elastomer: false,
    note: 'good in repeated flexing',
  },
  {
    id: 'abs',
    name: 'ABS',
    densityGPerCm3: v(1.08, 'additive-tools', false, 1.04, 1.12),
    elasticModulusXyGPa: v(2.25, 'polymaker-tds'),
    elasticModulusZGPa: v(2.08, 'polymaker-tds'),
    tensileStrengthXyMPa: v(33, 'polymaker-tds'),
    tensileStrengthZMPa: v(30, 'polymaker-tds'),
    repeatedFlexStrain: v(0.015, 'covestro-snapfit', true),
    hysteresisLoss: v(0.06, E, true, 0.04, 0.08),
    elastomer: false,
    note: '',
  },
  {
    id: 'asa',
    name: 'ASA',
    densityGPerCm3: v(1.1, 'additive-tools', false, 1.07, 1.13),
    elasticModulusXyGPa: v(2.17, 'polymaker-tds'),
    elasticModulusZGPa: v(1.97, 'polymaker-tds'),
    tensileStrengthXyMPa: v(39, 'polymaker-tds'),
    tensileStrengthZMPa: v(30, 'polymaker-tds'),
    repeatedFlexStrain: v(0.015, 'covestro-snapfit', true),
    hysteresisLoss: v(0.06, E, true, 0.04, 0.08),
    elastomer: false,
    note: '',
  },
  {
    id: 'tpu-95a',
    name: 'TPU 95A',
    densityGPerCm3: v(1.22, 'covestro-texin'),
    elasticModulusXyGPa: v(0.05, 'covestro-texin', false, 0.03, 0.07),
    elasticModulusZGPa: null,
    tensileStrengthXyMPa: v(29, 'covestro-texin', false, 22, 36),
    tensileStrengthZMPa: v(18, 'additive-tools', false, 12, 24),
    repeatedFlexStrain: v(0.2, E, true, 0.15, 0.25),
    hysteresisLoss: v(0.5, E, true, 0.4, 0.6),
    elastomer: true,
    note: '~50 % hysteresis: poor spring, good ball',
  },
  {
    id: 'pa',
    name: 'PA (nylon)',
    densityGPerCm3: v(1.08, 'additive-tools', false, 1.01, 1.14),
    elasticModulusXyGPa: v(2.2, 'additive-tools'),
    elasticModulusZGPa: null,
    tensileStrengthXyMPa: v(52, E, true, 40, 65),
    tensileStrengthZMPa: null,
    repeatedFlexStrain: v(0.035, E, true, 0.03, 0.04),
    hysteresisLoss: v(0.08, E, true, 0.05, 0.1),
    elastomer: false,
    note: 'best for flexing; moisture-sensitive (modulus is for dry material)',
  },
  {
    id: 'pc',
    name: 'PC',
    densityGPerCm3: v(1.19, 'polymaker-tds'),
    elasticModulusXyGPa: v(2.5, 'polymaker-tds'),
    elasticModulusZGPa: v(2.37, 'polymaker-tds'),
    tensileStrengthXyMPa: v(69, 'polymaker-tds'),
    tensileStrengthZMPa: v(53, 'polymaker-tds'),
    repeatedFlexStrain: v(0.022, 'covestro-snapfit', true, 0.02, 0.024),
    hysteresisLoss: v(0.04, E, true, 0.02, 0.06),
    elastomer: false,
    note: 'notch-sensitive',
  },
];

/**
 * Fatigue for 10³–10⁴ one-sided cycles: keep peak stress near 0.3–0.4 × σ_xy (BRIEF §4, an estimate).
 * The solver uses the middle of that band.
 */
export const FATIGUE_STRESS_FRACTION: MaterialValue = v(0.35, E, true, 0.3, 0.4);

/**
 * Ball on the bore's wall: dry sliding friction of printed thermoplastics on themselves, 0.2–0.4 in pin-on-
 * disc tests of PLA, PETG and ABS (an estimate across layer textures, [E]). The solver uses the middle;
 * the dispersion spans the band.
 */
export const BORE_FRICTION: MaterialValue = v(0.3, E, true, 0.2, 0.4);

/** Brands differ by 10–25 % (BRIEF §4): the spread the per-printer calibration has to absorb. */
export const BRAND_SPREAD_FRACTION = { min: 0.1, max: 0.25 } as const;

export function findMaterial(id: string): Material | undefined {
  return MATERIALS.find((m) => m.id === id.toLowerCase());
}

export const MATERIAL_IDS: readonly string[] = MATERIALS.map((m) => m.id);
