/**
 * sysgraph compare: the same system through every applicable formulation, with the largest difference from
 * the reference (general formulation, dense numbers, states b1). Formulations with the same states are compared
 * entry by entry (A, B, C, D, E, Bd); a different state choice (b2) through its poles and H(s) at test points,
 * which do not depend on the choice of states. --b1-vs-b2 (compare-state-choices.ts) and --linear-vs-nonlinear
 * (compare-linear-nonlinear.ts) go further: matrices side by side and overlaid simulations.
 */
import type { SystemDescription } from '@sysgraph/description';
import { analyzeStructure, formatTable } from '@sysgraph/graph';
import * as formulation from '@sysgraph/formulation';
import type { StateSpace } from '@sysgraph/formulation';
import { csrToDense } from '@sysgraph/linalg';
import type { CsrMatrix } from '@sysgraph/linalg';
import type { NumericModel } from '@sysgraph/analysis';
import { invariantDifference, lawElements } from '@sysgraph/engine';

type Dense = number[][];
const KEYS = ['A', 'B', 'C', 'D', 'E', 'Bd'] as const;

function maxDiff(a: Dense, b: Dense): number {
  let d = 0;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    for (let j = 0; j < Math.max(a[i]?.length ?? 0, b[i]?.length ?? 0); j++) d = Math.max(d, Math.abs((a[i]?.[j] ?? NaN) - (b[i]?.[j] ?? NaN)));
  }
  return d;
}

function entrywise(x: Record<string, Dense>, ref: Record<string, Dense>): number {
  return Math.max(...KEYS.map((k) => maxDiff(x[k], ref[k])));
}

function dense(ss: StateSpace<unknown>): Record<string, Dense> {
  const conv = (m: unknown) => (Array.isArray(m) ? (m as Dense) : csrToDense(m as CsrMatrix));
  return Object.fromEntries(KEYS.map((k) => [k, conv(ss[k])]));
}

export function compareReport(desc: SystemDescription, format: 'text' | 'json' = 'text'): string {
  const s = analyzeStructure(desc);
  const numeric = formulation.numericBackend(desc.parameters);
  const ref = formulation.formulate(s, numeric);
  const refD = dense(ref as StateSpace<unknown>);
  const refModel = refD as unknown as NumericModel;
  const rows: string[][] = [['general (dense, b1)', String(ref.states.length), 'reference', '']];
  const add = (name: string, f: () => { states: number; diff: number; note?: string }) => {
    try {
      const r = f();
      rows.push([name, String(r.states), r.diff.toExponential(2), r.note ?? '']);
    } catch (e) {
      rows.push([name, '-', 'n/a', e instanceof Error ? e.message.split('\n')[0].slice(0, 100) : String(e)]);
    }
  };
  add('general (sparse, b1)', () => {
    const x = formulation.formulate(s, formulation.sparseBackend(desc.parameters));
    return { states: x.states.length, diff: entrywise(dense(x as StateSpace<unknown>), refD), note: 'entrywise' };
  });
  add('general (dense, b2: charges, fluxes)', () => {
    const x = formulation.formulate(s, numeric, { stateChoice: 'b2' });
    return { states: x.states.length, diff: invariantDifference(dense(x as StateSpace<unknown>) as unknown as NumericModel, refModel), note: 'poles and H(s) at 4 points' };
  });
  const fm = formulation as Record<string, unknown>;
  if (typeof fm.masdFormulate === 'function') {
    const masd = fm.masdFormulate as (st: typeof s, be: typeof numeric, o?: object) => StateSpace<Dense>;
    add('MASD closed form (b1)', () => {
      const x = masd(s, numeric);
      return { states: x.states.length, diff: entrywise(dense(x as StateSpace<unknown>), refD), note: 'entrywise' };
    });
  }
  if (typeof fm.symbolicBackend === 'function') {
    add('general (symbolic, evaluated)', () => {
      const { backend, evaluate } = (fm.symbolicBackend as (d: SystemDescription) => { backend: formulation.Backend<unknown, unknown>; evaluate: (t: unknown) => number })(desc);
      const x = formulation.formulate(s, backend);
      const ev = Object.fromEntries(KEYS.map((k) => [k, backend.algebra.toDense(x[k]).map((r) => r.map(evaluate))]));
      return { states: x.states.length, diff: entrywise(ev, refD), note: 'entrywise' };
    });
  }
  const worst = Math.max(...rows.slice(1).map((r) => Number(r[2])).filter((x) => Number.isFinite(x)), 0);
  const laws = lawElements(desc);
  if (format === 'json') {
    return JSON.stringify(
      {
        name: desc.name,
        comparison: 'formulations',
        states: ref.states,
        inputs: ref.inputs,
        rows: rows.map((r) => ({ formulation: r[0], states: r[1] === '-' ? null : Number(r[1]), difference: r[2] === 'reference' ? 0 : r[2] === 'n/a' ? null : Number(r[2]), comparedBy: r[3] })),
        largest: worst,
        lawElements: laws,
      },
      null,
      2,
    );
  }
  return [
    `${desc.title ?? desc.name}: ${ref.states.length} states (${ref.states.join(', ') || 'none'}), inputs ${ref.inputs.join(', ') || 'none'}`,
    ...(laws.length > 0 ? [`${laws.length === 1 ? `The element ${laws[0]} is given by a law` : `The elements ${laws.join(', ')} are given by laws`}: these are the linear models with each law's slope at the origin (sysgraph compare --linear-vs-nonlinear compares them with the nonlinear model).`] : []),
    '',
    formatTable(['formulation', 'states', 'max |difference|', 'compared by'], rows),
    '',
    `Largest difference between formulations: ${worst.toExponential(2)}`,
  ].join('\n');
}
