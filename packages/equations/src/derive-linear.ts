/**
 * deriveLinear: the state equations of a linear equation set, exactly in the parameters. With the unknowns
 * x' (states' derivatives), v (variables) and v' (derivatives of variables that appear on a right side) and the
 * knowns x, u, u':
 *
 *  1. the other elemental and constraint equations, Mv v + MK K = 0 with K = [x, u, u', x', v'], give
 *     v = P K,  P = −Mv⁻¹ MK                     (Mv singular: a typed error naming the dependent equations);
 *  2. each v'_j that appears is the derivative of its row of P, which must be in x and u only:
 *     v'_j = P_x[j] x' + P_u[j] u'                (dependent storage, e.g. the tutorial's v_L = L i_L' with
 *                                                  i_L = Kv τ_k: eliminated, not dropped, and noted);
 *  3. the state equations with v = P K substituted, and the rows of step 2, form G [x'; v'] + H [x; u; u'] = 0,
 *     so [x'; v'] = −G⁻¹ H, whose x' rows are [A B E]   (a derivative of another state on a right side is
 *                                                        solved for here too);
 *  4. v = P K with [x'; v'] substituted gives every variable in x, u, u', and the outputs' rows [C D F].
 */
import { SysgraphError, isSysgraphError } from '@sysgraph/core';
import { FieldMatrix, solve } from '@sysgraph/symbolic';
import type { RationalFunction } from '@sysgraph/symbolic';
import { dependentEquations } from './dependent-equations';
import { derivativeName } from './derivative-name';
import type { LinearRows } from './linear-rows';
import type { LinearEquationModel, StatemintMatrix } from './equation-model';
import type { Equation, EquationSet } from './types';

type M = FieldMatrix<RationalFunction>;

/** A fixed generic value for a parameter without one (diagnosis only). */
const genericValue = (k: number) => 1 + ((k * 0.618033988749895) % 1);

export function deriveLinear(set: EquationSet, lin: LinearRows): LinearEquationModel {
  const F = lin.field;
  const n = set.states.length;
  const r = set.inputs.length;
  const notes: string[] = [];
  const stateEqs = set.equations.filter((e) => e.section === 'states');
  const otherEqs = set.equations.filter((e) => e.section !== 'states');
  const rowOf = new Map(set.equations.map((e, k) => [e, lin.rows[k]]));
  const vIndex = new Map(set.variables.map((v, j) => [v, j]));
  // the variables whose derivative appears
  const dvNames = set.variables.filter((v) => lin.rows.some((row) => row.has(derivativeName(v))));
  const dx = set.states.map(derivativeName);
  const du = set.inputs.map(derivativeName);
  const dv = dvNames.map(derivativeName);
  const K = [...set.states, ...set.inputs, ...du, ...dx, ...dv];
  const coef = (eq: Equation, s: string) => rowOf.get(eq)!.get(s) ?? F.zero;
  const values = new Map<string, number>();
  [...set.parameters].forEach(([p, v], k) => values.set(p, v ?? genericValue(k)));
  const numbers = (m: M) => m.toRows().map((row) => row.map((c) => c.evaluate(values)));
  const solveOrExplain = (G: M, H: M, eqs: readonly Equation[], unknowns: readonly string[], what: string): M => {
    try {
      return solve(G, H.neg());
    } catch (e) {
      if (!isSysgraphError(e) || e.code !== 'singular-matrix') throw e;
      const d = dependentEquations(numbers(G), numbers(H));
      const involved = (d?.rows ?? []).map((k) => eqs[k]).filter((q) => q !== undefined);
      const left = (d?.columns ?? []).map((j) => unknowns[j].replace(/__dt$/, "'"));
      const last = involved[involved.length - 1] ?? eqs[eqs.length - 1];
      const lines = involved.map((q) => `${q.where} (${q.text})`).join(', ');
      const message = d?.inconsistent
        ? `${last.where}: the ${what} contradict each other: ${lines}`
        : `${last.where}: the ${what} do not determine ${left.join(', ') || 'every unknown'}: ${lines || 'they'} say the same thing (underdetermined)`;
      throw new SysgraphError('bad-equation', message, {
        element: last.defines,
        field: last.section,
        path: last.where,
        elements: involved.map((q) => q.where),
        expected: d?.inconsistent ? 'consistent equations: remove or correct one of them' : `one more independent equation for ${left.join(', ') || 'the undetermined unknowns'} (or one fewer variable)`,
      });
    }
  };

  // 1. v = P K
  const Mv = FieldMatrix.fromFunction(F, otherEqs.length, set.variables.length, (i, j) => coef(otherEqs[i], set.variables[j]));
  const MK = FieldMatrix.fromFunction(F, otherEqs.length, K.length, (i, j) => coef(otherEqs[i], K[j]));
  const P = set.variables.length > 0 ? solveOrExplain(Mv, MK, otherEqs, set.variables, 'elemental and constraint equations') : FieldMatrix.zeros(F, 0, K.length);
  const col = (name: string) => K.indexOf(name);
  const cx = (j: number) => j; // x block starts at 0
  const cu = (j: number) => n + j;
  const cdu = (j: number) => n + r + j;
  const cdx = (j: number) => n + 2 * r + j;
  const cdv = (j: number) => n + 2 * r + n + j;

  // 2. v'_j = P_x[j] x' + P_u[j] u'
  for (const v of dvNames) {
    const j = vIndex.get(v)!;
    const user = set.equations.find((e) => rowOf.get(e)!.has(derivativeName(v)))!;
    for (const name of [...du, ...dx, ...dv]) {
      if (!F.isZero(P.get(j, col(name)))) {
        throw new SysgraphError('unsupported', `${user.where}: ${v}' needs the derivative of ${name.replace(/__dt$/, "'")}, on which ${v} depends (a second derivative)`, {
          element: v,
          field: user.section,
          path: user.where,
          expected: "derivatives of variables that depend on states and inputs only",
        });
      }
    }
    notes.push(`${v}' (${user.where}) is the derivative of ${v}, a function of the states and inputs: eliminated (dependent storage)`);
  }
  for (const eq of stateEqs) {
    const others = set.states.filter((x) => x !== eq.defines && rowOf.get(eq)!.has(derivativeName(x)));
    if (others.length > 0) notes.push(`${eq.where}: ${eq.defines}' depends on ${others.map((x) => `${x}'`).join(', ')} (dependent storage): solved for together`);
  }

  // 3. G [x'; v'] + H [x; u; u'] = 0
  const p = dvNames.length;
  const G = FieldMatrix.zeros(F, n + p, n + p);
  const H = FieldMatrix.zeros(F, n + p, n + 2 * r);
  stateEqs.forEach((eq, i) => {
    // the state row with v = P K substituted: c_K + c_v P
    const full = (k: number) => {
      let s = coef(eq, K[k]);
      set.variables.forEach((v, j) => {
        const c = coef(eq, v);
        if (!F.isZero(c)) s = F.add(s, F.mul(c, P.get(j, k)));
      });
      return s;
    };
    for (let j = 0; j < n; j++) G.set(i, j, full(cdx(j)));
    for (let j = 0; j < p; j++) G.set(i, n + j, full(cdv(j)));
    for (let j = 0; j < n + 2 * r; j++) H.set(i, j, full(j));
  });
  dvNames.forEach((v, q) => {
    const j = vIndex.get(v)!;
    for (let k = 0; k < n; k++) G.set(n + q, k, F.neg(P.get(j, cx(k))));
    G.set(n + q, n + q, F.one);
    for (let k = 0; k < r; k++) H.set(n + q, cdu(k), F.neg(P.get(j, cu(k))));
  });
  const dvEqs = dvNames.map((v) => set.equations.find((e) => rowOf.get(e)!.has(derivativeName(v)))!);
  const W = n + p > 0 ? solveOrExplain(G, H, [...stateEqs, ...dvEqs], [...dx, ...dv], 'state equations') : FieldMatrix.zeros(F, 0, n + 2 * r);

  // 4. every variable in x, u, u'
  const all = set.variables.length > 0 ? P.block(0, 0, set.variables.length, n + 2 * r).add(P.block(0, n + 2 * r, set.variables.length, n + p).mul(W)) : FieldMatrix.zeros(F, 0, n + 2 * r);
  const ABE = W.block(0, 0, n, n + 2 * r);
  const out = FieldMatrix.zeros(F, set.outputs.length, n + 2 * r);
  set.outputs.forEach((o, i) => {
    const kind = set.kinds.get(o);
    for (let k = 0; k < n + 2 * r; k++) {
      const c = kind === 'state' ? (k === set.states.indexOf(o) ? F.one : F.zero) : kind === 'input' ? (k === n + set.inputs.indexOf(o) ? F.one : F.zero) : all.get(vIndex.get(o)!, k);
      out.set(i, k, c);
    }
  });
  const symbolic: Record<StatemintMatrix, M> = {
    A: ABE.block(0, 0, n, n),
    B: ABE.block(0, n, n, r),
    E: ABE.block(0, n + r, n, r),
    C: out.block(0, 0, set.outputs.length, n),
    D: out.block(0, n, set.outputs.length, r),
    F: out.block(0, n + r, set.outputs.length, r),
  };
  const given = new Map([...set.parameters].filter((e): e is [string, number] => e[1] !== null));
  let numeric: Record<StatemintMatrix, number[][]> | undefined;
  try {
    numeric = Object.fromEntries(Object.entries(symbolic).map(([k, m]) => [k, m.toRows().map((row) => row.map((c) => c.evaluate(given)))])) as Record<StatemintMatrix, number[][]>;
  } catch (e) {
    if (!isSysgraphError(e) || e.code !== 'missing-parameter-value') throw e;
    notes.push(`no numeric model: ${e.message}`);
  }
  return {
    kind: 'linear',
    name: set.name,
    ...(set.title !== undefined ? { title: set.title } : {}),
    states: set.states,
    inputs: set.inputs,
    outputs: set.outputs,
    parameters: set.parameters,
    field: F,
    symbolic,
    ...(numeric ? { numeric } : {}),
    notes,
  };
}
