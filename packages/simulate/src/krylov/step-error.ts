/**
 * The a posteriori error of one shift-and-invert Krylov step, from the projected side (O(k²) per time) —
 * the vector side (forming the error per state component) is in krylov-lti.ts.
 *
 * Residual (van den Eshof & Hochbruck, SIAM J. Sci. Comput. 27(4), 2006, §4; Botchev, Grimm & Hochbruck, SIAM
 * J. Sci. Comput. 35(3), 2013): with L = M̂⁻¹Â, Z = (M̂ − γÂ)⁻¹M̂ and Z V_k = V_k H_k + h v_{k+1} e_kᵀ,
 *
 *   L V_k = V_k Ĵ_k + (h/γ) (I − γL) v_{k+1} e_kᵀ H_k⁻¹,    Ĵ_k = (I − H_k⁻¹)/γ
 *
 * so w_k(s) = β V_k e^{sĴ_k} e_1 solves w' = L w − r(s) with the residual r(s) = β (h/γ) c(s) u,
 * u = (I − γL) v_{k+1} (one fixed direction), c(s) = e_kᵀ H_k⁻¹ y_k(s). The error e(s) = ∫_0^s e^{(s−τ)L} r(τ) dτ.
 * Taking e^{(s−τ)L} ≈ I (the bound ‖e(s)‖ ≤ β (h/γ) ‖u‖ ∫|c| where e^{tL} does not grow) was measured to
 * overestimate by 10³–10⁶ on stiff ladders: u is dominated by the fast modes, which the flow damps at once. One
 * shift-and-invert (implicit Euler) step of length γ on e' = L e + r damps them the same way and needs no product:
 *
 *   e(s) ≈ (I − γL)⁻¹ ∫_0^s r = β (h/γ) (∫_0^s c) v_{k+1}      ((I − γL)⁻¹ u = v_{k+1})
 *
 * so the estimate used per component is β (h/γ) |v_{k+1,i}| ∫_0^s |c| (Saad's h_{k+1,k}-type estimate, SIAM J.
 * Numer. Anal. 29(1), 1992, in its shift-and-invert form).
 *
 * Times: the error of the dense output is wanted wherever it is read, not only at σ: the shift-and-invert
 * approximation is least accurate for s ≪ γ, where a check at σ alone says nothing. The estimates are taken at σ
 * and at every output sample inside the step (the caller's list), and the worst one is then checked per component.
 */
import type { ArnoldiBasis } from './arnoldi-basis';
import type { ProjectedExponential } from './projected-exponential';
import { denseZeros, factorDenseLU } from '@sysgraph/linalg';

const SIMPSON_INTERVALS = 16;

/** ‖y_k(s) − y_{k−1}(s)‖ (the k − 1 approximation's error in coefficients, O(k²)). */
export function coefficientDifference(jk: ProjectedExponential, jkm1: ProjectedExponential, s: number, out?: Float64Array): number {
  const a = jk.at(s);
  const b = jkm1.at(s);
  for (let i = 0; i < b.length; i++) a[i] -= b[i];
  if (out) out.set(a);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * a[i];
  return Math.sqrt(sum);
}

/** The time of `times` where the coefficient difference is largest. */
export function worstTime(jk: ProjectedExponential, jkm1: ProjectedExponential, times: readonly number[]): number {
  let worst = -1;
  let at = times[0];
  for (const s of times) {
    const e = coefficientDifference(jk, jkm1, s);
    if (e > worst) {
      worst = e;
      at = s;
    }
  }
  return at;
}

/** s ↦ ∫_0^s |c(τ)| dτ for one dimension k, c(τ) = e_kᵀ H_k⁻¹ y_k(τ) (composite Simpson, 16 intervals). */
export function residualIntegral(basis: ArnoldiBasis, jk: ProjectedExponential): (s: number) => number {
  const k = jk.dimension;
  const h = denseZeros(k, k);
  for (let j = 0; j < k; j++) for (let i = 0; i <= Math.min(j + 1, k - 1); i++) h.data[j * k + i] = basis.h(i, j);
  // h holds H_kᵀ: z = H_k⁻ᵀ e_k, so c(τ) = zᵀ y_k(τ)
  const ek = new Float64Array(k);
  ek[k - 1] = 1;
  let z: Float64Array;
  try {
    z = factorDenseLU(h, 'projected shift-and-invert matrix H_k').solve(ek);
  } catch {
    return () => Infinity;
  }
  const c = (tau: number) => {
    const y = jk.at(tau);
    let sum = 0;
    for (let i = 0; i < k; i++) sum += z[i] * y[i];
    return Math.abs(sum);
  };
  return (s) => {
    const step = s / SIMPSON_INTERVALS;
    let sum = c(0) + c(s);
    for (let j = 1; j < SIMPSON_INTERVALS; j++) sum += (j % 2 === 1 ? 4 : 2) * c(j * step);
    return (sum * step) / 3;
  };
}
