/**
 * A software renderer for our triangle meshes, no GPU and no native code: orthographic camera, z-buffer,
 * flat shading from two lights so walls, floors and lettering read apart, silhouette and crease lines
 * found in the depth and normal buffers, and antialiasing by rendering at `supersample`× and averaging.
 * Plain arithmetic in a fixed order: the same scene gives the same pixels.
 */
import type { MeshData } from '../geometry/kernel.js';
import { add, cross, hypot3, unit, type Vec3 } from '../geometry/vec3.js';

/** An RGBA image, row-major from the top-left corner. */
export interface Image {
  widthPx: number;
  heightPx: number;
  rgba: Uint8Array;
}

/** An axis-aligned box in the mesh's own coordinates (mm). */
export interface BoxMm {
  min: readonly [number, number, number];
  max: readonly [number, number, number];
}

export interface SceneMesh {
  mesh: MeshData;
  /** `#RRGGBB`. */
  colorHex: string;
  /** Moves the mesh: turned `rotationDeg` about +Z, then by (x, y, z) mm. Default: in place. */
  placement?: { xMm: number; yMm: number; zMm: number; rotationDeg: number };
  /** The surface inside this box (mesh coordinates, before placement) is drawn in the highlight colour (validate's findings). */
  highlight?: BoxMm;
}

export interface View {
  /** Where the camera stands around the part: 0° looks from +X, 90° from +Y. */
  azimuthDeg: number;
  /** Above the bed: 90° looks straight down. */
  elevationDeg: number;
}

export interface RenderOptions {
  widthPx: number;
  heightPx: number;
  view: View;
  /** `#RRGGBB`, or null for a transparent background. */
  backgroundHex: string | null;
  /** Draw silhouette and crease lines. */
  edges: boolean;
  /** Rendered at this many times the size, then averaged down. */
  supersample: number;
  /** Empty border around the scene, in output pixels. */
  marginPx: number;
  /** What the image is fitted to (a bed, say), or null for the scene's own bounds. */
  frame: BoxMm | null;
}

/** Defaults: 512 × 384, the camera front-right and 35° up, transparent, lines on, 3× supersampling, fitted to the scene. */
export const RENDER_DEFAULTS: RenderOptions = {
  widthPx: 512,
  heightPx: 384,
  view: { azimuthDeg: -55, elevationDeg: 35 },
  backgroundHex: null,
  edges: true,
  supersample: 3,
  marginPx: 12,
  frame: null,
};

/** What features are highlighted in: a magenta no part prints in. */
export const HIGHLIGHT_HEX = '#FF2BD6';

export function parseHex(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`not a #RRGGBB colour: ${hex}`);
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `pixels` RGBA pixels of one opaque colour. */
export function opaque(pixels: number, [r, g, b]: readonly [number, number, number]): Uint8Array {
  const rgba = new Uint8Array(pixels * 4);
  if (rgba.length === 0) return rgba;
  rgba.set([r, g, b, 255]);
  // Doubling copies: a sheet has millions of pixels, and copyWithin moves them as memory, not one by one.
  for (let filled = 4; filled < rgba.length; filled *= 2)
    rgba.copyWithin(filled, 0, Math.min(filled, rgba.length - filled));
  return rgba;
}

/** A colour at least as light as a dark grey (luminance 72 of 255), its hue kept. */
function liftDark(rgb: [number, number, number]): [number, number, number] {
  const lum = 0.3 * rgb[0] + 0.59 * rgb[1] + 0.11 * rgb[2];
  if (lum >= 72) return rgb;
  return rgb.map((c) => Math.round(c + (72 - lum))) as [number, number, number];
}

/** The camera's axes: right and up on the screen, and toward the viewer. */
function cameraAxes(view: View): { right: Vec3; up: Vec3; toward: Vec3 } {
  const az = (view.azimuthDeg * Math.PI) / 180,
    el = (view.elevationDeg * Math.PI) / 180;
  const toward: Vec3 = [Math.cos(el) * Math.cos(az), Math.cos(el) * Math.sin(az), Math.sin(el)];
  // Straight down, "up" on the screen is +Y turned with the azimuth.
  const right: Vec3 = [-Math.sin(az), Math.cos(az), 0];
  return { right, up: cross(toward, right), toward };
}

/**
 * A mesh's vertices where they stand into `out`, and their box on the screen (mm along the camera's right and
 * up: x0, y0, x1, y1, as project's) into `box`, kept as the loop runs (see project).
 */
function placed(s: SceneMesh, { right, up }: { right: Vec3; up: Vec3 }, box: Float64Array, out: Float64Array): void {
  const p = s.mesh.positions;
  const a = ((s.placement?.rotationDeg ?? 0) * Math.PI) / 180;
  const [c, sn] = [Math.cos(a), Math.sin(a)];
  const [tx, ty, tz] = [s.placement?.xMm ?? 0, s.placement?.yMm ?? 0, s.placement?.zMm ?? 0];
  const rx = right[0],
    ry = right[1],
    rz = right[2],
    ux = up[0],
    uy = up[1],
    uz = up[2];
  box.set([Infinity, Infinity, -Infinity, -Infinity]);
  for (let v = 0; v < p.length; v += 3) {
    const x = p[v]! * c - p[v + 1]! * sn + tx,
      y = p[v]! * sn + p[v + 1]! * c + ty,
      z = p[v + 2]! + tz;
    ((out[v] = x), (out[v + 1] = y), (out[v + 2] = z));
    const sx = x * rx + y * ry + z * rz,
      sy = x * ux + y * uy + z * uz;
    if (sx < box[0]!) box[0] = sx;
    if (sx > box[2]!) box[2] = sx;
    if (sy < box[1]!) box[1] = sy;
    if (sy > box[3]!) box[3] = sy;
  }
}

/** A typed array kept between renders, grown when a render needs more: `take(n)` is its first n entries, as last left. */
function kept<T extends Float32Array | Float64Array | Int32Array | Uint8Array>(
  make: (n: number) => T,
): { take(n: number): T } {
  let buffer = make(0);
  return {
    take(n) {
      if (buffer.length < n) buffer = make(n);
      return buffer.subarray(0, n) as T;
    },
  };
}

/**
 * The buffers a render fills before it writes the image, kept between renders: a guide draws a dozen
 * pictures of up to 1.8 million samples and 10⁵ faces, and allocating them afresh each time kept the
 * garbage collector busy. The samples are cleared by each render; a face's normal and shade, and a mesh's
 * vertices where they stand and on the samples, are written before they are read.
 */
const buffers = {
  depth: kept((n) => new Float32Array(n)),
  faceAt: kept((n) => new Int32Array(n)),
  normals: kept((n) => new Float64Array(n)),
  shades: kept((n) => new Float64Array(n)),
  sxy: kept((n) => new Float64Array(n)),
  world: kept((n) => new Float64Array(n)),
};

/**
 * Renders the scene, fitted to the image less its margin. The key light comes from the camera's upper
 * left, a fill from the right; ambient keeps faces turned away from both readable.
 */
export function render(scene: readonly SceneMesh[], options: Partial<RenderOptions> = {}): Image {
  const o = { ...RENDER_DEFAULTS, ...options };
  if (!Number.isInteger(o.widthPx) || o.widthPx < 8 || !Number.isInteger(o.heightPx) || o.heightPx < 8)
    throw new Error(`image size ${o.widthPx} × ${o.heightPx}: whole pixels, at least 8 × 8`);
  if (!Number.isInteger(o.supersample) || o.supersample < 1 || o.supersample > 8)
    throw new Error(`supersample ${o.supersample}: a whole number 1–8`);
  const { right, up, toward } = cameraAxes(o.view);
  const key = unit(add(add(toward, right, -0.6), up, 0.9));
  const fill = unit(add(toward, right, 0.9));
  const S = o.supersample;
  const W = o.widthPx * S,
    H = o.heightPx * S;
  const [rx, ry, rz] = right,
    [ux, uy, uz] = up;
  const [tx, ty, tz] = toward;
  // Copies of one mesh at one turn, in one colour, are drawn once and stamped where each stands: an
  // orthographic view moves a moved copy's picture without changing it.
  const groups = new Map<MeshData, Map<string, SceneMesh[]>>();
  for (const m of scene) {
    const byLook = groups.get(m.mesh) ?? new Map<string, SceneMesh[]>();
    groups.set(m.mesh, byLook);
    const look = `${m.placement?.rotationDeg ?? 0} ${m.colorHex} ${m.highlight ? [...m.highlight.min, ...m.highlight.max].join(' ') : ''}`;
    const copies = byLook.get(look);
    if (copies) copies.push(m);
    else byLook.set(look, [m]);
  }
  const at = (m: SceneMesh): number[] => [m.placement?.xMm ?? 0, m.placement?.yMm ?? 0, m.placement?.zMm ?? 0];
  const looks = [...groups.values()].flatMap((byLook) => [...byLook.values()]);
  // Each look's vertices where they stand, one after another in one kept buffer.
  const world = buffers.world.take(looks.reduce((n, copies) => n + copies[0]!.mesh.positions.length, 0));
  let placedTo = 0;
  const drawn = looks.map((copies) => {
    const screen = new Float64Array(4);
    const w = world.subarray(placedTo, (placedTo += copies[0]!.mesh.positions.length));
    placed(copies[0]!, { right, up }, screen, w);
    const t0 = at(copies[0]!);
    // Each copy's move from the first, in screen units (mm) and toward the viewer.
    const moves = copies.map((c) => {
      const d = at(c).map((v, k) => v - t0[k]!) as [number, number, number];
      return [
        d[0] * rx + d[1] * ry + d[2] * rz,
        d[0] * ux + d[1] * uy + d[2] * uz,
        d[0] * tx + d[1] * ty + d[2] * tz,
      ] as const;
    });
    return { first: copies[0]!, w, moves, box: { x0: screen[0]!, y0: screen[1]!, x1: screen[2]!, y1: screen[3]! } };
  });
  // Fit: the scene's projection, scaled to the image less the margin, centred.
  let x0 = Infinity,
    x1 = -Infinity,
    y0 = Infinity,
    y1 = -Infinity;
  if (o.frame) {
    const { min, max } = o.frame;
    for (const corner of [0, 1, 2, 3, 4, 5, 6, 7].map(
      (k) => [(k & 1 ? max : min)[0], (k & 2 ? max : min)[1], (k & 4 ? max : min)[2]] as const,
    )) {
      const sx = corner[0] * rx + corner[1] * ry + corner[2] * rz,
        sy = corner[0] * ux + corner[1] * uy + corner[2] * uz;
      ((x0 = Math.min(x0, sx)), (x1 = Math.max(x1, sx)), (y0 = Math.min(y0, sy)), (y1 = Math.max(y1, sy)));
    }
  } else
    for (const g of drawn)
      for (const [mx, my] of g.moves)
        ((x0 = Math.min(x0, g.box.x0 + mx)),
          (x1 = Math.max(x1, g.box.x1 + mx)),
          (y0 = Math.min(y0, g.box.y0 + my)),
          (y1 = Math.max(y1, g.box.y1 + my)));
  const scale = Math.min(
    (W - 2 * o.marginPx * S) / Math.max(x1 - x0, 1e-6),
    (H - 2 * o.marginPx * S) / Math.max(y1 - y0, 1e-6),
  );
  const cx = (x0 + x1) / 2,
    cy = (y0 + y1) / 2;
  const depth = buffers.depth.take(W * H).fill(-Infinity);
  // The face seen at each sample (0: background), and each face's normal and shaded colour, by face number.
  const faceAt = buffers.faceAt.take(W * H).fill(0);
  // Highlighted meshes take two numbers per face: as it is, and highlighted.
  const triangles = drawn.reduce(
    (sum, g) => sum + (g.first.highlight ? 2 : 1) * (g.first.mesh.triangles.length / 3),
    0,
  );
  const normals = buffers.normals.take(3 * (triangles + 1));
  const shades = buffers.shades.take(SHADE * (triangles + 1));
  let faces = 0;
  const onSamples: OnSamples = { rx, ry, rz, ux, uy, uz, tx, ty, tz, cx, cy, scale, W, H };
  const box = new Float64Array(4);
  // Typed, as drawFaces reads every colour and direction: arrays of numbers come in more than one kind, and
  // the optimised drawFaces, meeting another, was thrown away and made again (four times for a guide).
  const lights = { toward: Float64Array.from(toward), key: Float64Array.from(key), fill: Float64Array.from(fill) };
  // The samples any copy may cover (a box's corners): resolve need look nowhere else.
  const touched = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (const { first: s, w, moves } of drawn) {
    // Near-black plastic shades to nothing: lift it to a dark grey so faces still read apart.
    const base = Float64Array.from(liftDark(parseHex(s.colorHex)));
    const t = s.mesh.triangles;
    const sxy = buffers.sxy.take(w.length);
    project(w, sxy, onSamples, box);
    const sx0 = box[0]!,
      sy0 = box[1]!,
      sx1 = box[2]!,
      sy1 = box[3]!;
    // Several copies: the first is drawn into a sprite over its own box of samples, then stamped at every
    // copy. One copy is drawn straight into the image.
    const alone = moves.length === 1;
    const ox = alone ? 0 : Math.floor(sx0),
      oy = alone ? 0 : Math.floor(sy0);
    const sw = alone ? W : Math.ceil(sx1) - ox + 1,
      sh = alone ? H : Math.ceil(sy1) - oy + 1;
    const into: SampleBox = {
      ox,
      oy,
      sw,
      sh,
      depth: alone ? depth : new Float32Array(sw * sh).fill(-Infinity),
      face: alone ? faceAt : new Int32Array(sw * sh),
    };
    faces = drawFaces(
      { t, w, sxy, p: s.mesh.positions, hb: s.highlight, base },
      into,
      { ...lights, normals, shades },
      faces,
    );
    if (!alone) stamp(into, moves, scale, { depth, faceAt, W, H });
    for (const [mx, my] of moves) {
      // Where stamp puts this copy's sprite (one copy: moved by nothing).
      const dx = Math.round(mx * scale),
        dy = -Math.round(my * scale);
      ((touched.x0 = Math.min(touched.x0, Math.floor(sx0) + dx)),
        (touched.x1 = Math.max(touched.x1, Math.ceil(sx1) + dx)),
        (touched.y0 = Math.min(touched.y0, Math.floor(sy0) + dy)),
        (touched.y1 = Math.max(touched.y1, Math.ceil(sy1) + dy)));
    }
  }
  return {
    widthPx: o.widthPx,
    heightPx: o.heightPx,
    rgba: resolve({ faceAt, depth, normals, shades, W, H, S }, touched, o.edges, o.backgroundHex),
  };
}

/** The camera's axes (right, up, toward the viewer) and the fit: where a point in the world falls on the samples. */
interface OnSamples {
  rx: number;
  ry: number;
  rz: number;
  ux: number;
  uy: number;
  uz: number;
  tx: number;
  ty: number;
  tz: number;
  cx: number;
  cy: number;
  scale: number;
  W: number;
  H: number;
}

/**
 * Puts vertices where they stand (w) on the samples, x and y, and toward the viewer (into sxy), and their box
 * on the samples (x0, y0, x1, y1) into `box`. Its own function, as drawFaces is: the loop inside render, which runs a
 * few dozen times, was left unoptimised for much of a guide thread's run (a sixth of its drawing).
 */
function project(
  w: Float64Array,
  sxy: Float64Array,
  { rx, ry, rz, ux, uy, uz, tx, ty, tz, cx, cy, scale, W, H }: OnSamples,
  box: Float64Array,
): void {
  box.set([Infinity, Infinity, -Infinity, -Infinity]);
  for (let v = 0; v < w.length; v += 3) {
    const x = (w[v]! * rx + w[v + 1]! * ry + w[v + 2]! * rz - cx) * scale + W / 2,
      y = H / 2 - (w[v]! * ux + w[v + 1]! * uy + w[v + 2]! * uz - cy) * scale;
    sxy[v] = x;
    sxy[v + 1] = y;
    sxy[v + 2] = w[v]! * tx + w[v + 1]! * ty + w[v + 2]! * tz;
    // The box is kept in `box` as the loop runs, not written after it: code after a loop, not yet run when
    // the loop's optimised code is compiled, made that code throw itself away at the end of every call.
    ((box[0] = Math.min(box[0]!, x)),
      (box[1] = Math.min(box[1]!, y)),
      (box[2] = Math.max(box[2]!, x)),
      (box[3] = Math.max(box[3]!, y)));
  }
}

/** One mesh's vertices: where they stand (w), on the samples (x, y) and toward the viewer (sxy), as given (p). */
interface MeshSamples {
  t: Uint32Array;
  w: Float64Array;
  sxy: Float64Array;
  p: Float32Array;
  hb: BoxMm | undefined;
  /** The mesh's colour, lifted. */
  base: Float64Array;
}

/** Samples drawn into: the image's, or a sprite's whose corner stands at sample (ox, oy). */
interface SampleBox {
  ox: number;
  oy: number;
  sw: number;
  sh: number;
  depth: Float32Array;
  face: Int32Array;
}

/** The lights and the faces' normals and shades (SHADE numbers each, see shade), by face number. */
interface Shading {
  toward: Float64Array;
  key: Float64Array;
  fill: Float64Array;
  normals: Float64Array;
  shades: Float64Array;
}

/** The highlight colour, typed as the faces' colours are (see render's lights). */
const HIGHLIGHT_RGB = Float64Array.from(parseHex(HIGHLIGHT_HEX));

/** Numbers per face in the shades: its colour, and its colour where a line is drawn on it. */
const SHADE = 6;

/**
 * Writes face `id`'s colour, `rgb` lit by `light`, and its colour on a line (darkened, or on a dark face
 * lightened), into `shades`: a line's colour is worked out once a face, not once a sample on the line.
 */
function shade(shades: Float64Array, id: number, rgb: Float64Array, light: number): void {
  const r = Math.min(255, Math.round(rgb[0]! * light)),
    g = Math.min(255, Math.round(rgb[1]! * light)),
    b = Math.min(255, Math.round(rgb[2]! * light));
  const at = SHADE * id;
  ((shades[at] = r), (shades[at + 1] = g), (shades[at + 2] = b));
  if (0.3 * r + 0.59 * g + 0.11 * b < 56)
    ((shades[at + 3] = r + (255 - r) * 0.35),
      (shades[at + 4] = g + (255 - g) * 0.35),
      (shades[at + 5] = b + (255 - b) * 0.35));
  else ((shades[at + 3] = r * 0.3), (shades[at + 4] = g * 0.3), (shades[at + 5] = b * 0.3));
}

/**
 * Draws the faces of one mesh that face the viewer into `into`, numbering them on from `firstFace`; returns
 * the last number used. Its own function (as `stamp` is): the same loops written inside `render` made
 * two factions' guides a sixth slower to draw.
 */
function drawFaces(
  { t, w, sxy, p, hb, base }: MeshSamples,
  { ox, oy, sw, sh, depth: spriteDepth, face: spriteFace }: SampleBox,
  { toward, key, fill, normals, shades }: Shading,
  firstFace: number,
): number {
  const tx = toward[0]!,
    ty = toward[1]!,
    tz = toward[2]!;
  let faces = firstFace;
  for (let k = 0; k < t.length; k += 3) {
    const a = t[k]!,
      b = t[k + 1]!,
      c = t[k + 2]!;
    // triangleNormal, norm and dot written out in their order of operations (the same pixels): a hull
    // has 10⁵ triangles, and allocating tuples for each was about a third of the renderer's time.
    const ab0 = w[3 * b]! - w[3 * a]!,
      ab1 = w[3 * b + 1]! - w[3 * a + 1]!,
      ab2 = w[3 * b + 2]! - w[3 * a + 2]!;
    const ac0 = w[3 * c]! - w[3 * a]!,
      ac1 = w[3 * c + 1]! - w[3 * a + 1]!,
      ac2 = w[3 * c + 2]! - w[3 * a + 2]!;
    const n0 = ab1 * ac2 - ab2 * ac1,
      n1 = ab2 * ac0 - ab0 * ac2,
      n2 = ab0 * ac1 - ab1 * ac0;
    const nl = hypot3(n0, n1, n2) || 1;
    const nx = n0 / nl,
      ny = n1 / nl,
      nz = n2 / nl;
    if (nx * tx + ny * ty + nz * tz <= 0) continue; // facing away: a closed mesh shows its other side instead
    const ax = sxy[3 * a]! - ox,
      ay = sxy[3 * a + 1]! - oy,
      az = sxy[3 * a + 2]!;
    const bx = sxy[3 * b]! - ox,
      by = sxy[3 * b + 1]! - oy,
      bz = sxy[3 * b + 2]!;
    const qx = sxy[3 * c]! - ox,
      qy = sxy[3 * c + 1]! - oy,
      qz = sxy[3 * c + 2]!;
    const area = (bx - ax) * (qy - ay) - (by - ay) * (qx - ax);
    if (area === 0) continue;
    const light =
      0.32 +
      0.55 * Math.max(0, nx * key[0]! + ny * key[1]! + nz * key[2]!) +
      0.22 * Math.max(0, nx * fill[0]! + ny * fill[1]! + nz * fill[2]!);
    const id = ++faces;
    ((normals[3 * id] = nx), (normals[3 * id + 1] = ny), (normals[3 * id + 2] = nz));
    shade(shades, id, base, light);
    if (hb) {
      ++faces;
      ((normals[3 * id + 3] = nx), (normals[3 * id + 4] = ny), (normals[3 * id + 5] = nz));
      shade(shades, id + 1, HIGHLIGHT_RGB, light);
    }
    const minX = Math.max(0, Math.floor(Math.min(ax, bx, qx))),
      maxX = Math.min(sw - 1, Math.ceil(Math.max(ax, bx, qx)));
    const minY = Math.max(0, Math.floor(Math.min(ay, by, qy))),
      maxY = Math.min(sh - 1, Math.ceil(Math.max(ay, by, qy)));
    // Barycentric weights are linear in x: on each row, solve for the span where all three are ≥ 0. The span
    // is only where to test (each sample is tested below, and one more each side is), so it is solved by
    // multiplying with the slopes' inverses rather than dividing by the slopes.
    const d0 = (by - qy) / area,
      d1 = (qy - ay) / area,
      d2 = -d0 - d1;
    const e0 = -1 / d0,
      e1 = -1 / d1,
      e2 = -1 / d2;
    for (let py = minY; py <= maxY; py++) {
      const fy = py + 0.5,
        fx0 = minX + 0.5;
      const w0 = ((bx - fx0) * (qy - fy) - (by - fy) * (qx - fx0)) / area;
      const w1 = ((qx - fx0) * (ay - fy) - (qy - fy) * (ax - fx0)) / area;
      const w2 = 1 - w0 - w1;
      let lo = 0,
        hi = maxX - minX;
      if (d0 > 0) lo = Math.max(lo, Math.ceil(w0 * e0) - 1);
      else if (d0 < 0) hi = Math.min(hi, Math.floor(w0 * e0) + 1);
      else if (w0 < 0) continue;
      if (d1 > 0) lo = Math.max(lo, Math.ceil(w1 * e1) - 1);
      else if (d1 < 0) hi = Math.min(hi, Math.floor(w1 * e1) + 1);
      else if (w1 < 0) continue;
      if (d2 > 0) lo = Math.max(lo, Math.ceil(w2 * e2) - 1);
      else if (d2 < 0) hi = Math.min(hi, Math.floor(w2 * e2) + 1);
      else if (w2 < 0) continue;
      // Past this test (an empty span: lo above hi, or either NaN), lo and hi are whole numbers from 0 to
      // maxX - minX, and the sample's index fits 32 bits: the loop counts and indexes in integers, not
      // converting a float at every sample.
      if (!(lo <= hi)) continue;
      const row = (py * sw + minX) | 0;
      for (let kx = lo | 0, end = hi | 0; kx <= end; kx++) {
        const u0 = w0 + d0 * kx,
          u1 = w1 + d1 * kx,
          u2 = 1 - u0 - u1;
        if (u0 < 0 || u1 < 0 || u2 < 0) continue;
        const z = u0 * az + u1 * bz + u2 * qz;
        const i = row + kx;
        if (z <= spriteDepth[i]!) continue;
        spriteDepth[i] = z;
        spriteFace[i] = id;
        if (hb) {
          // The sample's point on the mesh, from the same weights: inside the box, the highlighted face.
          const X = u0 * p[3 * a]! + u1 * p[3 * b]! + u2 * p[3 * c]!,
            Y = u0 * p[3 * a + 1]! + u1 * p[3 * b + 1]! + u2 * p[3 * c + 1]!,
            Z = u0 * p[3 * a + 2]! + u1 * p[3 * b + 2]! + u2 * p[3 * c + 2]!;
          if (X >= hb.min[0] && X <= hb.max[0] && Y >= hb.min[1] && Y <= hb.max[1] && Z >= hb.min[2] && Z <= hb.max[2])
            spriteFace[i] = id + 1;
        }
      }
    }
  }
  return faces;
}

/** Stamps a sprite at every copy's move (screen mm and toward the viewer), to the nearest sample: a copy moves by at most half a sample. */
function stamp(
  { depth: spriteDepth, face: spriteFace, ox, oy, sw, sh }: SampleBox,
  moves: readonly (readonly [number, number, number])[],
  scale: number,
  { depth, faceAt, W, H }: Pick<Samples, 'depth' | 'faceAt' | 'W' | 'H'>,
): void {
  for (const [mx, my, mz] of moves) {
    const dx = ox + Math.round(mx * scale),
      dy = oy - Math.round(my * scale);
    for (let j = 0; j < sh; j++) {
      const Y = dy + j;
      if (Y < 0 || Y >= H) continue;
      for (let i = 0; i < sw; i++) {
        const f = spriteFace[j * sw + i]!,
          X = dx + i;
        if (!f || X < 0 || X >= W) continue;
        const z = spriteDepth[j * sw + i]! + mz,
          g = Y * W + X;
        if (z <= depth[g]!) continue;
        depth[g] = z;
        faceAt[g] = f;
      }
    }
  }
}

interface Samples {
  faceAt: Int32Array;
  depth: Float32Array;
  normals: Float64Array;
  shades: Float64Array;
  W: number;
  H: number;
  S: number;
}

/** Between two faces, a step this deep (mm) reads as a separate surface; a turn sharper than 35°, a crease. */
const STEP_MM = 0.6,
  CREASE_COS = Math.cos((35 * Math.PI) / 180);

/**
 * Whether sample j reads apart from sample i, which shows face f (not background). A function of the module's,
 * not a closure made per render: the optimised resolve, called with another closure, was thrown away.
 */
function differs(
  { faceAt, depth, normals }: Pick<Samples, 'faceAt' | 'depth' | 'normals'>,
  f: number,
  i: number,
  j: number,
): boolean {
  const g = faceAt[j]!;
  if (g === f) return false;
  if (!g) return true;
  return (
    depth[j]! - depth[i]! > STEP_MM ||
    normals[3 * f]! * normals[3 * g]! +
      normals[3 * f + 1]! * normals[3 * g + 1]! +
      normals[3 * f + 2]! * normals[3 * g + 2]! <
      CREASE_COS
  );
}

/**
 * The image's pixels from the supersampled faces, in one pass: each output pixel averages its S × S samples' shaded
 * colours. With `edges`, a sample on a silhouette (next to background or the image's border), on a step
 * in depth between two faces (a part in front of another, a hole's rim) or on a crease (faces turning by
 * more than 35°) is darkened, or on a dark face lightened: lines one sample wide. Returns the pixels alone,
 * as its loops end (code after them, not yet run when their optimised code was compiled, threw it away).
 */
function resolve(
  samples: Samples,
  touched: { x0: number; y0: number; x1: number; y1: number },
  edges: boolean,
  backgroundHex: string | null,
): Uint8Array {
  const { faceAt, shades, W, H, S } = samples;
  const w = W / S,
    h = H / S;
  const bg = backgroundHex ? parseHex(backgroundHex) : null;
  // A pixel none of whose samples was touched is the background (what the average below gives it) or
  // empty: only the touched ones are resolved.
  const rgba = bg ? opaque(w * h, bg) : new Uint8Array(w * h * 4);
  const n = S * S;
  const px0 = Math.max(0, Math.floor(touched.x0 / S)),
    px1 = Math.min(w - 1, Math.floor(touched.x1 / S));
  const py0 = Math.max(0, Math.floor(touched.y0 / S)),
    py1 = Math.min(h - 1, Math.floor(touched.y1 / S));
  for (let y = py0; y <= py1; y++)
    for (let x = px0; x <= px1; x++) {
      let r = 0,
        g = 0,
        b = 0,
        covered = 0;
      for (let sy = 0; sy < S; sy++)
        for (let sx = 0; sx < S; sx++) {
          const X = x * S + sx,
            Y = y * S + sy,
            i = Y * W + X;
          const f = faceAt[i]!;
          if (!f) continue;
          covered++;
          // On a line: the face's colour for lines, the three after its own.
          const at =
            SHADE * f +
            (edges &&
            (X === 0 ||
              Y === 0 ||
              X + 1 === W ||
              Y + 1 === H ||
              differs(samples, f, i, i + 1) ||
              differs(samples, f, i, i + W) ||
              differs(samples, f, i, i - 1) ||
              differs(samples, f, i, i - W))
              ? 3
              : 0);
          ((r += shades[at]!), (g += shades[at + 1]!), (b += shades[at + 2]!));
        }
      const o = 4 * (y * w + x);
      if (bg) {
        rgba[o] = Math.round((r + bg[0] * (n - covered)) / n);
        rgba[o + 1] = Math.round((g + bg[1] * (n - covered)) / n);
        rgba[o + 2] = Math.round((b + bg[2] * (n - covered)) / n);
        rgba[o + 3] = 255;
      } else if (covered) {
        // Straight (not premultiplied) alpha: the covered samples' mean colour, at their share.
        rgba[o] = Math.round(r / covered);
        rgba[o + 1] = Math.round(g / covered);
        rgba[o + 2] = Math.round(b / covered);
        rgba[o + 3] = Math.round((255 * covered) / n);
      }
    }
  return rgba;
}
