/**
 * The families of the accuracy matrix: a generated system (benchmarks/src/generators) with its probes as outputs,
 * the span, and its exact modal reference written from the network's own equations (never from the engine):
 * closed-form eigenpairs of the chain Laplacian for the ladders and the mass chain, an independent dense
 * symmetric eigendecomposition (symmetricEigen of @sysgraph/linalg) for the grid and the transformer network, an
 * structured eigen-solve of the lossy line's complex symmetric tridiagonal form (tridiagonal-modes.ts, O(n²);
 * checked against the independent dense general eigendecomposition of general-modes.ts at 10 and 100 states).
 */
import type { RawSystem } from '@sysgraph/description';
import { lcLadder, LC_LADDER_VALUES } from '../generators/lc-ladder';
import { massChain, MASS_CHAIN_VALUES } from '../generators/mass-chain';
import { rcGrid } from '../generators/rc-grid';
import { rcLadder } from '../generators/rc-ladder';
import { rcTransformer, RC_TRANSFORMER_VALUES } from '../generators/rc-transformer';
import { rlcLadder, RLC_LADDER_VALUES } from '../generators/rlc-ladder';
import { lossyLine, LOSSY_LINE_PER_METRE } from '../generators/lossy-line';
import { tridiagonalModes } from './tridiagonal-modes';
import { numbered } from '../generators/ids';
import { symmetricEigen } from '@sysgraph/linalg';
import type { Mode } from './modes';
import { chainModes, secondOrder, weight } from './modes';
import { cx } from './scalar-response';

export interface Probe {
  readonly name: string;
  readonly element: string;
  readonly variable: 'across' | 'through';
}

export interface FamilyCase {
  readonly family: string;
  readonly states: number;
  readonly system: RawSystem;
  /** The source element (the model's input name). */
  readonly input: string;
  readonly probes: readonly Probe[];
  readonly span: number;
  readonly modes: readonly Mode[];
  /**
   * The reference's own accuracy relative to a probe's peak, when it is not at rounding level: a dense
   * eigendecomposition has eigenvalue errors ≈ ε‖J‖, so slow modes far below ‖J‖ (stiff networks) are known only to
   * ≈ ε‖J‖/|λ_min| relative (times a safety of 100). Cells whose bound is below it cannot be judged.
   */
  readonly referenceFloor?: number;
}

export interface Family {
  readonly name: string;
  /** What the family exercises, in words. */
  readonly about: string;
  /** The state counts it is built at (nearest possible to 10, 100, 1000, 10^4). */
  readonly sizes: readonly number[];
  make(states: number): FamilyCase;
}

const across = (name: string, element: string): Probe => ({ name, element, variable: 'across' });
const through = (name: string, element: string): Probe => ({ name, element, variable: 'through' });

function withProbes(system: RawSystem, probes: readonly Probe[]): RawSystem {
  return { ...system, outputs: probes.map((p) => ({ name: p.name, element: p.element, variable: p.variable })) };
}

/** Three distinct nodes 1 … N: first, middle, last. */
const nodesOf = (N: number) => Array.from(new Set([1, Math.ceil(N / 2), N]));

/** RC ladder: RC q' = −κ q + c u per sine mode, c = φ(1)/‖φ‖². */
const rcLadderFamily: Family = {
  name: 'rc-ladder',
  about: 'RC ladder (symmetric, real spectrum)',
  sizes: [10, 100, 1000, 10000],
  make(N) {
    const R = 1e3 / N;
    const C = 1e-6 / N;
    const nodes = nodesOf(N);
    const probes = nodes.map((j) => across(`v${j}`, numbered('C', j, N)));
    const modes = chainModes(N).map((m) => {
      const c = m.shape[0] / m.norm2;
      // τ q' = −q + (c/κ) u, τ = RC/κ: y' = p y + u, q = (c/RC) y
      return { p: cx(-m.kappa / (R * C)), w: nodes.map((j) => cx((m.shape[j - 1] * c) / (R * C))) };
    });
    return { family: this.name, states: N, system: withProbes(rcLadder(N), probes), input: 'Vs', probes, span: 4e-3, modes };
  },
};

/** Shared by the RLC and LC ladders: (LC s² + RC s + κ) q = c U, i_k = C Σ_{j≥k} v_j'. */
function seriesLadderModes(N: number, R: number, L: number, C: number, vNodes: number[], iNodes: number[]): Mode[] {
  const modes: Mode[] = [];
  for (const m of chainModes(N)) {
    const c = m.shape[0] / m.norm2;
    // tail sums S(k) = Σ_{j≥k} φ(j)
    const tail = new Float64Array(N + 1);
    for (let j = N; j >= 1; j--) tail[j - 1] = tail[j] + m.shape[j - 1];
    for (const pole of secondOrder(L * C, R * C, m.kappa)) {
      modes.push({
        p: pole.p,
        w: [...vNodes.map((j) => weight(pole, m.shape[j - 1] * c, false)), ...iNodes.map((k) => weight(pole, C * tail[k - 1] * c, true))],
      });
    }
  }
  return modes;
}

const rlcLadderFamily: Family = {
  name: 'rlc-ladder',
  about: 'RLC ladder (lightly damped, complex spectrum)',
  sizes: [10, 100, 1000, 10000],
  make(states) {
    const N = states / 2;
    const { R, L, C } = RLC_LADDER_VALUES;
    const vNodes = nodesOf(N);
    const iNodes = [1, N];
    const probes = [...vNodes.map((j) => across(`v${j}`, numbered('C', j, N))), ...iNodes.map((k) => through(`i${k}`, numbered('L', k, N)))];
    const modes = seriesLadderModes(N, R, L, C, vNodes, iNodes);
    return { family: this.name, states, system: withProbes(rlcLadder(N), probes), input: 'Vs', probes, span: 2 * N * Math.sqrt(L * C), modes };
  },
};

const lcLadderFamily: Family = {
  name: 'lc-ladder',
  about: 'undamped LC ladder (imaginary spectrum)',
  sizes: [10, 100, 1000, 10000],
  make(states) {
    const N = states / 2;
    const { L, C } = LC_LADDER_VALUES;
    const vNodes = nodesOf(N);
    const iNodes = [1, N];
    const probes = [...vNodes.map((j) => across(`v${j}`, numbered('C', j, N))), ...iNodes.map((k) => through(`i${k}`, numbered('L', k, N)))];
    const modes = seriesLadderModes(N, 0, L, C, vNodes, iNodes);
    return { family: this.name, states, system: withProbes(lcLadder(N), probes), input: 'Vs', probes, span: 2 * N * Math.sqrt(L * C), modes };
  },
};

/**
 * Mass chain, force on mass N: m s V + (k/s + c) K V = e_N F, so per sine mode (m s² + cκ s + kκ) q = c_N s F,
 * c_N = φ(N)/‖φ‖²: the velocity is the derivative of the second-order response.
 */
const massChainFamily: Family = {
  name: 'mass-chain',
  about: 'mechanical chain (masses, springs, proportional dampers)',
  sizes: [10, 100, 1000, 10000],
  make(states) {
    const N = states / 2;
    const { m: mass, k, c } = MASS_CHAIN_VALUES;
    const nodes = nodesOf(N);
    const probes = nodes.map((j) => across(`v${j}`, numbered('mass', j, N)));
    const modes: Mode[] = [];
    for (const m of chainModes(N)) {
      const cN = m.shape[N - 1] / m.norm2;
      for (const pole of secondOrder(mass, c * m.kappa, k * m.kappa)) modes.push({ p: pole.p, w: nodes.map((j) => weight(pole, m.shape[j - 1] * cN, true)) });
    }
    return { family: this.name, states, system: withProbes(massChain(N), probes), input: 'F', probes, span: 2 * N * Math.sqrt(mass / k), modes };
  },
};

/**
 * Symmetric RC networks c_i v_i' = −Σ_j G_ij v_j + b_i u: J = C^{-1/2} (−G) C^{-1/2} = Q Λ Qᵀ (dense, independent),
 * v_i = Σ_m c_i^{-1/2} Q_im (Σ_j Q_jm c_j^{-1/2} b_j) y(λ_m), times a probe scale. Span: 2 slowest time constants.
 *
 * A dense eigendecomposition of J knows every eigenvalue to ≈ ε‖J‖ = ε|λ_max| absolute: the slow modes of a stiff
 * network (which carry the late response and the DC value) only to ε|λ_max/λ_min| relative. So the slow half comes
 * from the decomposition of the inverse, (−J)^{-1} = C^{1/2} G^{-1} C^{1/2} = Q diag(−1/λ) Qᵀ (same eigenvectors),
 * which knows 1/|λ| to ε/|λ_min| absolute, i.e. the slow modes to rounding; the fast half from J itself. The split is
 * at |λ| = √(|λ_min| |λ_max|): either half is then known to ≈ ε √(|λ_max/λ_min|) relative (the reference floor, times a
 * safety of 100).
 */
function symmetricModes(cap: Float64Array, g: Float64Array, b: Float64Array, probeNodes: number[], probeScale: number[]): { modes: Mode[]; span: number; referenceFloor: number } {
  const n = cap.length;
  const s = Float64Array.from(cap, (c) => 1 / Math.sqrt(c));
  const j = new Float64Array(n * n);
  for (let r = 0; r < n; r++) for (let q = 0; q < n; q++) j[r * n + q] = -g[r * n + q] * s[r] * s[q];
  const direct = symmetricEigen(j, n); // ascending: the fastest (most negative) first
  const gInv = spdInverse(g, n);
  const m = new Float64Array(n * n);
  for (let r = 0; r < n; r++) for (let q = 0; q < n; q++) m[r * n + q] = gInv[r * n + q] / (s[r] * s[q]);
  const inverse = symmetricEigen(m, n); // ascending 1/|λ|: the slowest last
  const fastest = -direct.values[0];
  const slowest = 1 / inverse.values[n - 1];
  const split = Math.sqrt(fastest * slowest);
  const modes: Mode[] = [];
  const add = (lambda: number, row: Float64Array) => {
    let proj = 0;
    for (let r = 0; r < n; r++) proj += row[r] * s[r] * b[r];
    modes.push({ p: cx(lambda), w: probeNodes.map((i, k) => cx(probeScale[k] * s[i] * row[i] * proj)) });
  };
  let fast = 0;
  for (let k = 0; k < n && -direct.values[k] >= split; k++, fast++) add(direct.values[k], direct.vectors.subarray(k * n, (k + 1) * n));
  for (let k = n - 1; k >= fast; k--) add(-1 / inverse.values[k], inverse.vectors.subarray(k * n, (k + 1) * n));
  return { modes, span: 2 / slowest, referenceFloor: 100 * Number.EPSILON * Math.sqrt(fastest / slowest) };
}

/** The inverse of a symmetric positive definite matrix by Cholesky, A = L Lᵀ, A^{-1} = L^{-ᵀ} L^{-1} (row-major). */
function spdInverse(a: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k <= i; k++) {
      let sum = a[i * n + k];
      for (let p = 0; p < k; p++) sum -= l[i * n + p] * l[k * n + p];
      if (i === k) {
        if (!(sum > 0)) throw new RangeError(`spdInverse: not positive definite at row ${i}`);
        l[i * n + i] = Math.sqrt(sum);
      } else l[i * n + k] = sum / l[k * n + k];
    }
  }
  // X = L^{-1} (lower triangular), then A^{-1} = Xᵀ X
  const x = new Float64Array(n * n);
  for (let c = 0; c < n; c++) {
    x[c * n + c] = 1 / l[c * n + c];
    for (let i = c + 1; i < n; i++) {
      let sum = 0;
      for (let p = c; p < i; p++) sum -= l[i * n + p] * x[p * n + c];
      x[i * n + c] = sum / l[i * n + i];
    }
  }
  const inv = new Float64Array(n * n);
  for (let p = 0; p < n; p++) {
    for (let i = 0; i <= p; i++) {
      const xpi = x[p * n + i];
      if (xpi === 0) continue;
      for (let k = 0; k <= i; k++) inv[i * n + k] += xpi * x[p * n + k];
    }
  }
  for (let i = 0; i < n; i++) for (let k = 0; k < i; k++) inv[k * n + i] = inv[i * n + k];
  return inv;
}

const rcGridFamily: Family = {
  name: 'rc-grid',
  about: 'RC grid (2-D, current source, resistive load)',
  sizes: [9, 100, 1024],
  make(states) {
    const side = Math.round(Math.sqrt(states));
    const cap = new Float64Array(states).fill(1e-3 / states);
    const g = new Float64Array(states * states);
    const at = (i: number, j: number) => i * side + j;
    const link = (a: number, b: number) => {
      g[a * states + a] += 1;
      g[b * states + b] += 1;
      g[a * states + b] -= 1;
      g[b * states + a] -= 1;
    };
    for (let i = 0; i < side; i++) for (let j = 0; j < side; j++) {
      if (j + 1 < side) link(at(i, j), at(i, j + 1));
      if (i + 1 < side) link(at(i, j), at(i + 1, j));
    }
    g[at(side - 1, side - 1) * (states + 1)] += 1;
    const b = new Float64Array(states);
    b[0] = 1;
    const tag = (i: number, j: number) => `${numbered('', i, side - 1)}_${numbered('', j, side - 1)}`;
    const mid = Math.floor(side / 2);
    const cells = [
      [0, 0],
      [mid, mid],
      [side - 1, side - 1],
    ];
    const probes = cells.map(([i, j]) => across(`v${i}_${j}`, `C${tag(i, j)}`));
    const { modes, span, referenceFloor } = symmetricModes(cap, g, b, cells.map(([i, j]) => at(i, j)), [1, 1, 1]);
    return { family: this.name, states, system: withProbes(rcGrid(side), probes), input: 'Is', probes, span, modes, referenceFloor };
  },
};

/** Reflected to the primary (RC chain of a + b nodes, R_j and c_j per section); secondary voltages are w / TF. */
const rcTransformerFamily: Family = {
  name: 'rc-transformer',
  about: 'stiff network with a transformer (time constants 1e4 apart)',
  sizes: [10, 100, 1000],
  make(states) {
    const a = states / 2;
    const bCount = states / 2;
    const { R1, C1, R2, C2, TF } = RC_TRANSFORMER_VALUES;
    const n = a + bCount;
    const cap = new Float64Array(n);
    const res = new Float64Array(n);
    for (let j = 0; j < n; j++) {
      cap[j] = j < a ? C1 : C2 / (TF * TF);
      res[j] = j < a ? R1 : TF * TF * R2;
    }
    // node j is joined to node j − 1 by res[j] (node −1 is the source)
    const g = new Float64Array(n * n);
    for (let j = 0; j < n; j++) {
      g[j * n + j] += 1 / res[j];
      if (j > 0) {
        g[(j - 1) * n + j - 1] += 1 / res[j];
        g[j * n + j - 1] -= 1 / res[j];
        g[(j - 1) * n + j] -= 1 / res[j];
      }
    }
    const b = new Float64Array(n);
    b[0] = 1 / R1;
    const probes = [across(`vp${a}`, numbered('C1_', a, a)), across('vs1', numbered('C2_', 1, bCount)), across(`vs${bCount}`, numbered('C2_', bCount, bCount))];
    const { modes, span, referenceFloor } = symmetricModes(cap, g, b, [a - 1, a, n - 1], [1, 1 / TF, 1 / TF]);
    return { family: this.name, states, system: withProbes(rcTransformer(a, bCount), probes), input: 'Vs', probes, span, modes, referenceFloor };
  },
};

/**
 * The lossy line's state equations, written from its sections (generators/lossy-line.ts), in energy-scaled states
 * x_v,k = √C_d v_k, x_i,k = √L_d i_k (s = 1/√(L_d C_d); J is then a skew-symmetric coupling plus the losses, and its
 * eigenvectors are well conditioned):
 *
 *   L_d i_1' = Vs − (Z0 + R_d) i_1 − v_1,   L_d i_k' = v_{k−1} − R_d i_k − v_k            (k ≥ 2)
 *   C_d v_k' = i_k − i_{k+1} − G_d v_k,      C_d v_N' = i_N − v_N/Z0 − G_d v_N
 *
 *   x_i,k' = s (x_v,k−1 − x_v,k) − (R_d/L_d) x_i,k  (− (Z0/L_d) x_i,1, + Vs/√L_d for k = 1)
 *   x_v,k' = s (x_i,k − x_i,k+1) − (G_d/C_d) x_v,k   (− x_v,N/(Z0 C_d) for k = N)
 *
 * State order: x_v,1 … x_v,N, x_i,1 … x_i,N. Probes: v_N (the load), v at the middle, i_1 (the input current).
 */
export function lossyLineOperator(N: number): { j: Float64Array; b: Float64Array; probes: Float64Array[]; probeNames: Probe[] } {
  const u = LOSSY_LINE_PER_METRE;
  const Rd = u.R / N;
  const Ld = u.L / N;
  const Cd = u.C / N;
  const Gd = u.G / N;
  const n = 2 * N;
  const s = 1 / Math.sqrt(Ld * Cd);
  const j = new Float64Array(n * n);
  const V = (k: number) => k - 1; // x_v,k
  const I = (k: number) => N + k - 1; // x_i,k
  const add = (r: number, q: number, x: number) => (j[r * n + q] += x);
  for (let k = 1; k <= N; k++) {
    // inductor k
    if (k > 1) add(I(k), V(k - 1), s);
    add(I(k), V(k), -s);
    add(I(k), I(k), -Rd / Ld);
    // capacitor k
    add(V(k), I(k), s);
    if (k < N) add(V(k), I(k + 1), -s);
    add(V(k), V(k), -Gd / Cd);
  }
  add(I(1), I(1), -u.Z0 / Ld);
  add(V(N), V(N), -1 / (u.Z0 * Cd));
  const b = new Float64Array(n);
  b[I(1)] = 1 / Math.sqrt(Ld);
  const row = (q: number, scale: number) => {
    const r = new Float64Array(n);
    r[q] = scale;
    return r;
  };
  const mid = Math.ceil(N / 2);
  const probeNames = [across(`v${N}`, numbered('C', N, N)), ...(mid < N ? [across(`v${mid}`, numbered('C', mid, N))] : []), through('i1', numbered('L', 1, N))];
  const probes = [row(V(N), 1 / Math.sqrt(Cd)), ...(mid < N ? [row(V(mid), 1 / Math.sqrt(Cd))] : []), row(I(1), 1 / Math.sqrt(Ld))];
  return { j, b, probes, probeNames };
}

/**
 * The same equations in the interleaved order z = (x_i,1, x_v,1, x_i,2, x_v,2, …): J = diag(d) + s·tridiag(+1, 0, −1),
 * the form tridiagonal-modes.ts decomposes in O(n²).
 */
export function lossyLineTridiagonal(N: number): { d: Float64Array; s: number; b: Float64Array; probes: { state: number; scale: number }[] } {
  const u = LOSSY_LINE_PER_METRE;
  const Rd = u.R / N;
  const Ld = u.L / N;
  const Cd = u.C / N;
  const Gd = u.G / N;
  const I = (k: number) => 2 * k - 2;
  const V = (k: number) => 2 * k - 1;
  const d = new Float64Array(2 * N);
  for (let k = 1; k <= N; k++) {
    d[I(k)] = -Rd / Ld;
    d[V(k)] = -Gd / Cd;
  }
  d[I(1)] -= u.Z0 / Ld;
  d[V(N)] -= 1 / (u.Z0 * Cd);
  const b = new Float64Array(2 * N);
  b[I(1)] = 1 / Math.sqrt(Ld);
  const mid = Math.ceil(N / 2);
  const probes = [{ state: V(N), scale: 1 / Math.sqrt(Cd) }, ...(mid < N ? [{ state: V(mid), scale: 1 / Math.sqrt(Cd) }] : []), { state: I(1), scale: 1 / Math.sqrt(Ld) }];
  return { d, s: 1 / Math.sqrt(Ld * Cd), b, probes };
}

const lossyLineFamily: Family = {
  name: 'lossy-line',
  about: 'lossy transmission line, matched source and load (losses mostly at the terminations, non-symmetric)',
  // the dense general decomposition did not finish at 1000 states in 15 min; the structured one is O(n²)
  sizes: [10, 100, 1000],
  make(states) {
    const N = states / 2;
    const { probeNames: probes } = lossyLineOperator(N);
    const { d, s, b, probes: rows } = lossyLineTridiagonal(N);
    const { modes } = tridiagonalModes(d, s, b, rows);
    const delay = Math.sqrt(LOSSY_LINE_PER_METRE.L * LOSSY_LINE_PER_METRE.C);
    return { family: this.name, states, system: withProbes(lossyLine(N), probes), input: 'Vs', probes, span: 4 * delay, modes };
  },
};

export const FAMILIES: readonly Family[] = [rcLadderFamily, rcGridFamily, rlcLadderFamily, lcLadderFamily, rcTransformerFamily, massChainFamily, lossyLineFamily];

/** Families without an independent reference yet (listed in the report as pending). */
export const PENDING_FAMILIES: readonly { name: string; why: string }[] = [];
