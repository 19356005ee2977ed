/**
 * Fit (BRIEF §3 mating pairs): each pair measured from its two meshes, the hole from inside
 * (measureFeature's smallest chord, or a rect hole's two sides) and the male part from outside (its largest
 * chord, or its sides), and the gap per side compared with the pair's clearance class at the printer's
 * clearance (`--clearance`).
 *
 * Tolerance: curved surfaces are polygons with edges ≤ 0.5 mm (kernel.circleSegments), so a round hole
 * measured across its flats is up to d·(1 − cos(π/n))/2 ≈ 0.01 mm per side smaller than its circle, and a
 * sphere's facets cost about as much again. A gap within FIT_TOLERANCE_MM (0.03 mm, 3× that) of the class
 * passes; tighter is an error (it will not go in, or will not turn), looser a warning (it rattles).
 */
import { rayHitsMm, type Solid } from '../../geometry/kernel.js';
import { featureBoxMm, type Feature, type FeatureKind } from '../../geometry/part.js';
import { add, onCircle } from '../../geometry/vec3.js';
import { featureFrame, measureFeature } from '../../mesh/probe.js';
import { BALLAST_WASHER, clearanceMm, WASHER_GRIP_MM, type MatingClass } from '../../standard.js';
import { pegSectionMm, thicknessAlongAxisMm } from '../measure.js';
import type { Context, MeshFile, Rule } from '../types.js';

export const FIT_TOLERANCE_MM = 0.03;

/**
 * How the pair is compared. `section`: the cross-sections, smallest sides together. `disc-on-edge`: a disc
 * standing in a slot, the slot's short side against the disc's thickness and its long side against the
 * diameter. `width`: only the hole's short side against the male part's width along its axis (the wheel
 * in its fork; the gap's length takes the wheel's diameter with a rubber band, which is not rigid).
 */
type Compare = 'section' | 'disc-on-edge' | 'width';

interface Pair {
  name: string;
  hole: FeatureKind;
  peg: FeatureKind;
  mating: MatingClass;
  compare: Compare;
  what: string;
}

/** BRIEF §3's mating pairs, each with its clearance class. */
export const FIT_PAIRS: readonly Pair[] = [
  {
    name: 'mast-socket',
    hole: 'mast-socket',
    peg: 'mast-peg',
    mating: 'sliding',
    compare: 'section',
    what: 'mast peg in the hull mast socket',
  },
  {
    name: 'flag-hole',
    hole: 'flag-hole',
    peg: 'mast-peg',
    mating: 'sliding',
    compare: 'section',
    what: 'mast peg in the island flag hole',
  },
  {
    name: 'cargo-socket',
    hole: 'cargo-socket',
    peg: 'cargo-peg',
    mating: 'sliding',
    compare: 'section',
    what: 'cargo peg in the cargo socket',
  },
  {
    name: 'turret-seat',
    hole: 'turret-seat',
    peg: 'turret-pivot',
    mating: 'rotating',
    compare: 'section',
    what: 'turret pivot in the turret seat',
  },
  {
    name: 'cannon-slot',
    hole: 'cannon-slot',
    peg: 'cannon-plug',
    mating: 'sliding',
    compare: 'section',
    what: 'cannon plug in the cannon slot',
  },
  { name: 'bore', hole: 'bore', peg: 'ball', mating: 'rotating', compare: 'section', what: 'cannonball in the bore' },
  {
    name: 'bearing',
    hole: 'bearing',
    peg: 'axle',
    mating: 'rotating',
    compare: 'section',
    what: 'wheel axle in the carriage bearing',
  },
  {
    name: 'wheel-slot',
    hole: 'wheel-slot',
    peg: 'carriage-block',
    mating: 'press',
    compare: 'section',
    what: "wheel carriage in the hull's wheel slot",
  },
  {
    name: 'sleeve',
    hole: 'sleeve',
    peg: 'mast-tenon',
    mating: 'sliding',
    compare: 'section',
    what: 'mast tenon in the flag-holder sleeve',
  },
  {
    name: 'sail-loop',
    hole: 'sail-loop',
    peg: 'mast-pole',
    mating: 'sliding',
    compare: 'section',
    what: 'mast pole in the sail loops',
  },
  {
    name: 'coin-slot',
    hole: 'coin-slot',
    peg: 'coin',
    mating: 'sliding',
    compare: 'disc-on-edge',
    what: 'coin in the coin slot',
  },
  {
    name: 'fork-gap',
    hole: 'fork-gap',
    peg: 'wheel-rim',
    mating: 'rotating',
    compare: 'width',
    what: 'wheel in the carriage fork',
  },
];

const round2 = (x: number): number => Math.round(x * 1000) / 1000;

/** The hole's sizes to compare, smallest first: its sides (a square hole) or its least diameter. */
function holeSizes(ctx: Context, holeFile: MeshFile, hole: Feature): number[] | null {
  const hs = ctx.solid(holeFile);
  if (!hs) return null;
  const m = measureFeature(hs, hole);
  return hole.size.shape === 'rect' ? [m.widthMm, m.heightMm].sort((a, b) => a - b) : [m.minMm];
}

/** The male part's sizes to compare with a hole's, as `compare` says. */
function pegSizes(ctx: Context, compare: Compare, pegFile: MeshFile, peg: Feature): number[] | null {
  const ps = ctx.solid(pegFile);
  if (!ps) return null;
  if (compare === 'section') return pegSectionMm(ps, peg);
  if (compare === 'width') return [thicknessAlongAxisMm(ps, peg, 0.5)];
  // A disc on edge: its thickness on its rim (a coin's face is sunk inside it) and its diameter.
  return [thicknessAlongAxisMm(ps, peg, DISC_RIM_FRACTION), ...pegSectionMm(ps, peg)];
}

/** Memoizes `f` by its key, for one rule's run. */
function memo<K, V>(f: (k: K) => V): (k: K) => V {
  const kept = new Map<K, V>();
  return (k) => {
    if (!kept.has(k)) kept.set(k, f(k));
    return kept.get(k)!;
  };
}

/** Where a disc's thickness is measured: 94 % of its radius, on a coin's 1.2 mm rim and inside its bed chamfer. */
const DISC_RIM_FRACTION = 0.94;

function fitRule(pair: Pair): Rule {
  return {
    id: `fit/${pair.name}`,
    title: `${pair.what}: gap per side = ${pair.mating} clearance ± ${FIT_TOLERANCE_MM} mm`,
    check(ctx, report) {
      const want = clearanceMm(pair.mating, ctx.settings.clearanceMm);
      const pegs = ctx.files.flatMap((file) =>
        ctx
          .features(file)
          .filter((f) => f.kind === pair.peg && f.role === 'peg')
          .map((feature) => ({ file, feature })),
      );
      // Each hole and each male part measured once: a shared hole meets every male part of its kind (a table
      // of N factions has N sets of fittings), so measuring per pair would grow with N².
      const pegSize = memo((p: (typeof pegs)[number]) => pegSizes(ctx, pair.compare, p.file, p.feature));
      for (const holeFile of ctx.files) {
        // A faction's part goes into its own ship or a shared part; a shared part takes any faction's, and
        // a shared one where the shared parts' own findings are reported (Context.checked). A hole nothing
        // goes into here is not measured.
        const mating = pegs.filter(
          (p) =>
            (!p.file.faction || !holeFile.faction || p.file.faction === holeFile.faction) &&
            (p.file.faction || ctx.checked.includes(holeFile)),
        );
        if (mating.length === 0) continue;
        for (const hole of ctx.features(holeFile).filter((f) => f.kind === pair.hole && f.role === 'hole')) {
          const sides = holeSizes(ctx, holeFile, hole);
          if (!sides) continue;
          for (const peg of mating) {
            const pegSides = pegSize(peg);
            if (!pegSides) continue;
            const s = { hole: pair.compare === 'width' ? sides.slice(0, 1) : sides, peg: pegSides };
            const gaps = s.hole.map((h, i) => (h - s.peg[i]!) / 2);
            const gap = Math.min(...gaps);
            if (gap >= want - FIT_TOLERANCE_MM && Math.max(...gaps) <= want + FIT_TOLERANCE_MM) continue;
            const tight = gap < want - FIT_TOLERANCE_MM;
            const worst = tight ? gap : Math.max(...gaps);
            report({
              severity: tight ? 'error' : 'warning',
              faction: holeFile.faction,
              part: holeFile.part,
              message: `${pair.what} (${hole.id} of ${holeFile.path}, ${peg.feature.id} of ${peg.file.path}): the gap per side is ${round2(worst)} mm, the ${pair.mating} class wants ${round2(want)} mm (hole ${s.hole.map(round2).join(' × ')} mm, part ${s.peg.map(round2).join(' × ')} mm)`,
              expected: round2(want),
              measured: round2(worst),
              hint: tight
                ? `it will ${pair.mating === 'rotating' ? 'bind' : 'not go in'}: cut the hole with cutters.ts's fitHoleMm, or slim the male part to its nominal size`
                : 'it will rattle: size the hole with fitHoleMm for this class',
              at: { file: holeFile.path, boxMm: featureBoxMm(hole) },
            });
          }
        }
      }
    },
  };
}

/** Directions round a boss in which its radius is measured. */
const BOSS_RAYS = 24;

/**
 * The boss standing in an annular hole (a ballast pocket's), measured at mid-depth by rays from the ring
 * between it and the wall in toward the axis: its smallest and largest diameter, or null where a ray
 * meets nothing.
 */
export function bossDiameterMm(solid: Solid, f: Feature): { minMm: number; maxMm: number } | null {
  if (f.size.shape !== 'round' || f.size.coreDiameterMm === undefined) return null;
  const { u, v } = featureFrame(f);
  const ring = (f.size.coreDiameterMm + f.size.diameterMm) / 4;
  const middle = add(f.positionMm, f.axis, -f.depthMm / 2);
  const radii: number[] = [];
  for (let i = 0; i < BOSS_RAYS; i++) {
    const dir = onCircle(u, v, (2 * Math.PI * i) / BOSS_RAYS);
    const start = add(middle, dir, ring);
    const hit = rayHitsMm(solid, start, middle)[0];
    if (hit === undefined) return null;
    radii.push(ring - hit);
  }
  return { minMm: 2 * Math.min(...radii), maxMm: 2 * Math.max(...radii) };
}

/**
 * The ballast washers press onto their pocket's boss: measured across its flats and its corners, it
 * overlaps every hole ISO 7089 allows (BALLAST_WASHER.holeMinMm–holeMaxMm) by WASHER_GRIP_MM per side.
 */
export const ballastBoss: Rule = {
  id: 'fit/ballast-boss',
  title: `ballast washers (${BALLAST_WASHER.name}) on the boss in every ballast pocket: it overlaps their hole (${BALLAST_WASHER.holeMinMm}–${BALLAST_WASHER.holeMaxMm} mm) by ${WASHER_GRIP_MM.min}–${WASHER_GRIP_MM.max} mm per side, so they press on and stay`,
  check(ctx, report) {
    const w = BALLAST_WASHER;
    for (const file of ctx.checked) {
      const solid = ctx.solid(file);
      if (!solid) continue;
      // A hull's probed features are the ones its card counts; its ballast pocket is in its manifest.
      const pockets = [...ctx.features(file), ...file.features].filter(
        (x, i, all) => x.kind === 'ballast-pocket' && x.role === 'hole' && all.findIndex((y) => y.id === x.id) === i,
      );
      for (const f of pockets) {
        const boss = bossDiameterMm(solid, f);
        if (!boss) continue;
        const least = (boss.minMm - w.holeMaxMm) / 2,
          most = (boss.maxMm - w.holeMinMm) / 2;
        if (least >= WASHER_GRIP_MM.min && most <= WASHER_GRIP_MM.max) continue;
        const loose = least < WASHER_GRIP_MM.min;
        report({
          faction: file.faction,
          part: file.part,
          message: `the boss in ${f.id} of ${file.path} is ${round2(boss.minMm)}–${round2(boss.maxMm)} mm across: it overlaps a washer's hole by ${round2(least)} mm per side at its largest (${w.holeMaxMm} mm) and ${round2(most)} mm at its smallest (${w.holeMinMm} mm)`,
          expected: loose ? `≥ ${WASHER_GRIP_MM.min} mm` : `≤ ${WASHER_GRIP_MM.max} mm`,
          measured: round2(loose ? least : most),
          hint: loose
            ? 'the washers will fall out: size the boss with standard.ts washerBossMm'
            : 'the washers will not go on without splitting the boss: size it with standard.ts washerBossMm',
          at: { file: file.path, boxMm: featureBoxMm(f) },
        });
      }
    }
  },
};

export const FIT_RULES: readonly Rule[] = [...FIT_PAIRS.map(fitRule), ballastBoss];
