/**
 * Makes the mesh fixtures of test/fixtures/validate/ (run with MAKE_FIXTURES=1; skipped otherwise, since
 * the committed files are the fixtures and must not change under the tests that use them):
 * - ext-hull.stl: the `clean` fixture's hull, exported in the hull frame (the external-hull convention);
 * - ext-hull-socket-filled.stl: the same with its mast socket filled in;
 * - ext-hull-sliver.stl + sliver-wall.yaml: its coin slot moved to leave 0.6 mm of wall to the port side;
 * - ext-hull-slot-inward.stl: its bow slot filled and re-cut 1 mm inside the bow face, opening inward
 *   through a channel into the coin slot, so a cannon in it would fire at its own stern;
 * - wheel-click-10pct.stl: a wheel sized for a click 10 % short (wearing a band that fits it, so it still
 *   turns and is held in the carriage), moved so its axle sits where the generated wheel's does (so the
 *   generated wheel's features describe it, for `--part wheel=`);
 * - carriage-open-slot.stl: today's carriage with each bearing opened to the bottom face by a slot as wide
 *   as the bearing, as the carriage was built before the snap-in bearing (for `--part carriage=`).
 * - coin-oversize.stl: the Brace coin 20.3 mm across instead of 20 mm (for `--part coin-brace=`).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadFactionFile } from '../../src/faction/loader.js';
import { box, cylinder, initKernel, rayHitsMm, withArena, type Vec3 } from '../../src/geometry/kernel.js';
import type { Part } from '../../src/geometry/part.js';
import { checkTopology } from '../../src/mesh/topology.js';
import { parseStl, serializeStl } from '../../src/mesh/stl.js';
import { carriage } from '../../src/parts/carriage.js';
import { coin } from '../../src/parts/coin.js';
import { coinSlot, FACING, placeCut } from '../../src/parts/cutters.js';
import { hull } from '../../src/parts/hull.js';
import { bandIdForStretchMm, DEFAULTS as WHEEL, wheel } from '../../src/parts/wheel.js';
import { CLICK_DISTANCE_MM, DEFAULT_BAND, DEFAULT_CLEARANCE_MM, INTERFACES } from '../../src/standard.js';

const DIR = join(import.meta.dirname, '../fixtures/validate');
const SLIVER_WALL_MM = 0.6;

it.skipIf(!process.env.MAKE_FIXTURES)(
  'makes the mesh fixtures',
  async () => {
    await initKernel();
    const faction = await loadFactionFile(join(DIR, 'clean.yaml'));
    const H = faction.model.hull.heightMm;
    const out: Record<string, Uint8Array> = {};
    let sliverY = 0;
    withArena(() => {
      // The builder lays the hull on the bed; its mast socket's mouth tells how far it moved.
      const shiftOf = (part: Part): Vec3 => {
        const mast = part.features.find((f) => f.kind === 'mast-socket')!;
        const m = faction.model.fittings[0]!;
        return [m.xMm - mast.positionMm[0], m.yMm - mast.positionMm[1], H - mast.positionMm[2]];
      };
      const toHullFrame = (part: Part): Part['solid'] => part.solid.translate(shiftOf(part));
      const built = hull({ model: faction.model, clearanceMm: DEFAULT_CLEARANCE_MM });
      const plain = toHullFrame(built);
      out['ext-hull.stl'] = serializeStl(plain.toMesh(), 'validate fixture: external hull');

      const m = faction.model.fittings[0]!;
      const plug = cylinder(INTERFACES.mastPeg.lengthMm + 1, INTERFACES.mastPeg.diameterMm / 2 + 0.3).translate([
        m.xMm,
        m.yMm,
        H - INTERFACES.mastPeg.lengthMm - 1,
      ]);
      out['ext-hull-socket-filled.stl'] = serializeStl(
        plain.union(plug).toMesh(),
        'validate fixture: mast socket filled',
      );

      const noCoin = toHullFrame(
        hull({ model: { ...faction.model, coinSlot: null }, clearanceMm: DEFAULT_CLEARANCE_MM }),
      );
      const z = H - INTERFACES.coin.slotDepthMm / 2;
      const start: Vec3 = [0, 0, z];
      const portSide = rayHitsMm(noCoin, start, [0, 100, z]).at(-1)!;
      const cut = coinSlot('coin-slot', DEFAULT_CLEARANCE_MM);
      const half = cut.feature.size.shape === 'rect' ? cut.feature.size.heightMm / 2 : 0;
      sliverY = Math.round((portSide - SLIVER_WALL_MM - half) * 100) / 100;
      out['ext-hull-sliver.stl'] = serializeStl(
        noCoin.subtract(placeCut(cut, [0, sliverY, H], FACING.up).solid).toMesh(),
        'validate fixture: sliver wall',
      );

      // The bow slot: filled, then a pocket of the same size 1 mm behind the bow face, with a channel
      // from its inner end to the coin slot.
      const slot = built.features.find((f) => f.kind === 'cannon-slot')!;
      const side = slot.size.shape === 'rect' ? slot.size.widthMm : 0;
      const faceX = slot.positionMm[0] + shiftOf(built)[0];
      const zc = slot.positionMm[2] + shiftOf(built)[2];
      const coinX = faction.model.coinSlot!.xMm;
      const pocket = box([side, side, side], false).translate([faceX - 1 - side, -side / 2, zc - side / 2]);
      const channel = box([faceX - 1 - side - coinX + 0.5, 2, 2], false).translate([coinX, -1, zc - 1]);
      const filled = plain.union(
        box([side + 0.2, side + 0.2, side + 0.2], false).translate([
          faceX - side - 0.1,
          -side / 2 - 0.1,
          zc - side / 2 - 0.1,
        ]),
      );
      out['ext-hull-slot-inward.stl'] = serializeStl(
        filled.subtract(pocket.union(channel)).toMesh(),
        'validate fixture: slot facing inward',
      );

      const plainWheel = wheel();
      const short = { ...WHEEL, clickDistanceMm: CLICK_DISTANCE_MM * 0.9 };
      const shortWheel = wheel({
        ...short,
        band: { ...DEFAULT_BAND, innerDiameterMm: bandIdForStretchMm(short, 0.03) },
      });
      const a = plainWheel.features.find((f) => f.id === 'axle-1')!.positionMm;
      const b = shortWheel.features.find((f) => f.id === 'axle-1')!.positionMm;
      out['wheel-click-10pct.stl'] = serializeStl(
        shortWheel.solid.translate([a[0] - b[0], a[1] - b[1], a[2] - b[2]]).toMesh(),
        'validate fixture: click -10 %',
      );

      const k = carriage();
      const slots = k.features
        .filter((f) => f.kind === 'bearing')
        .map((f) => {
          // A hair narrower than the bearing (still wider than the stub), so its walls miss the bearing's facets.
          const d = (f.size.shape === 'round' ? f.size.diameterMm : 0) - 0.2;
          const [x, y, z] = f.positionMm;
          return box([d, f.depthMm + 2, z + 1.5], false).translate([
            x - d / 2,
            y - f.axis[1] * (f.depthMm / 2) - (f.depthMm + 2) / 2,
            -1,
          ]);
        });
      out['carriage-open-slot.stl'] = serializeStl(
        k.solid.subtract(slots[0]!.union(slots[1]!)).toMesh(),
        'validate fixture: bearings open at the bottom',
      );

      const s = 20.3 / INTERFACES.coin.diameterMm;
      out['coin-oversize.stl'] = serializeStl(
        coin({ type: 'brace' }).solid.scale([s, s, 1]).toMesh(),
        'validate fixture: coin 20.3 mm',
      );
    });
    for (const [name, bytes] of Object.entries(out)) {
      expect(checkTopology(parseStl(bytes)).watertight, name).toBe(true);
      await writeFile(join(DIR, name), bytes);
    }
    const clean = await readFile(join(DIR, 'clean.yaml'), 'utf8');
    await writeFile(
      join(DIR, 'sliver-wall.yaml'),
      clean
        .replace(
          /^# .*$/m,
          `# The coin slot sits at y = ${sliverY} mm in ext-hull-sliver.stl, leaving ${SLIVER_WALL_MM} mm of wall to the port side: print/min-wall.`,
        )
        .replace('id: clean', 'id: sliver-wall')
        .replace('fixture clean', 'fixture sliver-wall')
        .replace(/coinSlot: .*/, `coinSlot: { at: [0mm, ${sliverY}mm] }`)
        .replace(/wheelSlot: (.*)\n/, 'wheelSlot: $1\n  externalHull: { stl: ext-hull-sliver.stl }\n'),
    );
  },
  120_000,
);
