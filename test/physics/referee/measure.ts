/**
 * The referee's measurement of an exported cannon (test/physics/referee.test.ts): everything the dynamic model
 * needs, taken from the STL's triangles and nothing from the builder's layout or the solver's parameters.
 *
 * What is assumed of the object (issue 9; src/parts/cannon.ts's header): it fires along +X with the plug at
 * the least X and the muzzle at the greatest; the flex arm lies along Y and bends in XY; everything that moves
 * (arm, tip block, thumb pad, pusher) hangs from the frame by the arm's root alone; the thumb pad is the moving
 * assembly's tallest part, behind the pusher (on the bore's line or beside it), and the release catch is fixed
 * material beside it whose top rises to the pad's top;
 * the pusher is the moving assembly's front (+X), a face whose top edge the ball may ride on.
 * The bore feature (metadata) is used only to cross-check the elevation measured on the mesh.
 * Millimetres throughout; distances "from the root" run along the unbent arm.
 */
import { fromMesh, withArena, type MeshData } from '../../../src/geometry/kernel.js';
import type { Feature } from '../../../src/geometry/part.js';
import { parseStl } from '../../../src/mesh/stl.js';
import {
  bodies,
  boundsOf,
  lineIntervals,
  loopCentroid,
  massProperties,
  pointInside,
  section,
  sectionOf,
  sectionLoops,
  type Bounds3,
  type Section,
} from './mesh.js';

/** The arm's section at one place along it. */
export interface ArmSection {
  fromRootMm: number;
  areaMm2: number;
  /** Second moment about the section's own centroidal Z axis (bending in XY). */
  secondMomentMm4: number;
  /** From the section's centroid to its farthest fibre along X (the bending strain's lever). */
  fibreMm: number;
  thicknessMm: number;
  /** Its height on the bed (the arm's "width" b). */
  heightMm: number;
}

export interface MeasuredCannon {
  arm: {
    /** Y of the plane where the arm leaves the frame, and where it enters the tip block. */
    rootY: number;
    tipY: number;
    lengthMm: number;
    /** Thinnest section along X (the printed plate's thickness where no fillet thickens it). */
    thicknessMm: number;
    rootHeightMm: number;
    tipHeightMm: number;
    /** The bed (the mesh's lowest z): the arm stands on it. */
    bedZ: number;
    /** Sections from root to tip, evenly spaced, ends included. */
    sections: ArmSection[];
    volumeMm3: number;
    /** X of the arm's neutral axis (centroid of its mid-length section). */
    axisX: number;
  };
  /** Everything beyond the arm's tip that moves with it (tip block, pad, pusher). */
  tipBlock: {
    volumeMm3: number;
    /** Its reach along the arm beyond the tip, and its centroid's distance from the root and from the arm's axis (+X). */
    lengthMm: number;
    centroidFromRootMm: number;
    centroidOffsetMm: number;
    /** ∫r² dV about the Z axis through its centroid, and through the arm's tip node (axis point at the tip). */
    polarCentroidMm5: number;
    polarAtTipMm5: number;
  };
  /** The whole moving assembly, arm included: volume and ∫r² dV about the Z axis through the arm's root point. */
  moving: { volumeMm3: number; polarAtRootMm5: number };
  pad: {
    /** Centre of the pad's thumb face along the arm (where the thumb pushes). */
    centreFromRootMm: number;
    /** The pad's edge beside the catch, along the arm. */
    catchEdgeFromRootMm: number;
    topZ: number;
    /** Below this its front is hidden from a thumb: fixed material stands within 3 mm in front of it. */
    clearFromZ: number;
    frontX: number;
    yRange: [number, number];
  };
  catch: {
    /** How far the pad's top front edge travels back (−X) before the catch's top reaches the pad's top. */
    drawMm: number;
    /** The catch's top surface rise per millimetre of X where it meets the pad's top (1 for a 45° ramp). */
    slope: number;
    y: number;
  };
  pusher: {
    /** X of its front face, and Z of the face's top edge (the corner a ball riding higher meets). */
    frontX: number;
    cornerZ: number;
    /** The bore's axis along the arm from the root: where the pusher's force acts. */
    contactFromRootMm: number;
    /** The ball's centre line (on the bore's floor) above the corner, at the face. */
    ballLineAboveCornerMm: number;
    /** Along the ball's line from above the face to the muzzle. */
    muzzleAlongLineMm: number;
    /** The pusher's centre across the bore's axis (Y), which should be 0. */
    offsetFromBoreMm: number;
  };
  bore: {
    elevationDeg: number;
    /** The bore feature's own elevation (metadata), for the cross-check. */
    featureElevationDeg: number;
    diameterMm: number;
    /** The bore's axis at the muzzle, above the plug's centre line (the slot's). */
    muzzleRiseMm: number;
    /** How far the ball's centre, resting on the bore's floor, is below the axis (measured vertically). */
    ballDropMm: number;
  };
}

/** The moving assembly is cut free this far below the arm's root (a cut on the root block's face grazes it). */
const ROOT_CUT_MM = 0.01;
/** Samples along the arm (every ~0.25 mm for a 30 mm arm): a taper is linear, fillets are resolved. */
const ARM_SAMPLES = 121;
/** Longest draw the catch is searched for: 0.4 × the longest arm the builder takes (45 mm) and then some. */
const MAX_DRAW_MM = 25;

/**
 * Measures an exported cannon. `ballDiameterMm` sets how far the ball, on the bore's floor, rides below its
 * axis; `features` are the Part's (only the bore's axis is read, to cross-check the elevation measured here).
 */
export function measureCannon(stl: Uint8Array, ballDiameterMm: number, features: readonly Feature[]): MeasuredCannon {
  return withArena(() => {
    const mesh = parseStl(stl);
    const solid = fromMesh(mesh);
    const all = boundsOf(mesh);
    const anchored = (b: Bounds3): boolean => b.min[0] <= all.min[0] + 1e-3 || b.max[0] >= all.max[0] - 1e-3;
    // The bodies of the cannon cut at y = c (the part with y ≤ c) that touch neither the plug nor the muzzle;
    // cuts that graze a face can leave slivers, so a freed body must have substance.
    const loose = (c: number): MeshData[] =>
      bodies(solid.trimByPlane([0, -1, 0], -c).toMesh()).filter(
        (b) => !anchored(boundsOf(b)) && massProperties(b).volumeMm3 > 1,
      );

    // The root: coming down from the frame's far end, the first cut that frees a body (the arm and all it carries).
    let c = all.max[1] - 0.25;
    while (c > all.min[1] && loose(c).length === 0) c -= 1;
    if (c <= all.min[1]) throw new Error('no part of the cannon hangs from the frame by a single arm');
    let lo = c,
      hi = c + 1;
    while (hi - lo > 2e-4) {
      const mid = (lo + hi) / 2;
      if (loose(mid).length > 0) lo = mid;
      else hi = mid;
    }
    const rootY = hi;
    // Taken a little below the root face, where the cut is clean.
    const freed = loose(rootY - ROOT_CUT_MM);
    if (freed.length !== 1) throw new Error(`cutting the arm at its root frees ${freed.length} bodies, expected 1`);
    const moving = freed[0]!;

    // The arm's tip: coming down from the root, where the section's bending stiffness jumps (the tip block's face).
    const sectionAt = (y: number): Section => {
      const s = section(moving, 1, y);
      if (!s) throw new Error(`the moving assembly has no section at y = ${y}`);
      return s;
    };
    const step = 0.25;
    let prev = sectionAt(rootY - ROOT_CUT_MM - 1e-3);
    let y = rootY - step;
    let minThickness = prev.uRange[1] - prev.uRange[0];
    for (; ; y -= step) {
      if (y < all.min[1]) throw new Error('the arm never meets a tip block');
      const s = sectionAt(y);
      minThickness = Math.min(minThickness, s.uRange[1] - s.uRange[0]);
      if (s.iuuMm4 > 1.5 * prev.iuuMm4) break;
      prev = s;
    }
    const stiffAbove = prev.iuuMm4;
    lo = y;
    hi = y + step;
    while (hi - lo > 1e-4) {
      const mid = (lo + hi) / 2;
      if (sectionAt(mid).iuuMm4 > 1.5 * stiffAbove) lo = mid;
      else hi = mid;
    }
    const tipY = (lo + hi) / 2;
    const lengthMm = rootY - tipY;

    const sections: ArmSection[] = [];
    for (let i = 0; i < ARM_SAMPLES; i++) {
      // Ends sampled a hair inside, off the faces the arm shares with the root and tip blocks.
      const s = Math.min(Math.max((i / (ARM_SAMPLES - 1)) * lengthMm, ROOT_CUT_MM + 1e-3), lengthMm - 2e-3);
      const q = sectionAt(rootY - s);
      sections.push({
        fromRootMm: (i / (ARM_SAMPLES - 1)) * lengthMm,
        areaMm2: q.areaMm2,
        secondMomentMm4: q.iuuMm4,
        fibreMm: Math.max(q.centroid[0] - q.uRange[0], q.uRange[1] - q.centroid[0]),
        thicknessMm: q.uRange[1] - q.uRange[0],
        heightMm: q.vRange[1] - q.vRange[0],
      });
    }
    let armVolume = 0;
    for (let i = 1; i < sections.length; i++)
      armVolume +=
        ((sections[i]!.areaMm2 + sections[i - 1]!.areaMm2) / 2) *
        (sections[i]!.fromRootMm - sections[i - 1]!.fromRootMm);
    const mid = sectionAt(rootY - lengthMm / 2);
    const axisX = mid.centroid[0];
    const tipSection = sectionAt(tipY + 1e-3);

    // The tip block: the body beyond the tip that holds the arm's tip section.
    const beyond = bodies(solid.trimByPlane([0, -1, 0], -tipY).toMesh()).filter((b) =>
      pointInside(b, [tipSection.centroid[0], tipY - 0.01, tipSection.centroid[1]]),
    );
    if (beyond.length !== 1) throw new Error(`found ${beyond.length} bodies beyond the arm's tip`);
    const block = beyond[0]!;
    const bm = massProperties(block);
    const blockBounds = boundsOf(block);
    const polarCentroid = bm.xxMm5 + bm.yyMm5;
    const polarAt = (x: number, yy: number): number =>
      polarCentroid + bm.volumeMm3 * ((bm.centroidMm[0] - x) ** 2 + (bm.centroidMm[1] - yy) ** 2);
    const mm = massProperties(moving);
    const movingPolarAtRoot =
      mm.xxMm5 + mm.yyMm5 + mm.volumeMm3 * ((mm.centroidMm[0] - axisX) ** 2 + (mm.centroidMm[1] - rootY) ** 2);

    // The thumb pad: the tip block's tallest part, seen from just under its top.
    const padTopZ = blockBounds.max[2];
    const padSection = sectionOf(sectionLoops(block, 2, padTopZ - 0.25));
    if (!padSection) throw new Error('no thumb pad');
    const padX = padSection.uRange;
    const padYRange = padSection.vRange;

    // The bore, from two sections across it ahead of the pusher; the plug's centre line from a section across it.
    const pusherFrontX = blockBounds.max[0];
    const holeCentre = (x: number): [number, number] | null => {
      const s = section(mesh, 0, x);
      const holes = s ? s.loops.filter((_, i) => s.holes[i]) : [];
      return holes.length === 1 ? loopCentroid(holes[0]!) : null;
    };
    const muzzleX = all.max[0];
    const nearMuzzle = muzzleX - 0.05;
    const atMuzzle = holeCentre(nearMuzzle);
    if (!atMuzzle) throw new Error('no bore at the muzzle');
    let inside: [number, number] | null = null;
    let insideX = 0;
    for (const f of [0.5, 0.6, 0.7, 0.8]) {
      insideX = pusherFrontX + f * (muzzleX - pusherFrontX);
      inside = holeCentre(insideX);
      if (inside) break;
    }
    if (!inside) throw new Error('no closed bore ahead of the pusher');
    const tanElevation = (atMuzzle[1] - inside[1]) / (nearMuzzle - insideX);
    const elevation = Math.atan(tanElevation);
    const boreY = atMuzzle[0];
    const axisZAt = (x: number): number => atMuzzle[1] + (x - nearMuzzle) * tanElevation;
    const boreHole = section(mesh, 0, nearMuzzle)!;
    const holeLoop = boreHole.loops.find((_, i) => boreHole.holes[i])!;
    let holeHeight = 0;
    for (let k = 1; k < holeLoop.length; k += 2) holeHeight = Math.max(holeHeight, holeLoop[k]!);
    // A tilted round bore cut across X is an ellipse (diameter/cos θ tall).
    const boreDiameter = 2 * (holeHeight - atMuzzle[1]) * Math.cos(elevation);
    const plug = section(mesh, 0, all.min[0] + 0.25);
    if (!plug) throw new Error('no plug at the back');
    const slotCentreZ = plug.centroid[1];

    const bore = features.find((f) => f.kind === 'bore');
    if (!bore) throw new Error('the part declares no bore');
    const featureElevation = Math.atan2(bore.axis[2], Math.hypot(bore.axis[0], bore.axis[1]));
    // The pad may stand on the bore's line (behind the barrel) or beside it, but behind the pusher's face.
    if (padX[1] >= pusherFrontX - 1e-3)
      throw new Error("the tallest moving part is the block's front: the pusher, not a thumb pad");

    // The pusher: the tip block's front, across the bore's axis: its face, and the face's top edge.
    const r = ballDiameterMm / 2;
    const pusherFace = section(block, 0, pusherFrontX - 0.05)!;
    let cornerZ = -Infinity;
    for (const v of block.triangles) {
      if (Math.abs(block.positions[v * 3]! - pusherFrontX) < 1e-4)
        cornerZ = Math.max(cornerZ, block.positions[v * 3 + 2]!);
    }
    // The ball rests on the bore's floor: its centre (R − r)/cos θ below the axis.
    const ballDrop = (boreDiameter / 2 - r) / Math.cos(elevation);

    // The catch: fixed material beside the pad whose top rises to the pad's top as the pad is drawn back.
    // Along a vertical line the cannon's solid stretches belong either to the frame or to the moving assembly.
    const frameTop = (x: number, yy: number): number => {
      let top = -Infinity;
      for (const [a, b] of lineIntervals(mesh, 2, x, yy))
        if (!pointInside(moving, [x, yy, (a + b) / 2])) top = Math.max(top, b);
      return top;
    };
    const padFront = padX[1];
    // The catch may reach well behind the pad's own back face: search up to MAX_DRAW_MM.
    const reach = (yy: number): number | null => {
      // Quick refusal: no fixed material just under the pad's top height within reach.
      const under = lineIntervals(mesh, 0, yy, padTopZ - 0.01).filter(
        ([a, b]) =>
          b > padFront - MAX_DRAW_MM && a < padFront && !pointInside(moving, [(a + b) / 2, yy, padTopZ - 0.01]),
      );
      if (under.length === 0) return null;
      if (frameTop(padFront - 1e-3, yy) >= padTopZ - 0.1) return null; // would block the pad outright, not a catch
      const high = (d: number): boolean => frameTop(padFront - d, yy) >= padTopZ - 2e-5;
      for (let d = 0.5; d <= MAX_DRAW_MM; d += 0.5) {
        if (!high(d)) continue;
        let a = d - 0.5,
          b = d;
        while (b - a > 1e-5) {
          const m = (a + b) / 2;
          if (high(m)) b = m;
          else a = m;
        }
        return (a + b) / 2;
      }
      return null;
    };
    let catchY = NaN;
    let draw: number | null = null;
    for (let k = 1; k <= 60 && draw === null; k++) {
      for (const yy of [padYRange[0] - 0.2 * k, padYRange[1] + 0.2 * k]) {
        draw = reach(yy);
        if (draw !== null) {
          catchY = yy;
          break;
        }
      }
    }
    if (draw === null) throw new Error('no catch beside the thumb pad rises to its top');

    const slopeDx = Math.min(0.5, draw / 2);
    const slope =
      (frameTop(padFront - draw + slopeDx, catchY) - frameTop(padFront - draw + 2 * slopeDx, catchY)) / slopeDx;
    const catchEdgeY = catchY < padYRange[0] ? padYRange[0] : padYRange[1];

    return {
      arm: {
        rootY,
        tipY,
        lengthMm,
        thicknessMm: minThickness,
        rootHeightMm: sections[0]!.heightMm,
        bedZ: all.min[2],
        tipHeightMm: sections[sections.length - 1]!.heightMm,
        sections,
        volumeMm3: armVolume,
        axisX,
      },
      tipBlock: {
        volumeMm3: bm.volumeMm3,
        lengthMm: tipY - blockBounds.min[1],
        centroidFromRootMm: rootY - bm.centroidMm[1],
        centroidOffsetMm: bm.centroidMm[0] - axisX,
        polarCentroidMm5: polarCentroid,
        polarAtTipMm5: polarAt(axisX, tipY),
      },
      moving: { volumeMm3: mm.volumeMm3, polarAtRootMm5: movingPolarAtRoot },
      pad: {
        centreFromRootMm: rootY - (padYRange[0] + padYRange[1]) / 2,
        catchEdgeFromRootMm: rootY - catchEdgeY,
        topZ: padTopZ,
        clearFromZ: Math.max(
          ...[0.5, 1.5, 2.5].map((dx) => frameTop(padFront + dx, (padYRange[0] + padYRange[1]) / 2)),
          all.min[2],
        ),
        frontX: padFront,
        yRange: padYRange,
      },
      catch: { drawMm: draw, slope, y: catchY },
      pusher: {
        frontX: pusherFrontX,
        cornerZ,
        contactFromRootMm: rootY - boreY,
        ballLineAboveCornerMm: axisZAt(pusherFrontX) - ballDrop - cornerZ,
        muzzleAlongLineMm: (muzzleX - pusherFrontX) / Math.cos(elevation),
        offsetFromBoreMm: (pusherFace.uRange[0] + pusherFace.uRange[1]) / 2 - boreY,
      },
      bore: {
        elevationDeg: (elevation * 180) / Math.PI,
        featureElevationDeg: (featureElevation * 180) / Math.PI,
        diameterMm: boreDiameter,
        muzzleRiseMm: axisZAt(muzzleX) - slotCentreZ,
        ballDropMm: ballDrop,
      },
    };
  });
}
