/**
 * networkModel: the simulator's NonlinearModel of a network with nonlinear laws, built from its structure (F,
 * the partition, the two-port relations) and element laws compiled once (law-tape.ts), evaluated numerically on
 * typed arrays — never a global symbolic f — with a sparse ∂f/∂x (docs/nonlinear.md, "The network model"):
 *   networkPlan (the equations)  ─►  NetworkEvaluator (p by block-triangular solve, f)  ─►  NetworkJacobian (CSR)
 * and, where every static is an explicit law of states and inputs and every own state's law is a constant linear
 * one (law-split.ts), f = A_lin x + B_lin u + M g(P x + Q u, t) and ∂f/∂x = A_lin + M diag(g') P on sparse arrays
 * built once (split-residual.ts, split-jacobian.ts, split-time-derivative.ts), decided from the plan alone; the
 * evaluator is then built only if B = ∂f/∂u or outputs reading static or secondary values are asked for (outputs
 * reading only states and inputs take those primaries directly).
 * Build cost O(B + nnz(F) + size of the laws); the states, inputs and outputs have the names and order of
 * nonlinearModel, so a caller can swap one for the other. Throws 'unsupported' for what it does not cover (the
 * caller falls back to nonlinearModel).
 */
import type { Domain } from '@sysgraph/core';
import type { Structure } from '@sysgraph/graph';
import { CLASS_CODE } from '@sysgraph/graph';
import type { CsrMatrix } from '@sysgraph/linalg';
import { BLOCK_KIND, NetworkEvaluator, primariesAt } from './network-evaluator';
import { inputJacobian } from './network-input-jacobian';
import { NetworkJacobian } from './network-jacobian';
import { networkOutputs } from './network-outputs';
import type { BranchValues } from './network-outputs';
import { networkPlan, ROLE } from './network-plan';
import type { NetworkPlan } from './network-plan';
import { NetworkTimeDerivative } from './network-time-derivative';
import { lawSplit } from './law-split';
import type { LawSplitOutcome } from './law-split';
import { SplitJacobian } from './split-jacobian';
import { SplitResidual } from './split-residual';
import { SplitTimeDerivative } from './split-time-derivative';

/** Structurally @sysgraph/simulate's NonlinearModel with a CSR Jacobian. */
export interface NetworkModel {
  readonly kind: 'nonlinear';
  readonly stateNames: readonly string[];
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  f(t: number, x: Float64Array, u: Float64Array, du: Float64Array, dxdt: Float64Array): void;
  g(t: number, x: Float64Array, u: Float64Array, du: Float64Array, y: Float64Array): void;
  /** ∂f/∂x as CSR; the same matrix object (pattern fixed) is refilled at every call. */
  jacobian(t: number, x: Float64Array, u: Float64Array, du: Float64Array): CsrMatrix;
  /** Whether every entry of the last jacobian is known finite (checked as it was made); false: not known. */
  jacobianFinite(): boolean;
  /**
   * ∂f/∂t at fixed x from u' and the laws' own t-derivatives (network-time-derivative.ts) into out; false where it
   * does not apply (a slope not finite or zero where it divides, a singular block): the solver then differences f.
   */
  timeDerivative(t: number, x: Float64Array, u: Float64Array, du: Float64Array, out: Float64Array): boolean;
  /** B = ∂f/∂u, dense n × m rows. */
  inputJacobian(t: number, x: Float64Array, u: Float64Array): number[][];
  /**
   * With the option secantWidth: the first law whose derivative was not finite where a Jacobian was asked for, and
   * was replaced by its secant (the message of the 'bad-law' it would otherwise be); undefined while none was.
   */
  secantUse(): string | undefined;
  /** Sets (or, undefined, removes) the secant width of the Jacobians, as the option does; forgets the last secant use. */
  setSecantWidth(width: number | undefined): void;
  /**
   * The states the outputs read, ascending, when the outputs read only primaries of states and inputs (g then needs
   * no other entry of x); undefined when an output reads a static value (g needs the whole state).
   */
  outputStates(): Int32Array | undefined;
  /** Newton iterations on coupled static blocks and scalar inversions of laws since the model was built. */
  staticWork(): { readonly newtonIterations: number; readonly lawInversions: number };
}

export interface NetworkModelOptions {
  /** Where a law's derivative is not finite, its central secant of this width (Jacobian only). */
  readonly secantWidth?: number;
  /**
   * false: the general path (block-triangular static solve, stamp program) even where the linear-plus-law split
   * applies (tests compare the two). Default true.
   */
  readonly split?: boolean;
}

/** What the model is made of (for reports and benchmarks). */
export interface NetworkModelStats {
  readonly states: number;
  readonly statics: number;
  readonly blocks: number;
  /** Blocks solved by Newton (resistive loops, coupled two-ports) and by a scalar inverse. */
  readonly newtonBlocks: number;
  readonly inverseBlocks: number;
  readonly largestBlock: number;
  readonly jacobianNnz: number;
  /** 'split': f = A_lin x + B_lin u + M g(P x + Q u, t) (law-split.ts); 'general': the block-triangular path. */
  readonly path: 'split' | 'general';
  /** Why the split does not apply (path 'general'). */
  readonly splitDeclined?: string;
  /** Law entries of the split (nonlinear statics and stored states); 0 on the general path. */
  readonly splitLaws: number;
}

export interface NetworkModelResult {
  readonly model: NetworkModel;
  /** The states with the element each belongs to (in the model's order). */
  readonly states: readonly { readonly name: string; readonly element: string; readonly quantity: 'across' | 'charge' | 'through' | 'flux' }[];
  /** The domain of each state's element (in the model's order): modelUnits's `stateDomains`. */
  readonly stateDomains: readonly Domain[];
  readonly stats: NetworkModelStats;
}

export function networkModel(s: Structure, opts: NetworkModelOptions = {}): NetworkModelResult {
  const plan = networkPlan(s);
  const outcome: LawSplitOutcome = opts.split === false ? { reason: 'the option split is false' } : lawSplit(plan);
  const residual = outcome.split ? new SplitResidual(outcome.split) : undefined;
  const splitJac = residual ? new SplitJacobian(residual, opts.secantWidth) : undefined;
  const splitTd = residual ? new SplitTimeDerivative(residual) : undefined;
  // The general evaluator: built here on the general path; on the split path only when asked for (the input
  // Jacobian, outputs that read a static or secondary value), since f, ∂f/∂x and ∂f/∂t never need it there.
  let built: NetworkEvaluator | undefined = residual ? undefined : new NetworkEvaluator(plan);
  const evaluator = () => (built ??= new NetworkEvaluator(plan));
  // the general path's Jacobian and ∂f/∂t, built only where the split does not apply
  const jac = built ? new NetworkJacobian(built, opts.secantWidth) : undefined;
  const td = built ? new NetworkTimeDerivative(built) : undefined;
  const out = networkOutputs(s, plan);
  // The point of the last complete load: a Jacobian asked for where f was just evaluated (the stiff solvers do so
  // at every accepted step) reuses the static solve instead of repeating it. O(n + m) to compare.
  const lastX = new Float64Array(plan.stateBranch.length);
  const lastU = new Float64Array(plan.inputNames.length);
  let lastT = NaN;
  let loaded = false;
  const keptPrimaries = new Float64Array(out.primaries?.length ?? 0);
  const outputStates = out.primaries ? statesOf(out.primaries, plan.role, plan.slot) : undefined;
  // On the split path, outputs that read only primaries of states and inputs read them from a vector of their own.
  const primaryValues = residual && out.primaries ? branchValues(plan) : undefined;
  // f always loads (a solver never asks f twice at one point) and records the point; the Jacobian, the input
  // Jacobian and the outputs compare against it first.
  const loadFresh = (t: number, x: Float64Array, u: Float64Array) => {
    loaded = false;
    evaluator().load(t, x, u);
    lastX.set(x);
    lastU.set(u);
    lastT = t;
    loaded = true;
  };
  const load = (t: number, x: Float64Array, u: Float64Array): NetworkEvaluator => {
    if (!(loaded && t === lastT && same(x, lastX) && same(u, lastU))) loadFresh(t, x, u);
    return built!;
  };
  const model: NetworkModel = {
    kind: 'nonlinear',
    stateNames: plan.stateNames,
    inputNames: plan.inputNames,
    outputNames: plan.outputNames,
    f(t, x, u, _du, dxdt) {
      if (residual) {
        // the evaluator is not touched: its last load stays valid for the outputs
        residual.evaluate(t, x, u, dxdt);
        return;
      }
      loadFresh(t, x, u);
      built!.derivatives(dxdt);
    },
    g(t, x, u, _du, y) {
      if (primaryValues) {
        primariesAt(plan, t, x, u, out.primaries!, primaryValues.prim);
        out.fill(y, primaryValues);
      } else if (out.primaries) {
        // only the primaries the outputs read, then their values and t as they were: the last complete load stays
        // valid for a Jacobian asked for at that point (the sampling between steps used to force a full reload)
        const ev = built!;
        const primaries = out.primaries;
        const prim = ev.prim;
        const tLoaded = ev.t;
        for (let q = 0; q < primaries.length; q++) keptPrimaries[q] = prim[primaries[q]];
        ev.loadPrimaries(t, x, u, primaries);
        out.fill(y, ev);
        for (let q = 0; q < primaries.length; q++) prim[primaries[q]] = keptPrimaries[q];
        ev.t = tLoaded;
      } else out.fill(y, load(t, x, u));
    },
    jacobian(t, x, u) {
      if (splitJac) return splitJac.fill(t, x, u);
      load(t, x, u);
      jac!.x = x;
      return jac!.fill();
    },
    jacobianFinite: () => splitJac?.finite === true,
    timeDerivative(t, x, u, du, dfdt) {
      if (splitTd) return splitTd.evaluate(t, x, u, du, dfdt);
      load(t, x, u);
      return td!.evaluate(x, du, dfdt);
    },
    inputJacobian(t, x, u) {
      return inputJacobian(load(t, x, u));
    },
    outputStates: () => outputStates,
    staticWork: () => ({ newtonIterations: built?.newtonIterations ?? 0, lawInversions: built?.lawInversions ?? 0 }),
    secantUse: () => (splitJac ?? jac!).firstSecant,
    setSecantWidth(width) {
      const j = splitJac ?? jac!;
      j.secant = width;
      j.firstSecant = undefined;
    },
  };
  // On the split path every block is one explicit static (law-split.ts); otherwise the evaluator's block order.
  let count = plan.staticBranch.length;
  let largest = count > 0 ? 1 : 0;
  let newton = 0;
  let inverse = 0;
  if (!residual) {
    const ev = built!;
    const { blockPtr } = ev.blocks;
    count = ev.blocks.count;
    largest = 0;
    for (let b = 0; b < count; b++) {
      largest = Math.max(largest, blockPtr[b + 1] - blockPtr[b]);
      if (ev.kind[b] === BLOCK_KIND.newton) newton++;
      if (ev.kind[b] === BLOCK_KIND.inverse) inverse++;
    }
  }
  // the state records and domains are made on first read: `simulate` reads them only for the units of recorded
  // states (10^4 records a run otherwise)
  let states: NetworkModelResult['states'] | undefined;
  let domains: readonly Domain[] | undefined;
  return {
    model,
    get states() {
      return (states ??= stateQuantities(plan, s.graph.cls));
    },
    get stateDomains() {
      return (domains ??= stateDomains(plan));
    },
    stats: {
      states: plan.stateBranch.length,
      statics: plan.staticBranch.length,
      blocks: count,
      newtonBlocks: newton,
      inverseBlocks: inverse,
      largestBlock: largest,
      jacobianNnz: (splitJac ?? jac!).matrix.nnz,
      path: residual ? 'split' : 'general',
      splitDeclined: outcome.reason,
      splitLaws: outcome.split?.laws ?? 0,
    },
  };
}

/** The states with their elements and the quantity each is (from the plan's columns). */
function stateQuantities(plan: NetworkPlan, cls: ArrayLike<number>): NetworkModelResult['states'] {
  const { stateNames, stateElements, stateBranch, stateOwn } = plan;
  const out = new Array<NetworkModelResult['states'][number]>(stateNames.length);
  for (let c = 0; c < out.length; c++) {
    const own = stateOwn[c] === 1;
    const quantity = cls[stateBranch[c]] === CLASS_CODE.A ? (own ? 'across' : 'charge') : own ? 'through' : 'flux';
    out[c] = { name: stateNames[c], element: stateElements[c], quantity };
  }
  return out;
}

/** The domain of each state's element: the one-port at the state's branch (branch k < one-ports: oneports[k]). */
function stateDomains(plan: NetworkPlan): Domain[] {
  const { stateBranch } = plan;
  const oneports = plan.structure.description.oneports;
  const out = new Array<Domain>(stateBranch.length);
  for (let c = 0; c < out.length; c++) out[c] = oneports[stateBranch[c]].domain;
  return out;
}

/** Branch values of the plan's network with the secondary values summed from them (only the loaded ones count). */
function branchValues(plan: NetworkPlan): BranchValues {
  const prim = new Float64Array(plan.B);
  const { secPtr, secBranch, secCoef } = plan;
  return {
    prim,
    sec(k) {
      let v = 0;
      for (let q = secPtr[k]; q < secPtr[k + 1]; q++) v += secCoef[q] * prim[secBranch[q]];
      return v;
    },
  };
}

/** a = b entry by entry (same length). */
function same(a: ArrayLike<number>, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < b.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The states among the given primary branches (their slots; inputs left out), ascending, without repeats. */
function statesOf(branches: Int32Array, role: ArrayLike<number>, slot: ArrayLike<number>): Int32Array {
  const states = new Set<number>();
  for (const k of branches) if (role[k] !== ROLE.input) states.add(slot[k]);
  return Int32Array.from([...states].sort((a, b) => a - b));
}
