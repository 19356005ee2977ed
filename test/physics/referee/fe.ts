/**
 * The numerics of the solid referee (./solid.ts), apart from any cannon: the voxel element, a sparse
 * stiffness on a grid of nodes, a geometric multigrid that preconditions conjugate gradients, and the lowest
 * modes by subspace iteration. Units are the caller's (solid.ts: mm, N, MPa, tonnes).
 *
 * - Element: the 8-node brick with Wilson–Taylor incompatible modes (Abaqus' C3D8I): three bubbles
 *   (1 − ξ²), (1 − η²), (1 − ζ²) per displacement component, condensed out. For a rectangular brick they pass
 *   the patch test and bend exactly, so a thin arm three bricks thick does not lock, as plain bricks do.
 *   2×2×2 Gauss points. Every voxel has the same size, so the 24×24 matrix is made once.
 * - Nodes sit on a structured grid (i, j, k) but carry a label: two bodies that touch on the grid (the moving
 *   arm and the frame across a motion gap narrower than a voxel) keep separate nodes there.
 * - Multigrid: each coarse grid takes every other grid plane; a coarse node per label; trilinear
 *   prolongation P restricted to the free nodes of the same label; coarse stiffness Pᵀ·A·P (Galerkin), so
 *   the holes, gaps and supports need no rediscretisation. Symmetric nodal-block Gauss–Seidel smoothing and a
 *   dense Cholesky on the coarsest grid: a symmetric V-cycle, a fixed SPD preconditioner for CG.
 */

/** 8 corners, local a = ix + 2·iy + 4·iz. */
const CORNERS: readonly (readonly [number, number, number])[] = Array.from(
  { length: 8 },
  (_, a) => [a & 1, (a >> 1) & 1, (a >> 2) & 1] as const,
);

/** Isotropic elasticity, Voigt order xx, yy, zz, xy, yz, zx (engineering shear). */
function elasticity(modulus: number, poisson: number): number[][] {
  const l = (modulus * poisson) / ((1 + poisson) * (1 - 2 * poisson));
  const g = modulus / (2 * (1 + poisson));
  const d = Array.from({ length: 6 }, () => new Array<number>(6).fill(0));
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) d[i]![j] = l + (i === j ? 2 * g : 0);
    d[i + 3]![i + 3] = g;
  }
  return d;
}

/** Strain–displacement rows for a field whose x, y, z derivatives are dx, dy, dz, on component c. */
function strainColumn(dx: number, dy: number, dz: number, c: number): number[] {
  const b = [0, 0, 0, 0, 0, 0];
  const grad = [dx, dy, dz];
  b[c] = grad[c]!;
  // xy, yz, zx shears
  if (c === 0) [b[3], b[5]] = [dy, dz];
  if (c === 1) [b[3], b[4]] = [dx, dz];
  if (c === 2) [b[4], b[5]] = [dy, dx];
  return b;
}

/** Symmetric positive-definite solve in place by Cholesky (small dense matrices, row-major n×n). */
export function denseCholesky(a: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  let scale = 0;
  for (let i = 0; i < n; i++) scale = Math.max(scale, a[i * n + i]!);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * n + j]!;
      for (let k = 0; k < j; k++) s -= l[i * n + k]! * l[j * n + k]!;
      if (i === j) {
        // A coarse grid may carry a direction no fine node feels: hold it instead of failing.
        l[i * n + i] = Math.sqrt(s > 1e-12 * scale ? s : scale);
      } else l[i * n + j] = s / l[j * n + j]!;
    }
  }
  return l;
}

export function denseCholSolve(l: Float64Array, n: number, b: Float64Array): Float64Array {
  const y = Float64Array.from(b);
  for (let i = 0; i < n; i++) {
    let s = y[i]!;
    for (let k = 0; k < i; k++) s -= l[i * n + k]! * y[k]!;
    y[i] = s / l[i * n + i]!;
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let k = i + 1; k < n; k++) s -= l[k * n + i]! * y[k]!;
    y[i] = s / l[i * n + i]!;
  }
  return y;
}

/** The 24×24 stiffness of an hx × hy × hz brick with incompatible modes (row-major; dof 3a + c). */
export function brickStiffness(h: readonly [number, number, number], modulus: number, poisson: number): Float64Array {
  const d = elasticity(modulus, poisson);
  const kuu = new Float64Array(24 * 24),
    kua = new Float64Array(24 * 9),
    kaa = new Float64Array(81);
  const g = 1 / Math.sqrt(3);
  const detJ = (h[0] * h[1] * h[2]) / 8;
  const db = (b: number[]): number[] => d.map((row) => row.reduce((s, x, k) => s + x * b[k]!, 0));
  const dotv = (a: number[], b: number[]): number => a.reduce((s, x, k) => s + x * b[k]!, 0);
  for (const xi of [-g, g])
    for (const eta of [-g, g])
      for (const zeta of [-g, g]) {
        const p = [xi, eta, zeta];
        const bu: number[][] = [];
        for (const [ix, iy, iz] of CORNERS) {
          const s = [2 * ix - 1, 2 * iy - 1, 2 * iz - 1];
          const f = [1 + s[0]! * xi, 1 + s[1]! * eta, 1 + s[2]! * zeta];
          const dx = ((s[0]! * f[1]! * f[2]!) / 8) * (2 / h[0]);
          const dy = ((f[0]! * s[1]! * f[2]!) / 8) * (2 / h[1]);
          const dz = ((f[0]! * f[1]! * s[2]!) / 8) * (2 / h[2]);
          for (let c = 0; c < 3; c++) bu.push(strainColumn(dx, dy, dz, c));
        }
        // Bubble m (1 − p_m²): its only derivative is −2 p_m along axis m.
        const ba: number[][] = [];
        for (let m = 0; m < 3; m++) {
          const grad = [0, 0, 0];
          grad[m] = (-2 * p[m]! * 2) / h[m]!;
          for (let c = 0; c < 3; c++) ba.push(strainColumn(grad[0]!, grad[1]!, grad[2]!, c));
        }
        const dbu = bu.map(db),
          dba = ba.map(db);
        for (let i = 0; i < 24; i++) {
          for (let j = 0; j < 24; j++) kuu[i * 24 + j]! += detJ * dotv(bu[i]!, dbu[j]!);
          for (let j = 0; j < 9; j++) kua[i * 9 + j]! += detJ * dotv(bu[i]!, dba[j]!);
        }
        for (let i = 0; i < 9; i++) for (let j = 0; j < 9; j++) kaa[i * 9 + j]! += detJ * dotv(ba[i]!, dba[j]!);
      }
  // Static condensation: K = Kuu − Kua·Kaa⁻¹·Kau.
  const l = denseCholesky(kaa, 9);
  for (let j = 0; j < 24; j++) {
    const col = denseCholSolve(l, 9, kua.subarray(j * 9, j * 9 + 9));
    for (let i = 0; i < 24; i++) {
      let s = 0;
      for (let k = 0; k < 9; k++) s += kua[i * 9 + k]! * col[k]!;
      kuu[i * 24 + j]! -= s;
    }
  }
  return kuu;
}

// ---------------------------------------------------------------------------------------------------------
// Nodes on a grid, and a sparse matrix of 3×3 blocks between neighbours (offsets −1…1 on each axis)

export interface GridNodes {
  n: number;
  gi: Int32Array;
  gj: Int32Array;
  gk: Int32Array;
  label: Uint8Array;
}

/** Block-sparse symmetric matrix, rows of 3×3 blocks (row-major in the block). */
export interface BlockMatrix {
  n: number;
  rowPtr: Int32Array;
  col: Int32Array;
  val: Float64Array;
}

const SLOTS = 54; // 27 grid offsets × 2 labels

function slotOf(nodes: GridNodes, a: number, b: number): number {
  const off =
    ((nodes.gk[b]! - nodes.gk[a]! + 1) * 3 + (nodes.gj[b]! - nodes.gj[a]! + 1)) * 3 + (nodes.gi[b]! - nodes.gi[a]! + 1);
  return off * 2 + nodes.label[b]!;
}

/**
 * Builds a block matrix in two passes over the same couplings: `each(visit)` calls visit(a, b, block, scale)
 * for every contribution scale·block to the (a, b) block; the first pass only records which blocks exist.
 */
function buildMatrix(
  nodes: GridNodes,
  each: (
    visit: (a: number, b: number, block: Float64Array, off: number, stride: number, scale: number) => void,
  ) => void,
): BlockMatrix {
  const n = nodes.n;
  const slot = new Int32Array(n * SLOTS).fill(-1);
  const other = new Int32Array(n * SLOTS);
  each((a, b) => {
    const s = a * SLOTS + slotOf(nodes, a, b);
    slot[s] = 0;
    other[s] = b;
  });
  const rowPtr = new Int32Array(n + 1);
  for (let a = 0; a < n; a++) {
    let c = 0;
    for (let s = 0; s < SLOTS; s++) if (slot[a * SLOTS + s]! >= 0) c++;
    rowPtr[a + 1] = rowPtr[a]! + c;
  }
  const col = new Int32Array(rowPtr[n]!);
  for (let a = 0; a < n; a++) {
    let p = rowPtr[a]!;
    for (let s = 0; s < SLOTS; s++) {
      if (slot[a * SLOTS + s]! < 0) continue;
      slot[a * SLOTS + s] = p;
      col[p++] = other[a * SLOTS + s]!;
    }
  }
  const val = new Float64Array(9 * col.length);
  each((a, b, block, off, stride, scale) => {
    const p = slot[a * SLOTS + slotOf(nodes, a, b)]! * 9;
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) val[p + r * 3 + c]! += scale * block[off + r * stride + c]!;
  });
  return { n, rowPtr, col, val };
}

/**
 * The stiffness of voxels (8 node ids each, local order as CORNERS) sharing one element matrix, each scaled
 * by its `scale`; a fixed node's row and column are the identity times a typical diagonal, so the solve holds
 * it at zero.
 */
export function assembleStiffness(
  nodes: GridNodes,
  elements: Int32Array,
  ke: Float64Array,
  fixed: Uint8Array,
  scale: Float64Array,
): BlockMatrix {
  const idBlock = new Float64Array(9);
  for (let c = 0; c < 3; c++) idBlock[c * 4] = ke[0]!;
  return buildMatrix(nodes, (visit) => {
    for (let e = 0; e < elements.length / 8; e++) {
      for (let a = 0; a < 8; a++) {
        const na = elements[e * 8 + a]!;
        if (fixed[na]) continue;
        for (let b = 0; b < 8; b++) {
          const nb = elements[e * 8 + b]!;
          if (!fixed[nb]) visit(na, nb, ke, a * 3 * 24 + b * 3, 24, scale[e]!);
        }
      }
    }
    for (let a = 0; a < nodes.n; a++) if (fixed[a]) visit(a, a, idBlock, 0, 3, 1);
  });
}

export function multiply(a: BlockMatrix, x: Float64Array, y: Float64Array): void {
  const { rowPtr, col, val } = a;
  for (let i = 0; i < a.n; i++) {
    let s0 = 0,
      s1 = 0,
      s2 = 0;
    for (let p = rowPtr[i]!; p < rowPtr[i + 1]!; p++) {
      const j = col[p]! * 3,
        q = p * 9;
      const x0 = x[j]!,
        x1 = x[j + 1]!,
        x2 = x[j + 2]!;
      s0 += val[q]! * x0 + val[q + 1]! * x1 + val[q + 2]! * x2;
      s1 += val[q + 3]! * x0 + val[q + 4]! * x1 + val[q + 5]! * x2;
      s2 += val[q + 6]! * x0 + val[q + 7]! * x1 + val[q + 8]! * x2;
    }
    y[i * 3] = s0;
    y[i * 3 + 1] = s1;
    y[i * 3 + 2] = s2;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Multigrid

interface Level {
  nodes: GridNodes;
  a: BlockMatrix;
  /** Inverse of each node's 3×3 diagonal block. */
  diagInv: Float64Array;
  /** Prolongation from the next coarser level: up to 8 (parent, weight) per node. */
  parent?: Int32Array;
  weight?: Float64Array;
  /** The coarsest level: the dense Cholesky factor. */
  chol?: Float64Array;
}

function invert3(m: Float64Array, o: number, out: Float64Array, p: number): void {
  const [a, b, c, d, e, f, g, h, i] = [
    m[o]!,
    m[o + 1]!,
    m[o + 2]!,
    m[o + 3]!,
    m[o + 4]!,
    m[o + 5]!,
    m[o + 6]!,
    m[o + 7]!,
    m[o + 8]!,
  ];
  const A = e * i - f * h,
    B = -(d * i - f * g),
    C = d * h - e * g;
  const det = a * A + b * B + c * C;
  out.set(
    [
      A / det,
      -(b * i - c * h) / det,
      (b * f - c * e) / det,
      B / det,
      (a * i - c * g) / det,
      -(a * f - c * d) / det,
      C / det,
      -(a * h - b * g) / det,
      (a * e - b * d) / det,
    ],
    p,
  );
}

function levelOf(nodes: GridNodes, a: BlockMatrix): Level {
  const diagInv = new Float64Array(9 * nodes.n);
  for (let i = 0; i < nodes.n; i++) {
    for (let p = a.rowPtr[i]!; p < a.rowPtr[i + 1]!; p++) if (a.col[p] === i) invert3(a.val, p * 9, diagInv, i * 9);
  }
  return { nodes, a, diagInv };
}

/** Below this many nodes the coarsest grid is solved directly. */
const COARSEST_NODES = 400;

/** The next coarser level: every other grid plane, one coarse node per label; Galerkin Pᵀ·A·P. */
function coarsen(fine: Level, fixed: Uint8Array | null): Level {
  const f = fine.nodes;
  const key = new Map<number, number>();
  const gi: number[] = [],
    gj: number[] = [],
    gk: number[] = [],
    label: number[] = [];
  const parent = new Int32Array(8 * f.n).fill(-1);
  const weight = new Float64Array(8 * f.n);
  let dims = [0, 0, 0];
  for (let v = 0; v < f.n; v++)
    dims = [Math.max(dims[0]!, f.gi[v]!), Math.max(dims[1]!, f.gj[v]!), Math.max(dims[2]!, f.gk[v]!)];
  const [nI, nJ] = [(dims[0]! >> 1) + 2, (dims[1]! >> 1) + 2];
  for (let v = 0; v < f.n; v++) {
    if (fixed?.[v]) continue; // a held node takes no correction
    const axes = [f.gi[v]!, f.gj[v]!, f.gk[v]!].map((q) =>
      q % 2 === 0
        ? [[q / 2, 1]]
        : [
            [(q - 1) / 2, 0.5],
            [(q + 1) / 2, 0.5],
          ],
    );
    let m = 0;
    for (const [I, wi] of axes[0]!)
      for (const [J, wj] of axes[1]!)
        for (const [K, wk] of axes[2]!) {
          const k = ((K! * nJ + J!) * nI + I!) * 2 + f.label[v]!;
          let id = key.get(k);
          if (id === undefined) {
            id = gi.length;
            key.set(k, id);
            (gi.push(I!), gj.push(J!), gk.push(K!), label.push(f.label[v]!));
          }
          parent[v * 8 + m] = id;
          weight[v * 8 + m++] = wi! * wj! * wk!;
        }
  }
  const nodes: GridNodes = {
    n: gi.length,
    gi: Int32Array.from(gi),
    gj: Int32Array.from(gj),
    gk: Int32Array.from(gk),
    label: Uint8Array.from(label),
  };
  const { rowPtr, col, val } = fine.a;
  const a = buildMatrix(nodes, (visit) => {
    for (let v = 0; v < f.n; v++) {
      for (let p = rowPtr[v]!; p < rowPtr[v + 1]!; p++) {
        const w = col[p]!;
        for (let s = 0; s < 8; s++) {
          const I = parent[v * 8 + s]!;
          if (I < 0) break;
          for (let t = 0; t < 8; t++) {
            const J = parent[w * 8 + t]!;
            if (J < 0) break;
            visit(I, J, val, p * 9, 3, weight[v * 8 + s]! * weight[w * 8 + t]!);
          }
        }
      }
    }
  });
  fine.parent = parent;
  fine.weight = weight;
  return levelOf(nodes, a);
}

/** One symmetric Gauss–Seidel sweep over nodal blocks, forward or backward, on A·x = b. */
function gaussSeidel(l: Level, b: Float64Array, x: Float64Array, forward: boolean): void {
  const { rowPtr, col, val } = l.a;
  const d = l.diagInv;
  const n = l.nodes.n;
  for (let s = 0; s < n; s++) {
    const i = forward ? s : n - 1 - s;
    let r0 = b[i * 3]!,
      r1 = b[i * 3 + 1]!,
      r2 = b[i * 3 + 2]!;
    for (let p = rowPtr[i]!; p < rowPtr[i + 1]!; p++) {
      const j = col[p]!;
      if (j === i) continue;
      const q = p * 9,
        x0 = x[j * 3]!,
        x1 = x[j * 3 + 1]!,
        x2 = x[j * 3 + 2]!;
      r0 -= val[q]! * x0 + val[q + 1]! * x1 + val[q + 2]! * x2;
      r1 -= val[q + 3]! * x0 + val[q + 4]! * x1 + val[q + 5]! * x2;
      r2 -= val[q + 6]! * x0 + val[q + 7]! * x1 + val[q + 8]! * x2;
    }
    const q = i * 9;
    x[i * 3] = d[q]! * r0 + d[q + 1]! * r1 + d[q + 2]! * r2;
    x[i * 3 + 1] = d[q + 3]! * r0 + d[q + 4]! * r1 + d[q + 5]! * r2;
    x[i * 3 + 2] = d[q + 6]! * r0 + d[q + 7]! * r1 + d[q + 8]! * r2;
  }
}

export interface Solver {
  /** Solves A·x = b to a relative residual `tol`; x0 warm-starts it. */
  solve(b: Float64Array, tol?: number, x0?: Float64Array): { x: Float64Array; iterations: number };
  a: BlockMatrix;
  levels: number;
}

/** Multigrid-preconditioned CG on the assembled stiffness. `fixed` marks held nodes (identity rows). */
export function multigridSolver(nodes: GridNodes, a: BlockMatrix, fixed: Uint8Array, smoothing = 2): Solver {
  const levels: Level[] = [levelOf(nodes, a)];
  while (levels[levels.length - 1]!.nodes.n > COARSEST_NODES && levels.length < 12) {
    const fine = levels[levels.length - 1]!;
    const next = coarsen(fine, levels.length === 1 ? fixed : null);
    if (next.nodes.n > 0.7 * fine.nodes.n) break;
    levels.push(next);
  }
  const last = levels[levels.length - 1]!;
  delete last.parent;
  const m = last.nodes.n * 3;
  const dense = new Float64Array(m * m);
  for (let i = 0; i < last.nodes.n; i++) {
    for (let p = last.a.rowPtr[i]!; p < last.a.rowPtr[i + 1]!; p++) {
      const j = last.a.col[p]!;
      for (let r = 0; r < 3; r++)
        for (let c = 0; c < 3; c++) dense[(i * 3 + r) * m + j * 3 + c] = last.a.val[p * 9 + r * 3 + c]!;
    }
  }
  last.chol = denseCholesky(dense, m);

  const vcycle = (k: number, b: Float64Array): Float64Array => {
    const l = levels[k]!;
    if (l.chol) return denseCholSolve(l.chol, l.nodes.n * 3, b);
    const x = new Float64Array(b.length);
    for (let s = 0; s < smoothing; s++) gaussSeidel(l, b, x, true);
    const r = new Float64Array(b.length);
    multiply(l.a, x, r);
    for (let i = 0; i < r.length; i++) r[i] = b[i]! - r[i]!;
    const coarse = levels[k + 1]!;
    const rc = new Float64Array(coarse.nodes.n * 3);
    const par = l.parent!,
      w = l.weight!;
    for (let v = 0; v < l.nodes.n; v++) {
      for (let s = 0; s < 8; s++) {
        const I = par[v * 8 + s]!;
        if (I < 0) break;
        for (let c = 0; c < 3; c++) rc[I * 3 + c]! += w[v * 8 + s]! * r[v * 3 + c]!;
      }
    }
    const xc = vcycle(k + 1, rc);
    for (let v = 0; v < l.nodes.n; v++) {
      for (let s = 0; s < 8; s++) {
        const I = par[v * 8 + s]!;
        if (I < 0) break;
        for (let c = 0; c < 3; c++) x[v * 3 + c]! += w[v * 8 + s]! * xc[I * 3 + c]!;
      }
    }
    for (let s = 0; s < smoothing; s++) gaussSeidel(l, b, x, false);
    return x;
  };

  return {
    a,
    levels: levels.length,
    solve(b, tol = 1e-8, x0) {
      const n = b.length;
      const x = x0 ? Float64Array.from(x0) : new Float64Array(n);
      const r = new Float64Array(n);
      multiply(a, x, r);
      for (let i = 0; i < n; i++) r[i] = b[i]! - r[i]!;
      const bn = Math.sqrt(dotProduct(b, b));
      if (bn === 0) return { x: new Float64Array(n), iterations: 0 };
      let z = vcycle(0, r);
      const p = Float64Array.from(z);
      let rz = dotProduct(r, z);
      const q = new Float64Array(n);
      for (let it = 1; it <= 2000; it++) {
        multiply(a, p, q);
        const alpha = rz / dotProduct(p, q);
        for (let i = 0; i < n; i++) {
          x[i]! += alpha * p[i]!;
          r[i]! -= alpha * q[i]!;
        }
        if (Math.sqrt(dotProduct(r, r)) <= tol * bn) return { x, iterations: it };
        z = vcycle(0, r);
        const rz1 = dotProduct(r, z);
        const beta = rz1 / rz;
        rz = rz1;
        for (let i = 0; i < n; i++) p[i] = z[i]! + beta * p[i]!;
      }
      throw new Error('CG did not converge in 2000 iterations');
    },
  };
}

export function dotProduct(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

// ---------------------------------------------------------------------------------------------------------
// Lowest modes: K·x = λ·M·x with a diagonal (lumped) M, by subspace iteration

/** Eigenpairs of the small symmetric pencil (k, m), m positive definite: λ ascending, vectors m-orthonormal (columns). */
function smallPencil(k: Float64Array, m: Float64Array, n: number): { values: number[]; vectors: Float64Array } {
  // Reduce by m = L·Lᵀ: C = L⁻¹·k·L⁻ᵀ, then Jacobi rotations on C.
  const l = denseCholesky(m, n);
  const linv = new Float64Array(n * n);
  for (let j = 0; j < n; j++) {
    const e = new Float64Array(n);
    e[j] = 1;
    // forward solve only: L·y = e
    for (let i = 0; i < n; i++) {
      let s = e[i]!;
      for (let q = 0; q < i; q++) s -= l[i * n + q]! * e[q]!;
      e[i] = s / l[i * n + i]!;
    }
    for (let i = 0; i < n; i++) linv[i * n + j] = e[i]!;
  }
  const c = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let p = 0; p < n; p++) for (let q = 0; q < n; q++) s += linv[i * n + p]! * k[p * n + q]! * linv[j * n + q]!;
      c[i * n + j] = s;
    }
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += c[p * n + q]! ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++)
      for (let q = p + 1; q < n; q++) {
        const apq = c[p * n + q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (c[q * n + q]! - c[p * n + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const cs = 1 / Math.sqrt(t * t + 1),
          sn = t * cs;
        for (let r = 0; r < n; r++) {
          const [a1, a2] = [c[r * n + p]!, c[r * n + q]!];
          c[r * n + p] = cs * a1 - sn * a2;
          c[r * n + q] = sn * a1 + cs * a2;
        }
        for (let r = 0; r < n; r++) {
          const [a1, a2] = [c[p * n + r]!, c[q * n + r]!];
          c[p * n + r] = cs * a1 - sn * a2;
          c[q * n + r] = sn * a1 + cs * a2;
        }
        for (let r = 0; r < n; r++) {
          const [a1, a2] = [v[r * n + p]!, v[r * n + q]!];
          v[r * n + p] = cs * a1 - sn * a2;
          v[r * n + q] = sn * a1 + cs * a2;
        }
      }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => c[a * n + a]! - c[b * n + b]!);
  // Back to the pencil's vectors: x = L⁻ᵀ·y.
  const vectors = new Float64Array(n * n);
  order.forEach((src, dst) => {
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let p = 0; p < n; p++) s += linv[p * n + i]! * v[p * n + src]!;
      vectors[i * n + dst] = s;
    }
  });
  return { values: order.map((i) => c[i * n + i]!), vectors };
}

export interface Modes {
  /** Angular frequencies (rad/s), ascending. */
  omega: number[];
  /** Mass-normalised shapes. */
  shapes: Float64Array[];
  iterations: number;
}

/**
 * The `count` lowest modes of K·x = λ·diag(mass)·x: subspace (inverse) iteration on count + 2 vectors with
 * Rayleigh–Ritz, each K⁻¹ by the multigrid CG warm-started from the last iterate; stops when the wanted
 * eigenvalues change by less than `tol`.
 */
export function lowestModes(solver: Solver, mass: Float64Array, count: number, tol = 1e-3, seed = 1): Modes {
  const p = count + 2;
  const n = mass.length;
  let rnd = seed;
  const random = (): number => (rnd = (rnd * 16807) % 2147483647) / 2147483647 - 0.5;
  // Random starts on the massive freedoms only (a held node has no mass and no motion).
  let x = Array.from({ length: p }, () => Float64Array.from({ length: n }, (_, d) => (mass[d]! > 0 ? random() : 0)));
  let last: number[] = [];
  const ky = new Float64Array(n);
  for (let it = 1; it <= 60; it++) {
    // K·y = M·x, warm-started from x/λ (where x converges, y = x/λ).
    const y = x.map(
      (xi, i) =>
        solver.solve(
          xi.map((v, d) => v * mass[d]!),
          1e-6,
          last.length ? xi.map((v) => v / last[i]!) : undefined,
        ).x,
    );
    const kr = new Float64Array(p * p),
      mr = new Float64Array(p * p);
    for (let i = 0; i < p; i++) {
      multiply(solver.a, y[i]!, ky);
      for (let j = 0; j < p; j++) {
        kr[i * p + j] = dotProduct(ky, y[j]!);
        let s = 0;
        const yi = y[i]!,
          yj = y[j]!;
        for (let d = 0; d < n; d++) s += yi[d]! * mass[d]! * yj[d]!;
        mr[i * p + j] = s;
      }
    }
    const { values, vectors } = smallPencil(kr, mr, p);
    x = Array.from({ length: p }, (_, c) => {
      const v = new Float64Array(n);
      for (let i = 0; i < p; i++) {
        const w = vectors[i * p + c]!;
        const yi = y[i]!;
        for (let d = 0; d < n; d++) v[d]! += w * yi[d]!;
      }
      return v;
    });
    const done = last.length > 0 && values.slice(0, count).every((v, i) => Math.abs(v - last[i]!) <= tol * v);
    last = values;
    if (done) return { omega: values.slice(0, count).map(Math.sqrt), shapes: x.slice(0, count), iterations: it };
  }
  throw new Error('subspace iteration did not converge in 60 iterations');
}
