/**
 * Numeric checks of the values that evaluate with the given parameter values (symbolic ones are skipped):
 * C, L, R, mass, stiffness and damping > 0; finite source constants; nonzero two-port ratios; mutual couplings
 * with |k| < 1, k = M/sqrt(L1·L2); and, for three or more mutually coupled T-type elements, a positive definite
 * inductance matrix (formulation.md sections 1 and 8, D3). Run by parseSystem and again by withParameters.
 * Values that depend on the time t (formulation.md section 11) are checked at one given time (default t = 0,
 * the start of a simulation); no check covers every t.
 */
import { SysgraphError } from '@sysgraph/core';
import { evaluateExpression } from './evaluate-expression';
import type { Expression, SystemDescription } from './types';

export type ValueScope = Pick<SystemDescription, 'parameters' | 'oneports' | 'sources' | 'twoPorts' | 'mutuals'>;

/**
 * Every value error of `desc`; `pathOf` gives an id's place in the input ("elements[3]"), where known;
 * time-varying values are evaluated at `time`. Each distinct Expression object is evaluated once (elements
 * share the expressions of repeated values), so the cost is O(n + Σ size of distinct expressions).
 */
export function checkValues(
  desc: ValueScope,
  pathOf: (id: string) => string | undefined = () => undefined,
  time = 0,
): SysgraphError[] {
  const errors: SysgraphError[] = [];
  const values = desc.parameters;
  const at = (id: string, field: string) => {
    const p = pathOf(id);
    return { element: id, field, ...(p !== undefined ? { path: `${p}.${field}` } : {}) };
  };

  /** Value of each expression evaluated so far; undefined when a parameter has no value. */
  const known = new Map<Expression, number | undefined>();
  const evaluate = (expr: Expression): number | undefined => {
    if (known.has(expr)) return known.get(expr);
    const x = expr.parameters.some((p) => values.get(p) === null || values.get(p) === undefined)
      ? undefined
      : evaluateExpression(expr, values, time);
    known.set(expr, x);
    return x;
  };

  /** The value, or undefined when a parameter has no value; non-finite values are reported here. */
  const numeric = (expr: Expression, id: string, field: string): number | undefined => {
    const x = evaluate(expr);
    if (x === undefined) return undefined;
    if (!Number.isFinite(x)) {
      errors.push(
        new SysgraphError('bad-value', `${id}.${field}: "${expr.text}" evaluates to ${x}${atTime(expr)}`, {
          ...at(id, field),
          expected: 'a finite number',
          elements: expr.parameters,
        }),
      );
      return undefined;
    }
    return x;
  };

  const atTime = (expr: Expression): string => (expr.dependsOnTime ? ` at t = ${time}` : '');

  const inductance = new Map<string, number>();
  for (const e of desc.oneports) {
    // A law's slope at the origin may be zero or unbounded (a diode, an orifice); laws are checked where solved.
    if (e.law !== undefined) continue;
    // The law's own parameter (C, L, R, mass, stiffness, damping) must be positive; so is then its reciprocal.
    const x = numeric(e.userValue, e.id, 'value');
    if (x === undefined) continue;
    if (x <= 0) {
      const culprits = e.userValue.parameters.filter((p) => (values.get(p) as number) <= 0);
      errors.push(
        new SysgraphError(
          'non-positive-value',
          `${e.id}.value: ${e.kind} needs a positive value, "${e.userValue.text}" = ${x}${atTime(e.userValue)}` +
            (culprits.length > 0 ? ` (parameter ${culprits.map((p) => `${p} = ${values.get(p)}`).join(', ')})` : ''),
          { ...at(e.id, 'value'), expected: 'a value > 0', elements: culprits },
        ),
      );
      continue;
    }
    if (e.type === 'T' && desc.mutuals.length > 0) inductance.set(e.id, evaluate(e.value) as number);
  }

  for (const s of desc.sources) if (s.constant !== undefined) numeric(s.constant, s.id, 'value');

  for (const t of desc.twoPorts) {
    const r = numeric(t.ratio, t.id, 'ratio');
    if (r === 0) {
      errors.push(
        new SysgraphError('bad-value', `${t.id}.ratio: the ratio of ${t.kind} ${t.id} is zero${atTime(t.ratio)}`, {
          ...at(t.id, 'ratio'),
          expected: 'a nonzero ratio (negative is fine)',
          elements: t.ratio.parameters,
        }),
      );
    }
  }

  // Mutual couplings: M = k sqrt(L1 L2) with |k| < 1.
  const mutualValue = new Map<string, number>();
  for (const m of desc.mutuals) {
    const field = m.form === 'coupling' ? 'coupling' : 'value';
    const v = numeric(m.value, m.id, field);
    const l1 = inductance.get(m.between[0]);
    const l2 = inductance.get(m.between[1]);
    if (v === undefined) continue;
    if (m.form === 'coupling' || (l1 !== undefined && l2 !== undefined)) {
      const k = m.form === 'coupling' ? v : v / Math.sqrt((l1 as number) * (l2 as number));
      if (!(Math.abs(k) < 1)) {
        errors.push(
          new SysgraphError('bad-mutual-inductance', `${m.id}.${field}: coupling |k| = ${Math.abs(k)} is not below 1${atTime(m.value)}`, {
            ...at(m.id, field),
            expected: '|k| < 1 (|M| < sqrt(L1 L2)); for perfect coupling use an ideal transformer plus a magnetising inductance',
            elements: [...m.between],
          }),
        );
        continue;
      }
      if (l1 !== undefined && l2 !== undefined) mutualValue.set(m.id, m.form === 'coupling' ? v * Math.sqrt(l1 * l2) : v);
    }
  }
  for (const e of checkInductanceMatrices(desc, inductance, mutualValue)) errors.push(e);
  return errors;
}

/**
 * Groups of three or more T-type elements joined by mutual inductances: the inductance matrix of each group,
 * when fully numeric and pairwise valid, must be positive definite (Cholesky, O(n³) per group).
 */
function checkInductanceMatrices(
  desc: ValueScope,
  inductance: ReadonlyMap<string, number>,
  mutualValue: ReadonlyMap<string, number>,
): SysgraphError[] {
  const neighbours = new Map<string, string[]>();
  for (const m of desc.mutuals) {
    const [a, b] = m.between;
    if (!neighbours.has(a)) neighbours.set(a, []);
    if (!neighbours.has(b)) neighbours.set(b, []);
    (neighbours.get(a) as string[]).push(b);
    (neighbours.get(b) as string[]).push(a);
  }
  const errors: SysgraphError[] = [];
  const seen = new Set<string>();
  for (const start of neighbours.keys()) {
    if (seen.has(start)) continue;
    const group: string[] = [];
    const stack = [start];
    seen.add(start);
    while (stack.length > 0) {
      const x = stack.pop() as string;
      group.push(x);
      for (const y of neighbours.get(x) ?? []) if (!seen.has(y)) (seen.add(y), stack.push(y));
    }
    if (group.length < 3) continue;
    const members = new Set(group);
    const inGroup = desc.mutuals.filter((m) => members.has(m.between[0]));
    if (group.some((id) => !inductance.has(id)) || inGroup.some((m) => !mutualValue.has(m.id))) continue;
    group.sort();
    const n = group.length;
    const L = group.map((a) => group.map((b) => (a === b ? (inductance.get(a) as number) : 0)));
    for (const m of inGroup) {
      const i = group.indexOf(m.between[0]);
      const j = group.indexOf(m.between[1]);
      L[i][j] = L[j][i] = mutualValue.get(m.id) as number;
    }
    if (!isPositiveDefinite(L, n)) {
      errors.push(
        new SysgraphError('bad-mutual-inductance', `the inductance matrix of ${group.join(', ')} is not positive definite`, {
          element: inGroup[0].id,
          field: inGroup[0].form === 'coupling' ? 'coupling' : 'value',
          expected: 'mutual inductances that leave the inductance matrix positive definite (stored energy > 0)',
          elements: [...group, ...inGroup.map((m) => m.id)],
        }),
      );
    }
  }
  return errors;
}

/** Cholesky L = G Gᵀ succeeds with positive pivots (relative tolerance 1e-12) iff L is positive definite. */
function isPositiveDefinite(L: number[][], n: number): boolean {
  const g = L.map((row) => row.slice());
  for (let j = 0; j < n; j++) {
    let d = g[j][j];
    for (let k = 0; k < j; k++) d -= g[j][k] * g[j][k];
    if (!(d > 1e-12 * Math.abs(L[j][j]))) return false;
    const r = Math.sqrt(d);
    g[j][j] = r;
    for (let i = j + 1; i < n; i++) {
      let s = g[i][j];
      for (let k = 0; k < j; k++) s -= g[i][k] * g[j][k];
      g[i][j] = s / r;
    }
  }
  return true;
}
