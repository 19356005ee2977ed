/**
 * A game pack's `validate`: its files built in memory and checked from their exported bytes, by the
 * printability rules every part passes (print/*) and by the checks the pack lists (./checks.ts), each
 * run here as a validator rule (`<game>/<check>`) that measures the meshes, never the parameters.
 */
import { box, rayHitsMm, type Solid, type Vec3 } from '../geometry/kernel.js';
import type { Feature } from '../geometry/part.js';
import type { GenerateRequest } from '../generate/index.js';
import type { BuildSettings } from '../generate/types.js';
import { centroidMm, meshMoments } from '../geometry/mass.js';
import { measureFeature, probeFeature } from '../mesh/probe.js';
import { clearanceMm, PRINT_IN_PLACE_GAP_MM, SNAP_RETENTION_MM } from '../standard.js';
import { MM_PER_INCH } from '../units.js';
import { checkFiles } from '../validate/validate.js';
import { RULES } from '../validate/rules/index.js';
import type { Context, Finding, MeshFile, Report, Rule } from '../validate/types.js';
import { CHECKS, type CheckKind } from './checks.js';
import {
  bedHoleDepthMm,
  grooveCentresMm,
  measureArcGauge,
  measurePivot,
  measureTemplate,
  pegHeightMm,
} from '../mesh/measure.js';
import { generatePack, tableCounts, type PackFile } from './plan.js';
import type { Check, Game, Piece } from './types.js';

/** The printability rules every pack's parts pass, as the factions' do. */
export const PACK_PRINT_RULES = [
  'print/manifold',
  'print/bodies',
  'print/bed',
  'print/min-wall',
  'print/supports',
  'print/first-layer',
  'print/bed-chamfer',
  'print/sideways-holes',
] as const;

/** What a check's runner sees: the context, the pack, its planned files and the check's parameters. */
interface CheckRun {
  ctx: Context;
  game: Game;
  check: Check;
  /** The files of a piece, with their meshes' solids (null when a file is not one closed body: print/* says why). */
  filesOf(pieceId: string): { file: MeshFile; planned: PackFile; solid: Solid | null }[];
  report: Report;
}

const n3 = (x: number): number => Math.round(x * 1000) / 1000;
const featuresOf = (f: MeshFile, kind: string): Feature[] => f.features.filter((x) => x.kind === kind);
const param = <T>(c: Check, k: string): T => c.params[k] as T;

/** Each check kind's runner. */
const RUNNERS: Record<CheckKind, (run: CheckRun) => void> = {
  'feature-count'({ check, filesOf, report }) {
    const kind = param<string>(check, 'feature'),
      want = param<number>(check, 'count');
    for (const { file, solid } of filesOf(param(check, 'piece'))) {
      if (!solid) continue;
      const open = featuresOf(file, kind).filter((f) => probeFeature(solid, f).ok).length;
      if (open !== want)
        report({
          faction: null,
          part: file.part,
          message: `${file.path} has ${open} open ${kind}${open === 1 ? '' : 's'} on its mesh; the rules want ${want} (${check.rule})`,
          expected: want,
          measured: open,
          hint: `give the piece ${want} (its \`params\` in the pack)`,
        });
    }
  },
  'table-count'({ game, check, report }) {
    const piece = game.pieces.find((p) => p.id === param(check, 'piece'))!;
    const players = param<number>(check, 'players'),
      want = param<number>(check, 'count');
    // Of each of its files (a piece of several files, a board's tiles, prints each this many times).
    const got = tableCounts(game, piece, players).reduce((s, c) => s + c.quantity, 0);
    if (got !== want)
      report({
        faction: null,
        part: piece.id,
        message: `a table of ${players} prints ${got} ${piece.id}; the rules want ${want} (${check.rule})`,
        expected: want,
        measured: got,
        hint: `set ${piece.id}'s count (perPlayer × players + perTable = ${want})`,
      });
  },
  'count-ratio'({ game, check, report }) {
    const piece = game.pieces.find((p) => p.id === param(check, 'piece'))!,
      per = game.pieces.find((p) => p.id === param(check, 'per'))!;
    const ratio = param<number>(check, 'ratio');
    for (let players = game.players.min; players <= game.players.max; players++) {
      const count = (p: Piece): number => tableCounts(game, p, players).reduce((s, c) => s + c.quantity, 0);
      const [a, b] = [count(piece), count(per)];
      if (Math.abs(a - ratio * b) > 1e-9) {
        report({
          faction: null,
          part: piece.id,
          message: `a table of ${players} prints ${a} ${piece.id} for ${b} ${per.id}: ${ratio} per ${per.id} makes ${ratio * b} (${check.rule})`,
          expected: ratio * b,
          measured: a,
          hint: `count ${ratio} ${piece.id} for every ${per.id}`,
        });
        return;
      }
    }
  },
  'fits-in-square'({ check, filesOf, report }) {
    const margin = param<number>(check, 'marginMm');
    const board = filesOf(param(check, 'board'));
    const pitch = measuredSquareMm(board);
    if (pitch === null) {
      report({
        faction: null,
        part: board[0]?.file.part ?? param(check, 'board'),
        message: `no square grid found engraved on the ${param(check, 'board')}'s mesh: nothing to fit a piece in (${check.rule})`,
        expected: 'a grid of engraved lines',
        measured: 'none',
        hint: 'build the board with the board builder',
      });
      return;
    }
    for (const { file, solid } of filesOf(param(check, 'piece'))) {
      if (!solid) continue;
      const b = solid.bounds();
      const size = Math.max(b.max[0] - b.min[0], b.max[1] - b.min[1]);
      if (size + 2 * margin > pitch)
        report({
          faction: null,
          part: file.part,
          message: `${file.path} is ${n3(size)} mm long; a square of the board is ${n3(pitch)} mm between its grid lines, which leaves less than ${margin} mm each side (${check.rule})`,
          expected: `≤ ${n3(pitch - 2 * margin)} mm`,
          measured: `${n3(size)} mm`,
          hint: 'make the piece smaller or the squares larger (squareMm)',
        });
    }
  },
  'die-balance'({ check, filesOf, report }) {
    const faces = param<number>(check, 'faces'),
      tol = param<number>(check, 'toleranceMm');
    for (const { file, solid } of filesOf(param(check, 'piece'))) {
      if (!solid) continue;
      const mesh = solid.toMesh();
      const c = centroidMm(meshMoments(mesh));
      const b = solid.bounds();
      // The centre: where the die's face planes' distances balance, for a die lying on a face the middle of its bounds.
      const mid = [0, 1, 2].map((k) => (b.min[k]! + b.max[k]!) / 2);
      const off = Math.hypot(c[0] - mid[0]!, c[1] - mid[1]!, c[2] - mid[2]!);
      const planes = facePlanes(mesh);
      const found = planes.length;
      // Fairness: every face loses the same volume to its engraving, whatever its section (a straight cut, a
      // chamfered V, a wedge): the hull less the die in the face's pyramid, the points nearer its plane than any
      // other's (a neighbour face's engraving, kept a land from the edge, stays on its own side).
      const hull = solid.hull();
      const pyramid = (s: Solid, i: number): Solid =>
        planes.reduce((acc, { n, h }, j) => {
          if (j === i) return acc;
          // Nearer plane i than this one: h_i − n_i·p ≤ h − n·p, scaled to the unit normal trimByPlane takes.
          const a = planes[i]!,
            d = [a.n[0] - n[0], a.n[1] - n[1], a.n[2] - n[2]] as const,
            len = Math.hypot(...d);
          return acc.trimByPlane([d[0] / len, d[1] / len, d[2] / len], (a.h - h) / len);
        }, s);
      const lost = planes.map((_, i) => pyramid(hull, i).volumeMm3() - pyramid(solid, i).volumeMm3());
      const [lo, hi] = [Math.min(...lost), Math.max(...lost)];
      if (hi - lo > 0.01 * hi + 0.05)
        report({
          faction: null,
          part: file.part,
          message: `${file.path}'s faces lose ${n3(lo)}–${n3(hi)} mm³ to their engraving: the lighter faces land up more often (${check.rule})`,
          expected: 'equal within 1 %',
          measured: `${n3(lo)}–${n3(hi)} mm³`,
          hint: 'balance each face with a dot of the missing volume',
        });
      if (found !== faces)
        report({
          faction: null,
          part: file.part,
          message: `${file.path} has ${found} faces; the die rolls ${faces} (${check.rule})`,
          expected: faces,
          measured: found,
          hint: 'a die needs one face per outcome',
        });
      if (off > tol)
        report({
          faction: null,
          part: file.part,
          message: `${file.path}'s centre of mass is ${n3(off)} mm from its centre: it favours the faces on that side (${check.rule})`,
          expected: `≤ ${tol} mm`,
          measured: `${n3(off)} mm`,
          hint: 'balance the engraving: every face must lose the same volume',
        });
    }
  },
  'dial-stops'({ check, filesOf, report }) {
    const labels = param<string[]>(check, 'labels');
    for (const { file, planned, solid } of filesOf(param(check, 'piece'))) {
      if (!solid) continue;
      const engraved = (planned.job.options as { labels?: string[] }).labels ?? [];
      if (JSON.stringify(engraved) !== JSON.stringify(labels))
        report({
          faction: null,
          part: file.part,
          message: `${file.path} is engraved ${engraved.join(', ')}; the rules' values are ${labels.join(', ')} (${check.rule})`,
          expected: labels.join(', '),
          measured: engraved.join(', '),
          hint: "set the dial's `labels` to the rules' values",
        });
      const stops = stopAngles(solid, file);
      const even = stops.every((a, i) => i === 0 || Math.abs(a - stops[i - 1]! - 360 / stops.length) < 1);
      if (stops.length !== labels.length || !even)
        report({
          faction: null,
          part: file.part,
          message: `${file.path} has ${stops.length} detent dimples on its mesh${even ? '' : ', unevenly spaced'}; it must stop at each of ${labels.length} values (${check.rule})`,
          expected: labels.length,
          measured: stops.length,
          hint: 'one dimple per label, evenly round the detent circle',
        });
    }
  },
  'same-labels'({ game, check, filesOf, report }) {
    const other = game.pieces.find((p) => p.id === param(check, 'variantsOf'))!;
    const ids = other.variants.map((v) => v.id);
    for (const { file, planned } of filesOf(param(check, 'piece'))) {
      const labels = (planned.job.options as { labels?: string[] }).labels ?? [];
      if (JSON.stringify(labels) !== JSON.stringify(ids))
        report({
          faction: null,
          part: file.part,
          message: `${file.path} offers ${labels.join(', ')}; the ${other.id}s are ${ids.join(', ')} (${check.rule})`,
          expected: ids.join(', '),
          measured: labels.join(', '),
          hint: `set its labels to the ${other.id} ids, in order`,
        });
    }
  },
  click({ check, filesOf, report }) {
    const dials = filesOf(param(check, 'piece')),
      bases = filesOf(param(check, 'base'));
    for (const base of bases) {
      for (const dial of dials) {
        if (!base.solid || !dial.solid) continue;
        const bore = featuresOf(dial.file, 'dial-bore')[0];
        const pivots = featuresOf(base.file, 'dial-pivot'),
          nubs = featuresOf(base.file, 'detent-nub');
        if (!bore || pivots.length === 0) {
          report({
            faction: null,
            part: base.file.part,
            message: `${base.file.path} has no dial pivot or ${dial.file.path} no bore`,
            expected: 'a pivot and a bore',
            measured: 'none',
            hint: 'pair a dial with a dial-base',
          });
          continue;
        }
        const m = measurePivot(base.solid, pivots[0]!, dial.solid, bore);
        const nub = nubs.length ? pegHeightMm(base.solid, nubs[0]!) : 0;
        const engagement = nub - m.axialPlayMm;
        const dimples = featuresOf(dial.file, 'detent-dimple').map((f) => bedHoleDepthMm(dial.solid!, f));
        const pair = `${dial.file.path} on ${base.file.path}`;
        const { min, max } = SNAP_RETENTION_MM;
        const rotating = clearanceMm('rotating', 0.05);
        const slot = slotWidthMm(base.solid, pivots[0]!);
        const fail = (what: string, expected: string, measured: number, hint: string): void =>
          report({
            faction: null,
            part: base.file.part,
            message: `${pair}: ${what} (${check.rule})`,
            expected,
            measured: `${n3(measured)} mm`,
            hint,
          });
        if (m.axialPlayMm < 0) {
          fail(
            `the pivot's barb meets the bore ${n3(-m.axialPlayMm)} mm below the dial's top face: the dial cannot go on past it`,
            '≥ 0 mm of axial play',
            m.axialPlayMm,
            'build the dial and its base for the same dial thickness (dialThicknessMm = thicknessMm)',
          );
          continue;
        }
        if (m.retentionMm < min || m.retentionMm > max)
          fail(
            `the pivot's barb stands ${n3(m.retentionMm)} mm over the bore's edge`,
            `${min}–${max} mm`,
            m.retentionMm,
            'the dial must snap on and stay: size the barb to the bore',
          );
        if (m.radialPlayMm < rotating)
          fail(
            `the bore clears the pivot by ${n3(m.radialPlayMm)} mm: it will not turn`,
            `≥ ${rotating} mm`,
            m.radialPlayMm,
            'the bore takes the rotating clearance',
          );
        if (slot < PRINT_IN_PLACE_GAP_MM - 0.05)
          fail(
            `the slot between the pivot's prongs is ${n3(slot)} mm: they print fused`,
            `≥ ${PRINT_IN_PLACE_GAP_MM} mm`,
            slot,
            'split the pin by the print-in-place gap',
          );
        if (engagement < min || engagement > max)
          fail(
            `the detent nub stands ${n3(nub)} mm against ${n3(m.axialPlayMm)} mm of axial play: it clicks by ${n3(engagement)} mm`,
            `${min}–${max} mm`,
            engagement,
            'nub height = axial play + the engagement (GAME_INTERFACES.detent)',
          );
        const shallow = dimples.filter((d) => d < nub);
        if (shallow.length)
          fail(
            `${shallow.length} dimple${shallow.length === 1 ? ' is' : 's are'} shallower than the nub (${n3(Math.min(...shallow))} mm < ${n3(nub)} mm): the dial rides on it`,
            `≥ ${n3(nub)} mm`,
            Math.min(...shallow),
            'deepen the dimples',
          );
      }
    }
  },
  marks({ check, filesOf, report }) {
    const atIn = param<number[]>(check, 'atIn'),
      tol = param<number>(check, 'toleranceMm');
    const segs = filesOf(param(check, 'piece'));
    // Laid end to end, each butt face against the next, as measured: the ruler's 0 is its first face and
    // its last mark its far end. A mark on a butt face is a half mark on each segment: one mark, centred
    // where the two halves together are.
    const marks: { mm: number; file: MeshFile }[] = [];
    const sorted = [...segs].sort(
      (a, b) =>
        (a.planned.job.options as { fromIn: number }).fromIn - (b.planned.job.options as { fromIn: number }).fromIn,
    );
    let start = 0,
      pendingHalfMm = 0;
    for (const [i, { file, planned, solid }] of sorted.entries()) {
      if (!solid) continue;
      const m = rulerMarks(solid, (planned.job.options as { engraveDepthMm: number }).engraveDepthMm);
      if (i === 0) marks.push({ mm: 0, file });
      else if (pendingHalfMm > 0.05 || m.startHalfMm > 0.05)
        marks.push({ mm: start + (m.startHalfMm - pendingHalfMm) / 2, file });
      for (const x of m.inner) marks.push({ mm: start + x, file });
      pendingHalfMm = m.endHalfMm;
      start += m.lengthMm;
      if (i === sorted.length - 1) marks.push({ mm: start, file });
    }
    for (const inch of atIn) {
      const near = marks.reduce<{ mm: number; file: MeshFile } | null>(
        (best, m) => (!best || Math.abs(m.mm - inch * MM_PER_INCH) < Math.abs(best.mm - inch * MM_PER_INCH) ? m : best),
        null,
      );
      const err = near ? Math.abs(near.mm - inch * MM_PER_INCH) : Infinity;
      if (err > tol)
        report({
          faction: null,
          part: near?.file.part ?? param(check, 'piece'),
          message: `the ${inch}" mark is ${near ? `${n3(err)} mm off (at ${n3(near.mm)} mm)` : 'missing'} on the ruler's meshes (${check.rule})`,
          expected: `${n3(inch * MM_PER_INCH)} ± ${tol} mm`,
          measured: near ? `${n3(near.mm)} mm` : 'none',
          hint: "set the ruler's bandsIn to the rules' bands",
        });
    }
    for (const m of marks) {
      if (!atIn.some((inch) => Math.abs(m.mm - inch * MM_PER_INCH) <= tol))
        report({
          faction: null,
          part: m.file.part,
          message: `a full-width mark at ${n3(m.mm)} mm (${n3(m.mm / MM_PER_INCH)}") is no band edge of the rules (${check.rule})`,
          expected: atIn.map((i) => `${i}"`).join(', '),
          measured: `${n3(m.mm / MM_PER_INCH)}"`,
          hint: "the ruler's band edges must be the rules' ranges",
        });
    }
  },
  'holds-cards'({ check, filesOf, report, ctx }) {
    const w = param<number>(check, 'cardWidthMm'),
      l = param<number>(check, 'cardLengthMm'),
      cards = param<number>(check, 'cards'),
      t = param<number>(check, 'cardThicknessMm');
    const gap = 2 * clearanceMm('sliding', ctx.settings.clearanceMm);
    for (const { file, solid } of filesOf(param(check, 'piece'))) {
      if (!solid) continue;
      for (const bay of featuresOf(file, 'card-bay')) {
        const m = bayPlanMm(solid, bay);
        const depth = bayDepthMm(solid, bay);
        const [bw, bl] = [Math.min(m.widthMm, m.lengthMm), Math.max(m.widthMm, m.lengthMm)];
        if (bw < w + gap - 0.02 || bl < l + gap - 0.02)
          report({
            faction: null,
            part: file.part,
            message: `${file.path} ${bay.id} measures ${n3(bw)} × ${n3(bl)} mm; a ${w} × ${l} mm card needs ${n3(w + gap)} × ${n3(l + gap)} (${check.rule})`,
            expected: `≥ ${n3(w + gap)} × ${n3(l + gap)} mm`,
            measured: `${n3(bw)} × ${n3(bl)} mm`,
            hint: "set cardWidthMm and cardLengthMm to the cards'",
          });
        if (depth < cards * t - 0.01)
          report({
            faction: null,
            part: file.part,
            message: `${file.path} ${bay.id} is ${n3(depth)} mm deep; ${cards} cards of ${t} mm stand ${n3(cards * t)} mm (${check.rule})`,
            expected: `≥ ${n3(cards * t)} mm`,
            measured: `${n3(depth)} mm`,
            hint: 'deepen the bay (stackMm)',
          });
      }
    }
  },
  'lid-fit'({ check, filesOf, report, ctx }) {
    const gap = 2 * clearanceMm('sliding', ctx.settings.clearanceMm);
    for (const lid of filesOf(param(check, 'piece'))) {
      for (const tray of filesOf(param(check, 'over'))) {
        if (!lid.solid || !tray.solid) continue;
        const inside = featuresOf(lid.file, 'card-bay')[0];
        if (!inside) continue;
        const m = measureFeature(lid.solid, inside);
        const b = tray.solid.bounds();
        const [tw, tl] = [b.max[0] - b.min[0], b.max[1] - b.min[1]];
        const slack = Math.min(m.widthMm - tw, m.heightMm - tl);
        if (slack < gap - 0.02 || slack > gap + 0.3)
          report({
            faction: null,
            part: lid.file.part,
            message: `${lid.file.path}'s inside is ${n3(m.widthMm)} × ${n3(m.heightMm)} mm over ${tray.file.path}'s ${n3(tw)} × ${n3(tl)} mm: ${slack < gap ? 'it does not go on' : 'it falls off'} (${check.rule})`,
            expected: `${n3(gap)} mm of slack`,
            measured: `${n3(slack)} mm`,
            hint: 'give the lid the same card and bay parameters as its tray',
          });
      }
    }
  },
  'arc-angle'({ check, filesOf, report }) {
    const angle = param<number>(check, 'angleDeg'),
      tol = param<number>(check, 'toleranceDeg');
    for (const { file, planned, solid } of filesOf(param(check, 'piece'))) {
      if (!solid) continue;
      const m = measureArcGauge(solid, (planned.job.options as { lipMm?: number }).lipMm ?? 12);
      if (!m) {
        report({
          faction: null,
          part: file.part,
          message: `${file.path} has no square notch to hook on a base's corner`,
          expected: 'a notch',
          measured: 'none',
          hint: 'build it with the fire-arc-gauge builder',
        });
        continue;
      }
      // From the corner along the base's edges, the arc's line leaves at 180° − angle to one and 90° + angle to the other.
      const got = 180 - m.toEdgesDeg[0]!;
      if (Math.abs(got - angle) > tol || m.cornerOffLineMm > 0.1)
        report({
          faction: null,
          part: file.part,
          message: `${file.path}'s edge runs at ${n3(got)}° to the base's edge${m.cornerOffLineMm > 0.1 ? `, ${n3(m.cornerOffLineMm)} mm off the corner` : ''}; the rules' arc is ${angle}° (${check.rule})`,
          expected: `${angle} ± ${tol}°`,
          measured: `${n3(got)}°`,
          hint: "set the gauge's angleDeg to the rules'",
        });
    }
  },
  maneuvers({ check, filesOf, report }) {
    const tolDeg = param<number>(check, 'toleranceDeg'),
      tolLen = param<number>(check, 'lengthTolerance');
    for (const { file, planned, solid } of filesOf(param(check, 'piece'))) {
      if (planned.piece.builder !== 'movement-template') {
        report({
          faction: null,
          part: file.part,
          message: `${file.path} is built by ${planned.piece.builder}, not movement-template: it is no maneuver to measure (${check.rule})`,
          expected: 'a movement template',
          measured: planned.piece.builder,
          hint: 'name the piece of movement templates in the check',
        });
        continue;
      }
      if (!solid) continue;
      const o = planned.job.options as { lengthIn: number; turnDeg: number; widthMm: number };
      const m = measureTemplate(solid, o.widthMm);
      const lengthMm = o.lengthIn * MM_PER_INCH;
      if (!m || Math.abs(m.turnDeg - o.turnDeg) > tolDeg || Math.abs(m.centrelineMm - lengthMm) > tolLen * lengthMm) {
        report({
          faction: null,
          part: file.part,
          message: `${file.path} ${m ? `turns ${n3(m.turnDeg)}° over ${n3(m.centrelineMm)} mm` : 'has no square rear and front edges'}; its maneuver is ${o.lengthIn} in turning ${o.turnDeg}° (${check.rule})`,
          expected: `${o.turnDeg}° over ${n3(lengthMm)} mm`,
          measured: m ? `${n3(m.turnDeg)}° over ${n3(m.centrelineMm)} mm` : 'none',
          hint: 'the template builder must draw the maneuver it is given',
        });
      }
    }
  },
  'key-fit'({ check, filesOf, report, ctx }) {
    const files = filesOf(param(check, 'piece')).filter((f) => f.solid);
    const gap = 2 * clearanceMm('sliding', ctx.settings.clearanceMm);
    const keys = files.flatMap((f) =>
      featuresOf(f.file, 'key').map((k) => ({ f, w: measureFeature(f.solid!, k).widthMm })),
    );
    const ways = files.flatMap((f) =>
      featuresOf(f.file, 'keyway').map((k) => ({ f, w: measureFeature(f.solid!, k).widthMm })),
    );
    if (files.length > 1 && (keys.length === 0 || ways.length === 0))
      report({
        faction: null,
        part: files[0]!.file.part,
        message: `the ${files.length} files of ${param(check, 'piece')} have ${keys.length} keys and ${ways.length} keyways: they do not join (${check.rule})`,
        expected: 'keys and keyways',
        measured: `${keys.length} / ${ways.length}`,
        hint: 'neighbouring pieces need a key and a keyway',
      });
    const widest = Math.max(...keys.map((k) => k.w)),
      narrowest = Math.min(...ways.map((k) => k.w));
    if (keys.length && ways.length && narrowest - widest < gap - 0.03)
      report({
        faction: null,
        part: files[0]!.file.part,
        message: `a key's neck measures ${n3(widest)} mm and a keyway's ${n3(narrowest)} mm: ${n3(narrowest - widest)} mm of play where the sliding fit wants ${n3(gap)} (${check.rule})`,
        expected: `≥ ${n3(gap)} mm`,
        measured: `${n3(narrowest - widest)} mm`,
        hint: 'keys and keyways come from key-joint.ts: build both with the same clearance',
      });
  },
  'on-base'({ check, filesOf, report, ctx }) {
    const gap = 2 * clearanceMm('sliding', ctx.settings.clearanceMm);
    const bases = filesOf(param(check, 'base'));
    for (const ship of filesOf(param(check, 'piece'))) {
      const base = bases.find((b) => b.planned.variantId === ship.planned.variantId);
      const socket = featuresOf(ship.file, 'mast-socket').find((f) => f.id === 'base-socket'),
        peg = base && featuresOf(base.file, 'mast-peg')[0];
      if (!base || !socket || !peg) {
        report({
          faction: null,
          part: ship.file.part,
          message: `${ship.file.path} has ${base ? (socket ? 'a base with no peg' : 'no bottom socket') : `no base of its variant "${ship.planned.variantId}"`} to stand on (${check.rule})`,
          expected: 'a base of its variant, with a peg, and a bottom socket',
          measured: 'none',
          hint: 'build the miniature with the ship-miniature builder and its base with ship-base mount: peg, with the same variant ids',
        });
        continue;
      }
      if (!ship.solid || !base.solid) continue;
      const play = measureFeature(ship.solid, socket).minMm - measureFeature(base.solid, peg).maxMm;
      if (play < gap - 0.03)
        report({
          faction: null,
          part: ship.file.part,
          message: `${ship.file.path}'s bottom socket leaves ${n3(play)} mm round ${base.file.path}'s peg; the sliding fit wants ${n3(gap)} (${check.rule})`,
          expected: `≥ ${n3(gap)} mm`,
          measured: `${n3(play)} mm`,
          hint: 'cut the socket with cutters.mastSocket and stand the mast peg on the base at its nominal size',
        });
      const [depth, height] = [bedHoleDepthMm(ship.solid, socket), pegHeightMm(base.solid, peg)];
      if (depth < height)
        report({
          faction: null,
          part: ship.file.part,
          message: `${ship.file.path}'s bottom socket is ${n3(depth)} mm deep over a ${n3(height)} mm peg: the ship rocks on the peg's tip (${check.rule})`,
          expected: `≥ ${n3(height)} mm`,
          measured: `${n3(depth)} mm`,
          hint: 'the socket takes the mast peg with its depth clearance (fitDepthMm)',
        });
      // The ship's bow (+X) lies along the base's arrow (+Y): its footprint about the socket, turned a quarter, inside the base's about the peg.
      const s = ship.solid.bounds(),
        b = base.solid.bounds();
      const [sx, sy] = socket.positionMm,
        [px, py] = peg.positionMm;
      const over = Math.max(
        s.max[0] - sx - (b.max[1] - py),
        b.min[1] - py - (s.min[0] - sx),
        s.max[1] - sy - (px - b.min[0]),
        -(s.min[1] - sy) - (b.max[0] - px),
      );
      if (over > 0.01)
        report({
          faction: null,
          part: ship.file.part,
          message: `${ship.file.path} overhangs ${base.file.path} by ${n3(over)} mm: the rules measure from the base, so the ship must stand inside it (${check.rule})`,
          expected: '≤ 0 mm',
          measured: `${n3(over)} mm`,
          hint: 'make the hull shorter or narrower than its base',
        });
    }
  },
};

/** The pitch of a board's grid, measured between the engraved lines across its first tile's mesh. */
function measuredSquareMm(tiles: readonly { solid: Solid | null; planned: PackFile }[]): number | null {
  const t = tiles.find((x) => x.solid);
  if (!t) return null;
  const o = t.planned.job.options as { engraveDepthMm?: number };
  const b = t.solid!.bounds();
  const z = b.max[2] - (o.engraveDepthMm ?? 0.6) / 2;
  // Along three lines across the tile at uneven fractions of its depth, so at most one runs in a grid line.
  const gaps = [0.31, 0.43, 0.57].flatMap((f) => {
    const y = b.min[1] + (b.max[1] - b.min[1]) * f;
    const centres = grooveCentresMm(t.solid!, [b.min[0] - 1, y], [b.max[0] + 1, y], z);
    return centres
      .slice(1)
      .map((c, i) => c - centres[i]!)
      .filter((g) => g > 5);
  });
  // Markers split some squares' gaps; the pitch is the largest gap found more than once.
  const recurring = gaps.filter((g) => gaps.filter((h) => Math.abs(h - g) < 0.05).length > 1);
  return recurring.length ? Math.max(...recurring) : null;
}

/** Angles (degrees, sorted) of the detent dimples under a dial: holes in its first layer other than the bore. */
function stopAngles(solid: Solid, file: MeshFile): number[] {
  const bore = featuresOf(file, 'dial-bore')[0];
  const [cx, cy] = bore ? [bore.positionMm[0], bore.positionMm[1]] : [0, 0];
  const boreR = bore && bore.size.shape === 'round' ? bore.size.diameterMm / 2 : 0;
  const slice = solid.sliceAt(solid.bounds().min[2] + 0.1);
  const holes = slice.rings().filter((ring) => {
    const area =
      ring.reduce((s, p, i) => {
        const q = ring[(i + 1) % ring.length]!;
        return s + p[0] * q[1] - q[0] * p[1];
      }, 0) / 2;
    return area < 0; // clockwise rings are holes
  });
  const angles: number[] = [];
  for (const ring of holes) {
    const mx = ring.reduce((s, p) => s + p[0], 0) / ring.length,
      my = ring.reduce((s, p) => s + p[1], 0) / ring.length;
    if (Math.hypot(mx - cx, my - cy) < boreR + 0.5) continue;
    angles.push(((Math.atan2(my - cy, mx - cx) * 180) / Math.PI + 360) % 360);
  }
  return angles.sort((a, b) => a - b);
}

/** The faces of a convex die: distinct planes among its triangles holding more than 2 % of its area each, with each plane's offset (its outermost vertex along the normal). */
function facePlanes(mesh: ReturnType<Solid['toMesh']>): { n: [number, number, number]; h: number }[] {
  const p = mesh.positions,
    t = mesh.triangles;
  const planes: { n: [number, number, number]; area: number }[] = [];
  let total = 0;
  for (let i = 0; i < t.length; i += 3) {
    const a = t[i]! * 3,
      b = t[i + 1]! * 3,
      c = t[i + 2]! * 3;
    const u = [p[b]! - p[a]!, p[b + 1]! - p[a + 1]!, p[b + 2]! - p[a + 2]!],
      v = [p[c]! - p[a]!, p[c + 1]! - p[a + 1]!, p[c + 2]! - p[a + 2]!];
    const n: [number, number, number] = [
      u[1]! * v[2]! - u[2]! * v[1]!,
      u[2]! * v[0]! - u[0]! * v[2]!,
      u[0]! * v[1]! - u[1]! * v[0]!,
    ];
    const area = Math.hypot(...n) / 2;
    if (area === 0) continue;
    total += area;
    const unit: [number, number, number] = [n[0] / (2 * area), n[1] / (2 * area), n[2] / (2 * area)];
    const same = planes.find((q) => q.n[0] * unit[0] + q.n[1] * unit[1] + q.n[2] * unit[2] > 0.9995);
    if (same) same.area += area;
    else planes.push({ n: unit, area });
  }
  const big = planes.filter((q) => q.area > 0.02 * total);
  return big.map(({ n }) => {
    let h = -Infinity;
    for (let i = 0; i < p.length; i += 3) h = Math.max(h, n[0] * p[i]! + n[1] * p[i + 1]! + n[2] * p[i + 2]!);
    return { n, h };
  });
}

/** Width of the slot that splits a pivot, across it at mid-shaft (the slot runs along X). */
function slotWidthMm(base: Solid, pivot: Feature): number {
  const [x, y, z] = pivot.positionMm;
  const window = box([0.2, 20, 0.2], true).translate([x, y, z + 1.5]);
  const cut = base.intersect(window);
  if (cut.isEmpty()) return 0;
  const halves = cut.bodies().map((s) => s.bounds());
  if (halves.length < 2) return 0;
  halves.sort((a, b) => a.min[1] - b.min[1]);
  return halves[1]!.min[1] - halves[0]!.max[1];
}

/**
 * A card bay's plan at mid-depth, wall to wall: across through its centre, and along it a third of the way
 * to a side wall (its finger notch, through the front wall at the middle, would let a ray out).
 */
function bayPlanMm(solid: Solid, bay: Feature): { widthMm: number; lengthMm: number } {
  const [x, y, z0] = bay.positionMm;
  const z = z0 - bay.depthMm / 2;
  const span = (from: Vec3, dir: Vec3): number => {
    const reach = (d: Vec3): number =>
      rayHitsMm(solid, from, [from[0] + d[0] * 1000, from[1] + d[1] * 1000, from[2] + d[2] * 1000])[0] ?? Infinity;
    return reach(dir) + reach([-dir[0], -dir[1], -dir[2]]);
  };
  const w = bay.size.shape === 'rect' ? bay.size.widthMm : 0;
  return { widthMm: span([x, y, z], [1, 0, 0]), lengthMm: span([x + w / 3, y, z], [0, 1, 0]) };
}

/** Depth of a card bay: from its mouth (the tray's top) down to its floor, at its centre. */
function bayDepthMm(solid: Solid, bay: Feature): number {
  const [x, y, z] = bay.positionMm;
  const top = solid.bounds().max[2];
  const floor = solid.intersect(box([1, 1, top + 2], false).translate([x - 0.5, y - 0.5, -1]));
  return floor.isEmpty() ? Infinity : z - floor.bounds().max[2];
}

/**
 * A ruler segment measured along two lines near its edges (a full-width mark crosses both, a tick or a
 * label one at most; the key at the middle neither): its butt faces at mid-thickness, its grooves' centres
 * and the widths of the half marks on its two butt faces (0 when none), all from its start face.
 */
function rulerMarks(
  solid: Solid,
  engraveDepthMm: number,
): { lengthMm: number; inner: number[]; startHalfMm: number; endHalfMm: number } {
  const b = solid.bounds();
  const x0 = b.min[0] - 1,
    x1 = b.max[0] + 1;
  const ys = [0.15, 0.85].map((f) => b.min[1] + (b.max[1] - b.min[1]) * f);
  const hitsAt = (y: number, z: number): number[] => rayHitsMm(solid, [x0, y, z], [x1, y, z]).map((d) => d + x0);
  const runs = ys.map((y) => {
    const body = hitsAt(y, (b.min[2] + b.max[2]) / 2 - engraveDepthMm / 2);
    const [face0, face1] = [body[0]!, body.at(-1)!];
    const hits = hitsAt(y, b.max[2] - engraveDepthMm / 2);
    const inner: number[] = [];
    for (let i = 1; i + 1 < hits.length; i += 2) inner.push((hits[i]! + hits[i + 1]!) / 2 - face0);
    return { length: face1 - face0, inner, start: hits[0]! - face0, end: face1 - hits.at(-1)! };
  });
  const [a, c] = runs as [(typeof runs)[0], (typeof runs)[0]];
  return {
    lengthMm: Math.min(a.length, c.length),
    inner: a.inner.filter((x) => c.inner.some((x2) => Math.abs(x - x2) < 0.2)),
    startHalfMm: Math.min(a.start, c.start),
    endHalfMm: Math.min(a.end, c.end),
  };
}

/** The rules a pack's validate runs: the print rules (unless `printRules` is false), then its checks in the order it lists them. */
export function packRules(game: Game, planned: readonly PackFile[], printRules = true): Rule[] {
  const print = printRules ? RULES.filter((r) => (PACK_PRINT_RULES as readonly string[]).includes(r.id)) : [];
  const byPath = new Map(planned.map((p) => [p.job.path, p]));
  const checkRules = game.checks.map((check): Rule => ({
    id: `${game.id}/${check.kind}`,
    title: CHECKS[check.kind].title,
    check(ctx, report) {
      const filesOf = (pieceId: string) =>
        ctx.files
          .filter((f) => byPath.get(f.path)?.piece.id === pieceId)
          .map((file) => ({ file, planned: byPath.get(file.path)!, solid: ctx.solid(file) }));
      RUNNERS[check.kind]({ ctx, game, check, filesOf, report });
    },
  }));
  return [...print, ...checkRules];
}

/** Builds the pack's files and runs its rules; findings, errors first. */
export async function validatePack(
  game: Game,
  settings: BuildSettings,
  options: Pick<GenerateRequest, 'jobs' | 'pool' | 'cache'> & { printRules?: boolean } = {},
): Promise<Finding[]> {
  const { planned, files } = await generatePack(game, settings, options);
  return checkFiles(files, { factions: [], settings, rules: packRules(game, planned, options.printRules ?? true) });
}
