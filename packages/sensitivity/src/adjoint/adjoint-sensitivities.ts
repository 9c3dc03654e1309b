/**
 * adjointSensitivities: ∂y_j(T)/∂θ_k of chosen outputs at chosen times, for many parameters at once, by the adjoint
 * of the linear model x̃' = A x̃ + B u, y = C x̃ + D u + E u', x = x̃ + Bd u (sensitivity-model.ts has the forward
 * equations). With s_k = ∂x̃/∂θ_k (s_k' = A s_k + ∂A_k x̃ + ∂B_k u, s_k(t0) = −∂Bd_k u(t0)) and the adjoint
 *
 *     λ' = −Aᵀ λ,  λ(T) = c        (c = C_jᵀ for an output, e_j for a state)
 *
 * the identity d/dt(λᵀ s_k) = λᵀ (∂A_k x̃ + ∂B_k u) gives
 *
 *     cᵀ s_k(T) = λ(t0)ᵀ s_k(t0) + Σ_rc ∂A_k[r][c] M[r][c] + Σ_rc ∂B_k[r][c] N[r][c]
 *     M = ∫ λ x̃ᵀ dt,  N = ∫ λ uᵀ dt                                      (over [t0, T])
 *     ∂y_j/∂θ_k (T) = cᵀ s_k(T) + ∂C_k[j] x̃(T) + ∂D_k[j] u(T⁻) + ∂E_k[j] u'(T⁻)    (an output)
 *                   = cᵀ s_k(T) + ∂Bd_k[j] u(T⁻)                                  (a state)
 *
 * One forward run (x̃) per time and one adjoint run (λ, the free response of Aᵀ in reversed time) per output and
 * time serve every parameter: the cost does not grow with the number of parameters, where the forward equations
 * carry n·p extra states. M and N are needed only on the pattern of the ∂A_k and ∂B_k. The quadrature is
 * composite Simpson on each segment between the inputs' breakpoints, the nodes doubled until the fine and coarse
 * rules agree within the tolerance in every derivative (max |θ_k Δ| ≤ rtol·(|θ_k ∂y/∂θ_k| + max|y|)).
 */
import { SysgraphError } from '@sysgraph/core';
import type { CompiledModel } from '@sysgraph/engine';
import { inputSignals } from '@sysgraph/engine';
import type { LinearModel, Signal } from '@sysgraph/simulate';
import { createRestrictedParser, parseSignal, simulate } from '@sysgraph/simulate';
import type { MatrixSensitivities } from '../matrix-sensitivities';
import type { TrajectoryOptions } from '../trajectory-sensitivities';
import { matrixSensitivities } from '../matrix-sensitivities';
import { followed } from '../trajectory-sensitivities';
import type { Segment } from './segments';
import { integrationSegments } from './segments';
import { coarseSimpsonWeights, simpsonWeights } from './simpson';

/** The trajectory's options without `samples` (rtol: the runs' and the quadrature's, default 1e-8), plus: */
export interface AdjointOptions extends Omit<TrajectoryOptions, 'samples'> {
  /** The times T at which ∂y/∂θ is wanted (default: the end time). */
  readonly at?: readonly number[];
  /** Largest number of quadrature nodes per segment (2^k + 1), default 2^14 + 1. */
  readonly maxNodes?: number;
}

export interface AdjointSensitivities {
  readonly parameters: readonly string[];
  readonly values: readonly number[];
  readonly outputs: readonly string[];
  readonly times: readonly number[];
  /** y[i][j] = y_j(times[i]). */
  readonly y: readonly (readonly number[])[];
  /** derivatives[k][j][i] = ∂y_j/∂θ_k at times[i]. */
  readonly derivatives: readonly (readonly (readonly number[])[])[];
  /** normalised[k][j][i] = (θ_k / y_j) ∂y_j/∂θ_k, NaN where y_j = 0. */
  readonly normalised: readonly (readonly (readonly number[])[])[];
  /** The quadrature's estimated error of ∂y_j/∂θ_k, the largest over the parameters, per time and output. */
  readonly quadratureError: readonly (readonly number[])[];
  /** Quadrature nodes per segment used at each time. */
  readonly nodes: readonly number[];
  readonly solver: string;
  readonly notes: readonly string[];
}

const FIRST_LEVEL = 6;
const DEFAULT_MAX_NODES = 2 ** 14 + 1;

/** The entries (r, c) where some ∂X_k is nonzero. */
function pattern(mats: readonly (readonly (readonly number[])[])[]): readonly [number, number][] {
  const seen = new Set<string>();
  const out: [number, number][] = [];
  for (const m of mats) m.forEach((row, r) => row.forEach((v, c) => {
    if (v !== 0 && !seen.has(`${r},${c}`)) {
      seen.add(`${r},${c}`);
      out.push([r, c]);
    }
  }));
  return out;
}

interface Run {
  readonly rows: Float64Array[];
  readonly t: Float64Array;
  readonly solver: string;
}

function rowsOf(result: { names: readonly string[]; columns: readonly Float64Array[] }, names: readonly string[]): Float64Array[] {
  const cols = names.map((s) => result.columns[result.names.indexOf(s)]);
  const count = result.columns[0].length;
  return Array.from({ length: count }, (_, i) => Float64Array.from(cols, (c) => c[i]));
}

export function adjointFromMatrices(model: CompiledModel, sens: MatrixSensitivities, options: AdjointOptions = {}): AdjointSensitivities {
  const chosen = followed(sens, options.outputs);
  const { A, B, C, D, E, Bd } = sens.matrices;
  const n = A.length;
  const p = sens.parameters.length;
  const rtol = options.rtol ?? 1e-8;
  const atol = options.atol ?? rtol * 1e-3;
  const maxNodes = options.maxNodes ?? DEFAULT_MAX_NODES;
  const texts = inputSignals(model.description, model.inputNames, Object.entries(options.signals ?? {}).map(([k, v]) => `${k}=${v}`), undefined, 'signals');
  const parser = createRestrictedParser();
  const signals: Signal[] = sens.inputs.map((name) => parseSignal(texts[name] ?? '0', name, parser));
  const inputs = Object.fromEntries(sens.inputs.map((name, i) => [name, signals[i]]));
  const tEnd = options.tEnd ?? model.endTime(texts, options.initial).tEnd;
  const times = options.at && options.at.length > 0 ? [...options.at] : [tEnd];
  for (const T of times) {
    if (!Number.isFinite(T) || T <= 0) throw new SysgraphError('bad-option', `the time ${T} is not after the start 0`, { field: 'at', expected: 'times T > 0' });
  }
  for (const name of Object.keys(options.initial ?? {})) {
    if (!sens.states.includes(name)) throw new SysgraphError('bad-option', `the model has no state ${name}`, { element: name, field: 'initial', expected: `one of ${sens.states.join(', ')}` });
  }

  const u = (t: number, fromLeft = false) => signals.map((s) => s.value(t, fromLeft));
  const du = (t: number, fromLeft = false) => signals.map((s) => s.derivative(t, fromLeft));
  // x̃(0) = x(0) − Bd u(0);  s_k(0) = −∂Bd_k u(0)
  const u0 = u(0);
  const x0 = sens.states.map((s, i) => (options.initial?.[s] ?? 0) - Bd[i].reduce((acc, b, c) => acc + b * u0[c], 0));
  const s0 = sens.derivatives.map((d) => d.Bd.map((row) => -row.reduce((acc, b, c) => acc + b * u0[c], 0)));
  const patA = pattern(sens.derivatives.map((d) => d.A));
  const patB = pattern(sens.derivatives.map((d) => d.B));

  const forwardModel: LinearModel = { kind: 'linear', stateNames: sens.states, inputNames: sens.inputs, outputNames: [], A, B, C: [], D: [] };
  const adjointModel: LinearModel = {
    kind: 'linear',
    stateNames: sens.states,
    inputNames: [],
    outputNames: [],
    A: A[0] ? A[0].map((_, c) => A.map((row) => row[c])) : [],
    B: A.map(() => []),
    C: [],
    D: [],
  };
  const runOptions = { solver: options.solver, rtol, atol, dt: options.dt };
  const byName = (x: ArrayLike<number>) => Object.fromEntries(sens.states.map((s, i) => [s, x[i]]));
  let solverUsed = '';

  const forward = (segs: readonly Segment[], nodes: number): Run[] => {
    let x = x0;
    return segs.map(({ a, b }) => {
      const r = simulate(forwardModel, { ...runOptions, tStart: a, tEnd: b, samples: nodes, inputs, initial: byName(x) });
      solverUsed ||= r.solver;
      const rows = rowsOf(r, sens.states);
      x = Array.from(rows[rows.length - 1]);
      return { rows, t: r.columns[0], solver: r.solver };
    });
  };
  // λ(t) = z(T − t), z' = Aᵀ z, z(0) = c: run in τ = T − t, the segments taken from the last, rows reversed
  const adjoint = (segs: readonly Segment[], nodes: number, c: readonly number[], T: number): Float64Array[][] => {
    let z: readonly number[] = c;
    const out: Float64Array[][] = new Array(segs.length);
    for (let s = segs.length - 1; s >= 0; s--) {
      const { a, b } = segs[s];
      const r = simulate(adjointModel, { ...runOptions, tStart: T - b, tEnd: T - a, samples: nodes, initial: byName(z) });
      const rows = rowsOf(r, sens.states);
      z = Array.from(rows[rows.length - 1]);
      out[s] = rows.reverse();
    }
    return out;
  };

  const y: number[][] = [];
  const derivatives = sens.parameters.map(() => chosen.map(() => new Array<number>(times.length).fill(NaN)));
  const quadratureError = times.map(() => chosen.map(() => NaN));
  const nodesUsed: number[] = [];
  const notes: string[] = [...sens.notes];

  times.forEach((T, ti) => {
    const segs = integrationSegments(signals, 0, T);
    const uT = u(T, true);
    const duT = du(T, true);
    const cs = chosen.map((name) => {
      const si = sens.states.indexOf(name);
      if (si >= 0) return { state: si, c: sens.states.map((_, i) => (i === si ? 1 : 0)) };
      const oi = sens.outputs.indexOf(name);
      return { output: oi, c: C[oi] as readonly number[] };
    });
    let nodes = 2 ** FIRST_LEVEL + 1;
    for (;;) {
      const fwd = forward(segs, nodes);
      const xT = fwd[fwd.length - 1].rows[nodes - 1];
      const yT = cs.map((q) => (q.state !== undefined ? xT[q.state] + Bd[q.state].reduce((acc, b, c) => acc + b * uT[c], 0) : dot(C[q.output!], xT) + dot(D[q.output!], uT) + dot(E[q.output!], duT)));
      const fine = cs.map(() => new Array<number>(p).fill(0));
      const coarse = cs.map(() => new Array<number>(p).fill(0));
      const yScale = cs.map((_, j) => Math.abs(yT[j]));
      cs.forEach((q, j) => {
        const lam = adjoint(segs, nodes, q.c, T);
        const [Mf, Mc] = [new Float64Array(patA.length), new Float64Array(patA.length)];
        const [Nf, Nc] = [new Float64Array(patB.length), new Float64Array(patB.length)];
        segs.forEach(({ a, b }, s) => {
          const wf = simpsonWeights(nodes, a, b);
          const wc = coarseSimpsonWeights(nodes, a, b);
          const X = fwd[s].rows;
          const L = lam[s];
          for (let i = 0; i < nodes; i++) {
            const ui = i === nodes - 1 ? u(b, true) : u(i === 0 ? a : fwd[s].t[i]);
            yScale[j] = Math.max(yScale[j], Math.abs(dot(q.c, X[i])));
            patA.forEach(([r, c], e) => {
              const g = L[i][r] * X[i][c];
              Mf[e] += wf[i] * g;
              Mc[e] += wc[i] * g;
            });
            patB.forEach(([r, c], e) => {
              const g = L[i][r] * ui[c];
              Nf[e] += wf[i] * g;
              Nc[e] += wc[i] * g;
            });
          }
        });
        const lam0 = lam[0][0];
        sens.derivatives.forEach((d, k) => {
          const boundary = dot(lam0, s0[k]) + (q.state !== undefined ? dot(d.Bd[q.state], uT) : dot(d.C[q.output!], xT) + dot(d.D[q.output!], uT) + dot(d.E[q.output!], duT));
          let f = boundary;
          let g = boundary;
          patA.forEach(([r, c], e) => {
            f += d.A[r][c] * Mf[e];
            g += d.A[r][c] * Mc[e];
          });
          patB.forEach(([r, c], e) => {
            f += d.B[r][c] * Nf[e];
            g += d.B[r][c] * Nc[e];
          });
          fine[j][k] = f;
          coarse[j][k] = g;
        });
      });
      // Simpson's error estimate (S_h − S_2h)/15 against the tolerance, in the scale of θ_k ∂y/∂θ_k
      let worstRatio = 0;
      const errors = cs.map((_, j) => {
        let e = 0;
        sens.values.forEach((theta, k) => {
          const est = Math.abs(fine[j][k] - coarse[j][k]) / 15;
          e = Math.max(e, est);
          worstRatio = Math.max(worstRatio, (Math.abs(theta) * est) / (rtol * (Math.abs(theta * fine[j][k]) + yScale[j]) + atol));
        });
        return e;
      });
      const next = 2 * nodes - 1;
      if (worstRatio <= 1 || next > maxNodes) {
        if (worstRatio > 1) notes.push(`at t = ${T}: the quadrature's estimated error is ${worstRatio.toPrecision(2)} times the tolerance with ${nodes} nodes per segment (raise maxNodes, or ask for a looser rtol)`);
        y.push(yT);
        cs.forEach((_, j) => sens.values.forEach((_, k) => (derivatives[k][j][ti] = fine[j][k])));
        quadratureError[ti] = errors;
        nodesUsed.push(nodes);
        break;
      }
      nodes = next;
    }
  });
  const normalised = derivatives.map((dk, k) => dk.map((dj, j) => dj.map((v, i) => (y[i][j] === 0 ? NaN : (sens.values[k] / y[i][j]) * v))));
  return { parameters: sens.parameters, values: sens.values, outputs: chosen, times, y, derivatives, normalised, quadratureError, nodes: nodesUsed, solver: solverUsed, notes };
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

export function adjointSensitivities(model: CompiledModel, parameters: readonly string[], options: AdjointOptions = {}): AdjointSensitivities {
  return adjointFromMatrices(model, matrixSensitivities(model, parameters, options), options);
}
