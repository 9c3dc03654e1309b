/**
 * compareFormulations: one linear description through every applicable formulation, each against the reference
 * (the general formulation, dense numbers, states b1). Formulations with the same states are compared entry by
 * entry (A, B, C, D, E, Bd); the other state choice (b2: charges, fluxes) through its poles and H(s) at test
 * points, which do not depend on the choice of states (model-invariants.ts). A formulation that fails is a row
 * with its error, not a failure of the comparison.
 *
 *   difference = max over A, B, C, D, E, Bd of max_ij |X_ij − X_ij(reference)|   (entrywise)
 *
 * A description with laws is compared through its linear model with each law's slope at the origin (the
 * formulations' reading of a law); the answer lists the law elements.
 */
import type { Structure } from '@sysgraph/graph';
import { formulate, masdApplicability, masdFormulate, numericBackend, sparseBackend, symbolicBackend } from '@sysgraph/formulation';
import type { Backend, MasdApplicability, StateSpace } from '@sysgraph/formulation';
import { csrToDense } from '@sysgraph/linalg';
import type { CsrMatrix } from '@sysgraph/linalg';
import type { NumericModel } from '@sysgraph/analysis';
import type { CompiledModel } from '../compiled-model';
import { lawElements } from '../nonlinear/law-elements';
import { invariantDifference } from './model-invariants';

type Dense = number[][];
const KEYS = ['A', 'B', 'C', 'D', 'E', 'Bd'] as const;

export interface FormulationRow {
  /** e.g. 'general (sparse, b1)', 'MASD closed form (b1)'. */
  readonly formulation: string;
  /** The number of states, null when the formulation failed. */
  readonly states: number | null;
  /** The largest difference from the reference (0 for the reference itself), null when it failed. */
  readonly difference: number | null;
  /** 'reference', 'entrywise', 'poles and H(s) at 4 points', or the error in words. */
  readonly comparedBy: string;
  readonly error?: string;
}

export interface FormulationsComparison {
  readonly name: string;
  readonly title: string;
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  /** The reference first. */
  readonly rows: readonly FormulationRow[];
  /** The largest difference of any formulation from the reference. */
  readonly largest: number;
  /** The elements given by laws (compared through their slopes at the origin). */
  readonly lawElements: readonly string[];
  /** Whether MASD's closed form applies (formulation.md 6.1), and why not. */
  readonly masd: MasdVerdict;
}

/** Whether MASD's closed form applies, the reasons and violations when it does not (the formulation's check). */
export type MasdVerdict = MasdApplicability;

function maxDiff(a: Dense, b: Dense): number {
  let d = 0;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    for (let j = 0; j < Math.max(a[i]?.length ?? 0, b[i]?.length ?? 0); j++) d = Math.max(d, Math.abs((a[i]?.[j] ?? NaN) - (b[i]?.[j] ?? NaN)));
  }
  return d;
}

const entrywise = (x: Record<string, Dense>, ref: Record<string, Dense>): number => Math.max(...KEYS.map((k) => maxDiff(x[k], ref[k])));

function dense(ss: StateSpace<unknown>): Record<string, Dense> {
  const conv = (m: unknown) => (Array.isArray(m) ? (m as Dense) : csrToDense(m as CsrMatrix));
  return Object.fromEntries(KEYS.map((k) => [k, conv(ss[k])]));
}

/** Whether MASD's closed form applies to a structure (formulation.md 6.1), and the reasons when it does not. */
export function masdVerdict(s: Structure): MasdVerdict {
  return masdApplicability(s, numericBackend(s.description.parameters));
}

export function compareFormulations(model: CompiledModel): FormulationsComparison {
  const desc = model.description;
  const s = model.structure;
  const numeric = numericBackend(desc.parameters);
  const ref = formulate(s, numeric);
  const refD = dense(ref as StateSpace<unknown>);
  const rows: FormulationRow[] = [{ formulation: 'general (dense, b1)', states: ref.states.length, difference: 0, comparedBy: 'reference' }];
  const add = (name: string, f: () => { states: number; difference: number; comparedBy: string }) => {
    try {
      rows.push({ formulation: name, ...f() });
    } catch (e) {
      const error = e instanceof Error ? e.message.split('\n')[0].slice(0, 100) : String(e);
      rows.push({ formulation: name, states: null, difference: null, comparedBy: error, error });
    }
  };
  add('general (sparse, b1)', () => {
    const x = formulate(s, sparseBackend(desc.parameters));
    return { states: x.states.length, difference: entrywise(dense(x as StateSpace<unknown>), refD), comparedBy: 'entrywise' };
  });
  add('general (dense, b2: charges, fluxes)', () => {
    const x = formulate(s, numeric, { stateChoice: 'b2' });
    return { states: x.states.length, difference: invariantDifference(dense(x as StateSpace<unknown>) as unknown as NumericModel, refD as unknown as NumericModel), comparedBy: 'poles and H(s) at 4 points' };
  });
  add('MASD closed form (b1)', () => {
    const x = masdFormulate(s, numeric);
    return { states: x.states.length, difference: entrywise(dense(x as StateSpace<unknown>), refD), comparedBy: 'entrywise' };
  });
  add('general (symbolic, evaluated)', () => {
    const { backend, evaluate } = symbolicBackend(desc);
    const x = formulate(s, backend);
    const b = backend as Backend<unknown, unknown>;
    const ev = Object.fromEntries(KEYS.map((k) => [k, b.algebra.toDense(x[k]).map((r) => r.map((c) => evaluate(c as never)))]));
    return { states: x.states.length, difference: entrywise(ev, refD), comparedBy: 'entrywise' };
  });
  const largest = Math.max(0, ...rows.slice(1).map((r) => r.difference ?? NaN).filter((x) => Number.isFinite(x)));
  return {
    name: desc.name,
    title: desc.title ?? desc.name,
    states: ref.states,
    inputs: ref.inputs,
    rows,
    largest,
    lawElements: lawElements(desc),
    masd: masdVerdict(s),
  };
}
