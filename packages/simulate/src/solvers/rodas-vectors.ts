/**
 * The vector work of one Rodas4 attempt (rodas.ts; Hairer & Wanner, Solving ODEs II, IV.7, coefficients of ROCOE
 * method 1), each pass one loop over Float64Arrays in a function of its own at module level:
 *
 *   stage points   y_i = y + Σ_{j<i} a_ij k_j,   comb_i = Σ_{j<i} (c_ij/h) k_j
 *   stage rhs      hγ (f_i + h d_i ∂f/∂t + comb_i)   (a pass of its own only for a dense J or a mass matrix: the
 *                  sparse LU forms it as its solve reads it, linalg's solveSum, the same operations)
 *   dense output   q1 = Σ d2j k_j, q2 = Σ d3j k_j,   y(t + θh) = (1 − θ) y + θ (y_new + (1 − θ)(q1 + θ q2))
 *   dense check    gap = y(t + h/2) − [(y + y_new)/2 + h (y' − y_new')/8],  y(t + h/2) from q1 + q2/2 (stage 6's pass)
 *
 * Why module level, loop last: a function whose only long loop runs on its first call is compiled by on-stack
 * replacement inside that loop, before the code after the loop has ever run; that code then has no type feedback,
 * and the compiled loop (kept for the next entries) left into a deoptimisation at every later call (measured on
 * the 10^4 diode ladder: the stage closure and the dense output deoptimised at every attempt, 235 times in one run,
 * and more than 2000 times in a second run in the same process, whose new closures met code specialised to the
 * first run's). Here nothing follows a loop but `return`, and the functions are the same objects in every run.
 */

export const GAMMA = 0.25;
export const C2 = 0.386, C3 = 0.21, C4 = 0.63;
export const D1 = 0.25, D2 = -0.1043, D3 = 0.1035, D4 = -0.03620000000000023;
const A21 = 1.544;
const A31 = 0.9466785280815826, A32 = 0.2557011698983284;
const A41 = 3.314825187068521, A42 = 2.896124015972201, A43 = 0.9986419139977817;
const A51 = 1.221224509226641, A52 = 6.019134481288629, A53 = 12.53708332932087, A54 = -0.687886036105895;
const C21 = -5.6688;
const C31 = -2.430093356833875, C32 = -0.2063599157091915;
const C41 = -0.1073529058151375, C42 = -9.594562251023355, C43 = -20.47028614809616;
const C51 = 7.496443313967647, C52 = -10.24680431464352, C53 = -33.99990352819905, C54 = 11.7089089320616;
const C61 = 8.083246795921522, C62 = -7.981132988064893, C63 = -31.52159432874371, C64 = 16.31930543123136;
const C65 = -6.058818238834054;
const D21 = 10.12623508344586, D22 = -7.487995877610167, D23 = -34.80091861555747, D24 = -7.992771707568823;
const D25 = 1.025137723295662;
const D31 = -0.6762803392801253, D32 = 6.087714651680015, D33 = 16.43084320892478, D34 = 24.76722511418386;
const D35 = -6.594389125716872;

/** Stage 2: ys = y + a21 k1, comb = (c21/h) k1. */
export function stagePoint2(y: Float64Array, k1: Float64Array, inv: number, ys: Float64Array, comb: Float64Array): void {
  const c1 = inv * C21;
  for (let i = 0; i < ys.length; i++) {
    const a = k1[i];
    ys[i] = y[i] + A21 * a;
    comb[i] = c1 * a;
  }
}

/** Stage 3: ys = y + a31 k1 + a32 k2, comb = (c31 k1 + c32 k2)/h. */
export function stagePoint3(y: Float64Array, k1: Float64Array, k2: Float64Array, inv: number, ys: Float64Array, comb: Float64Array): void {
  for (let i = 0; i < ys.length; i++) {
    const a = k1[i], b = k2[i];
    ys[i] = y[i] + A31 * a + A32 * b;
    comb[i] = inv * (C31 * a + C32 * b);
  }
}

/** Stage 4: ys = y + Σ a4j kj, comb = Σ (c4j/h) kj, j = 1…3. */
export function stagePoint4(
  y: Float64Array,
  k1: Float64Array,
  k2: Float64Array,
  k3: Float64Array,
  inv: number,
  ys: Float64Array,
  comb: Float64Array,
): void {
  for (let i = 0; i < ys.length; i++) {
    const a = k1[i], b = k2[i], c = k3[i];
    ys[i] = y[i] + A41 * a + A42 * b + A43 * c;
    comb[i] = inv * (C41 * a + C42 * b + C43 * c);
  }
}

/** Stage 5 (at t + h): ys = y + Σ a5j kj, comb = Σ (c5j/h) kj, j = 1…4. */
export function stagePoint5(
  y: Float64Array,
  k1: Float64Array,
  k2: Float64Array,
  k3: Float64Array,
  k4: Float64Array,
  inv: number,
  ys: Float64Array,
  comb: Float64Array,
): void {
  for (let i = 0; i < ys.length; i++) {
    const a = k1[i], b = k2[i], c = k3[i], d = k4[i];
    ys[i] = y[i] + A51 * a + A52 * b + A53 * c + A54 * d;
    comb[i] = inv * (C51 * a + C52 * b + C53 * c + C54 * d);
  }
}

/**
 * Stage 6: the embedded solution ys ← ys + k5 (order 3), comb = Σ (c6j/h) kj, j = 1…5, and qHalf = q1 + q2/2 (the
 * dense output's q1 + θ q2 at θ = 1/2, for the dense-output check: formed here, where k1…k5 are read anyway, the
 * check reads one array instead of five).
 */
export function stagePoint6(
  k1: Float64Array,
  k2: Float64Array,
  k3: Float64Array,
  k4: Float64Array,
  k5: Float64Array,
  inv: number,
  ys: Float64Array,
  comb: Float64Array,
  qHalf: Float64Array,
): void {
  for (let i = 0; i < ys.length; i++) {
    const a = k1[i], b = k2[i], c = k3[i], d = k4[i], e = k5[i];
    ys[i] += e;
    comb[i] = inv * (C61 * a + C62 * b + C63 * c + C64 * d + C65 * e);
    const q1 = D21 * a + D22 * b + D23 * c + D24 * d + D25 * e;
    const q2 = D31 * a + D32 * b + D33 * c + D34 * d + D35 * e;
    qHalf[i] = q1 + 0.5 * q2;
  }
}

/** Stage 1's right-hand side: rhs = hγ (f + hd ∂f/∂t) (no comb). */
export function stageRhsFirst(rhs: Float64Array, fx: Float64Array, hg: number, hd: number): void {
  for (let i = 0; i < rhs.length; i++) rhs[i] = hg * (rhs[i] + hd * fx[i]);
}

/** rhs = hγ (f + hd ∂f/∂t + comb), comb = M·Σ (c/h) k (stages 2–4). */
export function stageRhs(rhs: Float64Array, fx: Float64Array, comb: Float64Array, hg: number, hd: number): void {
  for (let i = 0; i < rhs.length; i++) rhs[i] = hg * (rhs[i] + hd * fx[i] + comb[i]);
}

/** rhs = hγ (f + comb) (stages 5 and 6, d = 0: ∂f/∂t is not read, so a non-finite one cannot leak in as 0·∞). */
export function stageRhsAutonomous(rhs: Float64Array, comb: Float64Array, hg: number): void {
  for (let i = 0; i < rhs.length; i++) rhs[i] = hg * (rhs[i] + comb[i]);
}

/** rhs = hγ f (stage 1 with d = 0). */
export function stageRhsScaled(rhs: Float64Array, hg: number): void {
  for (let i = 0; i < rhs.length; i++) rhs[i] *= hg;
}

/** y_new = ys + k6 (order 4). */
export function stageEnd(ys: Float64Array, k6: Float64Array, yNew: Float64Array): void {
  for (let i = 0; i < yNew.length; i++) yNew[i] = ys[i] + k6[i];
}

/** The dense output's coefficients q1 = Σ d2j kj, q2 = Σ d3j kj, j = 1…5. */
export function denseCoefficients(
  k1: Float64Array,
  k2: Float64Array,
  k3: Float64Array,
  k4: Float64Array,
  k5: Float64Array,
  q1: Float64Array,
  q2: Float64Array,
): void {
  for (let i = 0; i < q1.length; i++) {
    const a = k1[i], b = k2[i], c = k3[i], d = k4[i], e = k5[i];
    q1[i] = D21 * a + D22 * b + D23 * c + D24 * d + D25 * e;
    q2[i] = D31 * a + D32 * b + D33 * c + D34 * d + D35 * e;
  }
}

/** out = (1 − θ) y + θ (y_new + (1 − θ)(q1 + θ q2)), every entry. */
export function denseAt(th: number, y: Float64Array, yNew: Float64Array, q1: Float64Array, q2: Float64Array, out: Float64Array): void {
  const th1 = 1 - th;
  for (let i = 0; i < out.length; i++) out[i] = th1 * y[i] + th * (yNew[i] + th1 * (q1[i] + th * q2[i]));
}

/**
 * The dense-output check at θ = 1/2: gap = y(t + h/2) − [(y + y_new)/2 + h (y' − y_new')/8], y(t + h/2) from
 * qHalf = q1 + q2/2 (stagePoint6).
 */
export function denseGap(
  y: Float64Array,
  yNew: Float64Array,
  qHalf: Float64Array,
  dStart: Float64Array,
  dEnd: Float64Array,
  h: number,
  gap: Float64Array,
): void {
  for (let i = 0; i < gap.length; i++) {
    const yi = y[i], zi = yNew[i];
    const dense = 0.5 * yi + 0.5 * (zi + 0.5 * qHalf[i]);
    const herm = 0.5 * (yi + zi) + (h * (dStart[i] - dEnd[i])) / 8;
    gap[i] = dense - herm;
  }
}

/** Stage 1's right-hand side straight from the kept y' = f(t, y): rhs = hγ (f + hd ∂f/∂t) (no copy of f first). */
export function stageRhsFirstFrom(f: Float64Array, fx: Float64Array, hg: number, hd: number, rhs: Float64Array): void {
  for (let i = 0; i < rhs.length; i++) rhs[i] = hg * (f[i] + hd * fx[i]);
}

/**
 * y_new = ys + k6 and the embedded error in the weighted max norm (error-norm.ts's errorNormMax, the same
 * arithmetic) in one pass: max_i |k6_i| / (atol + rtol·max(|y_i|, |y_new,i|)); Infinity when a ratio or y_new is
 * not finite.
 */
export function stageEndMaxError(ys: Float64Array, k6: Float64Array, y: Float64Array, rtol: number, atol: number, yNew: Float64Array): number {
  let m = 0;
  let bad = false;
  for (let i = 0; i < yNew.length; i++) {
    const e = k6[i];
    const z = ys[i] + e;
    yNew[i] = z;
    const r = Math.abs(e) / (atol + rtol * Math.max(Math.abs(y[i]), Math.abs(z)));
    if (r > m) m = r;
    else if (!(r <= m) || z - z !== 0) bad = true;
  }
  return bad ? Infinity : m;
}

/** denseGap and its weighted max norm in one pass, the gap not stored; Infinity when a ratio is not finite. */
export function denseGapMaxError(
  y: Float64Array,
  yNew: Float64Array,
  qHalf: Float64Array,
  dStart: Float64Array,
  dEnd: Float64Array,
  h: number,
  rtol: number,
  atol: number,
): number {
  let m = 0;
  let bad = false;
  for (let i = 0; i < y.length; i++) {
    const yi = y[i], zi = yNew[i];
    const dense = 0.5 * yi + 0.5 * (zi + 0.5 * qHalf[i]);
    const herm = 0.5 * (yi + zi) + (h * (dStart[i] - dEnd[i])) / 8;
    const r = Math.abs(dense - herm) / (atol + rtol * Math.max(Math.abs(yi), Math.abs(zi)));
    if (r > m) m = r;
    else if (!(r <= m)) bad = true;
  }
  return bad ? Infinity : m;
}

/**
 * The dense output at the listed entries only, q1 and q2 formed there from the stages (no pass over the whole
 * state: a few recorded probes of a large network cost O(rows) per sample); the other entries are left as they are.
 */
export function denseAtRowsFromStages(
  th: number,
  y: Float64Array,
  yNew: Float64Array,
  k1: Float64Array,
  k2: Float64Array,
  k3: Float64Array,
  k4: Float64Array,
  k5: Float64Array,
  rows: Int32Array,
  out: Float64Array,
): void {
  const th1 = 1 - th;
  for (let r = 0; r < rows.length; r++) {
    const i = rows[r];
    const a = k1[i], b = k2[i], c = k3[i], d = k4[i], e = k5[i];
    const q1 = D21 * a + D22 * b + D23 * c + D24 * d + D25 * e;
    const q2 = D31 * a + D32 * b + D33 * c + D34 * d + D35 * e;
    out[i] = th1 * y[i] + th * (yNew[i] + th1 * (q1 + th * q2));
  }
}
