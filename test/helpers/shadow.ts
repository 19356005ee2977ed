/**
 * A referee for parts laid on a bed, sharing nothing with the packer: each part's shadow is measured from
 * its placed triangles (outline edges where the surface turns from facing up to facing down, exact in
 * floating point, no cells), and two shadows' distance is the least distance between their outlines, or
 * 0 when one holds a point of the other.
 */

export interface Shadow {
  /** Outline edges, x0 y0 x1 y1 each. */
  edges: number[][];
  /** The triangles that cover area, projected: ax ay bx by cx cy each. */
  triangles: number[][];
  box: { x0: number; y0: number; x1: number; y1: number };
}

/** The shadow of a mesh whose vertices are already where they stand on the bed. */
export function shadowOf(vertices: readonly (readonly number[])[], triangles: readonly (readonly number[])[]): Shadow {
  const facing = triangles.map(([a, b, c]) => {
    const [p, q, r] = [vertices[a!]!, vertices[b!]!, vertices[c!]!];
    const nz = (q[0]! - p[0]!) * (r[1]! - p[1]!) - (q[1]! - p[1]!) * (r[0]! - p[0]!);
    return Math.abs(nz) < 1e-12 ? 0 : Math.sign(nz);
  });
  const sides = new Map<string, number[]>();
  triangles.forEach((t, f) => {
    for (let e = 0; e < 3; e++) {
      const [u, v] = [t[e]!, t[(e + 1) % 3]!];
      const key = u < v ? `${u} ${v}` : `${v} ${u}`;
      sides.set(key, [...(sides.get(key) ?? []), facing[f]!]);
    }
  });
  const edges: number[][] = [];
  for (const [key, faces] of sides)
    if (faces.length !== 2 || faces[0] !== faces[1]) {
      const [u, v] = key.split(' ').map(Number) as [number, number];
      edges.push([vertices[u]![0]!, vertices[u]![1]!, vertices[v]![0]!, vertices[v]![1]!]);
    }
  const xs = vertices.map((p) => p[0]!),
    ys = vertices.map((p) => p[1]!);
  return {
    edges,
    // Walls project to lines: they cover nothing the faces above and below do not.
    triangles: triangles
      .filter((_, f) => facing[f] !== 0)
      .map((t) => t.flatMap((i) => [vertices[i]![0]!, vertices[i]![1]!])),
    box: { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) },
  };
}

const pointSegment = (px: number, py: number, [x0, y0, x1, y1]: readonly number[]): number => {
  const [dx, dy] = [x1! - x0!, y1! - y0!];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((px - x0!) * dx + (py - y0!) * dy) / len2));
  return Math.hypot(px - (x0! + t * dx), py - (y0! + t * dy));
};

const cross = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number =>
  (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);

function segmentDistance(a: readonly number[], b: readonly number[]): number {
  const [ax, ay, bx, by] = a as [number, number, number, number];
  const [cx, cy, dx, dy] = b as [number, number, number, number];
  const d1 = cross(ax, ay, bx, by, cx, cy),
    d2 = cross(ax, ay, bx, by, dx, dy);
  const d3 = cross(cx, cy, dx, dy, ax, ay),
    d4 = cross(cx, cy, dx, dy, bx, by);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return 0;
  return Math.min(pointSegment(ax, ay, b), pointSegment(bx, by, b), pointSegment(cx, cy, a), pointSegment(dx, dy, a));
}

const inTriangle = (px: number, py: number, t: readonly number[]): boolean => {
  const s = [0, 2, 4].map((e) => cross(t[e]!, t[e + 1]!, t[(e + 2) % 6]!, t[(e + 3) % 6]!, px, py));
  return s.every((v) => v >= 0) || s.every((v) => v <= 0);
};

/** The least distance between two shadows (0 when they overlap), or `limit` when it is at least that. */
export function shadowGap(a: Shadow, b: Shadow, limit: number): number {
  const apart = Math.max(b.box.x0 - a.box.x1, a.box.x0 - b.box.x1, b.box.y0 - a.box.y1, a.box.y0 - b.box.y1);
  if (apart >= limit) return limit;
  const near = (e: readonly number[], box: Shadow['box']): boolean =>
    Math.min(e[0]!, e[2]!) < box.x1 + limit &&
    Math.max(e[0]!, e[2]!) > box.x0 - limit &&
    Math.min(e[1]!, e[3]!) < box.y1 + limit &&
    Math.max(e[1]!, e[3]!) > box.y0 - limit;
  const ea = a.edges.filter((e) => near(e, b.box)),
    eb = b.edges.filter((e) => near(e, a.box));
  if (apart < 0) {
    // Boxes overlap: a point of one inside the other means the shadows do.
    const within = (t: readonly number[], box: Shadow['box']): boolean =>
      Math.max(t[0]!, t[2]!, t[4]!) >= box.x0 &&
      Math.min(t[0]!, t[2]!, t[4]!) <= box.x1 &&
      Math.max(t[1]!, t[3]!, t[5]!) >= box.y0 &&
      Math.min(t[1]!, t[3]!, t[5]!) <= box.y1;
    const ta = a.triangles.filter((t) => within(t, b.box)),
      tb = b.triangles.filter((t) => within(t, a.box));
    if (
      ea.some((e) => tb.some((t) => inTriangle(e[0]!, e[1]!, t))) ||
      eb.some((e) => ta.some((t) => inTriangle(e[0]!, e[1]!, t)))
    )
      return 0;
  }
  let best = limit;
  for (const e of ea) for (const f of eb) best = Math.min(best, segmentDistance(e, f));
  return best;
}
