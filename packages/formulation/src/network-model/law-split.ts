/**
 * lawSplit: the state equations of a network whose statics are all explicit, written once as a linear part plus
 * a law part (docs/nonlinear.md, "f as a linear part plus a law part"):
 *   f(x, u, t) = A_lin·x + B_lin·u + M·g(P·x + Q·u, t)
 * with g the element laws evaluated elementwise (one entry per nonlinear static and per stored state) and A_lin,
 * B_lin, M, P, Q sparse, built once from the network plan. It applies when
 *   · every static block is explicit and batched (p_j = b_j(σ_j), σ_j reading only state and input branches: no
 *     Newton block, no scalar inversion, no static reading another static);
 *   · every own state has a constant linear law (q = C v, λ = L i: f_C = σ_C / C), so that the state rows are
 *     linear in the primary values;
 *   · every nonlinear static reads only own states and inputs (a stored state's primary L(x) inside a nonlinear
 *     law would compose two laws).
 * Then every primary value is linear in z = [x | u | g]:
 *   own state: x_c;  input: u_k;  stored state: g (its law L(x_c), P row e_c);  nonlinear static: g_j (P, Q rows = σ_j);
 *   linear static p_j = k_j σ_j (k_j = c, or 1/c for p = σ/c): k_j times the terms of σ_j;
 * and each state row  f_c = s_c · Σ coef · prim  (s_c = 1/C for an own state, 1 for a stored one)  is one sparse row
 * over z: the program `rows` (columns < n: A_lin, n … n+m−1: B_lin, from n+m on: M). The argument of each law entry
 * is the program `args` over z (P and Q: the terms of σ_j in the plan's order, so y_j is the general evaluator's
 * σ_j to the last bit). The coefficients of a row are summed per column (a term reaching a column along several
 * paths — a state read directly and through a linear resistor — is one entry), and every column reached is kept
 * even where its coefficients cancel, so the pattern of ∂f/∂x = A_lin + M·diag(g')·P is the structural one, the
 * general Jacobian's (network-jacobian.ts). Build O(Σ |σ| · |σ of linear statics|), memory O(nnz).
 * The test needs no block order: every block is explicit and batched exactly when every static has a = id and its
 * σ reads no static branch (then ∂r/∂p has no off-diagonal entry, every block is one static without a self loop),
 * so the split is decided and built from the plan alone, on sized typed arrays (two passes: count, then fill), and
 * the general evaluator is not built for it (network-model.ts).
 */
import { sortRun } from '@sysgraph/linalg';
import type { NetworkEvaluator } from './network-evaluator';
import { ROLE } from './network-plan';
import type { NetworkPlan } from './network-plan';
import type { ScalarLaw } from './scalar-law';

/** One sparse program over z = [x | u | g]: row i = Σ_{q ∈ ptr[i] … ptr[i+1]} coef[q] · z[src[q]]. */
export interface SplitRows {
  readonly ptr: Int32Array;
  readonly src: Int32Array;
  readonly coef: Float64Array;
}

/** The law entries of one compiled law: g[start … end) = L(y[start … end), t). */
export interface SplitGroup {
  readonly law: ScalarLaw;
  readonly start: number;
  readonly end: number;
}

export interface LawSplit {
  /** States n, inputs m, law entries. z has n + m + laws entries. */
  readonly n: number;
  readonly m: number;
  readonly laws: number;
  /** The law entries grouped by compiled law (contiguous ranges of g). */
  readonly groups: readonly SplitGroup[];
  /** Per law entry: its law and the element it belongs to (for messages). */
  readonly law: readonly ScalarLaw[];
  readonly element: readonly string[];
  /** y = P x + Q u: the law arguments (columns < n + m). */
  readonly args: SplitRows;
  /** f = A_lin x + B_lin u + M g: one row per state over z, columns ascending. */
  readonly rows: SplitRows;
}

/** Why a model keeps the general path (for reports and tests); undefined when the split applies. */
export type LawSplitOutcome = { readonly split: LawSplit; readonly reason?: undefined } | { readonly split?: undefined; readonly reason: string };

export function lawSplit(from: NetworkPlan | NetworkEvaluator): LawSplitOutcome {
  const plan: NetworkPlan = 'plan' in from ? from.plan : from;
  const n = plan.stateOwn.length;
  const m = plan.inputNames.length;
  const np = plan.staticA.length;
  // Each pass below is a function of its own: V8 compiles each hot loop's small function on stack and enters it,
  // where one large function was compiled whole once per hot loop, mostly after the loop had ended.
  const grouping = groupEntries(plan);
  if (typeof grouping === 'string') return { reason: grouping };
  const { groupOf, groupLaw, groupSize } = grouping;
  const groups: SplitGroup[] = [];
  const fillAt = new Int32Array(groupLaw.length);
  let entries = 0;
  for (let g = 0; g < groupLaw.length; g++) {
    groups.push({ law: plan.laws[groupLaw[g]], start: entries, end: entries + groupSize[g] });
    fillAt[g] = entries;
    entries += groupSize[g];
  }
  const law = new Array<ScalarLaw>(entries);
  const element = new Array<string>(entries);
  const keys = new Int32Array(entries);
  const gOfStatic = new Int32Array(np).fill(-1);
  const gOfState = new Int32Array(n).fill(-1);
  const argCount = placeEntries(plan, groupOf, groupLaw, fillAt, keys, law, element, gOfStatic, gOfState);
  const zOf = zColumns(plan, m, gOfState);
  const args = argumentRows(plan, keys, zOf, argCount);
  const rows = stateRows(plan, m, entries, zOf, gOfStatic);
  return { split: { n, m, laws: entries, groups, law, element, args, rows } };
}

/**
 * One pass over the statics: every static explicit (p = b(σ)) with σ free of statics — the general path's blocks
 * all batched — and no law reading a stored state; then the own states' laws constant and linear. The reasons keep
 * their order of precedence: a static that is not explicit first, then an own state's law, then a law reading a
 * stored state. Law entries: nonlinear statics (key j) then stored states (key np + c), grouped by law in order of
 * first appearance (an Int32Array over the plan's laws, the counting sort's groups).
 */
function groupEntries(plan: NetworkPlan): string | { groupOf: Int32Array; groupLaw: number[]; groupSize: number[] } {
  const { role, slot, secPtr, secBranch, stateOwn, stateFactor, staticA, staticB, staticReads, staticFactor } = plan;
  const n = stateOwn.length;
  const np = staticA.length;
  const groupOfLaw = new Int32Array(plan.laws.length).fill(-1);
  const groupOf = new Int32Array(np + n).fill(-1);
  const groupLaw: number[] = [];
  const groupSize: number[] = [];
  const entryOf = (law: number, key: number) => {
    let g = groupOfLaw[law];
    if (g < 0) {
      g = groupOfLaw[law] = groupLaw.length;
      groupLaw.push(law);
      groupSize.push(0);
    }
    groupOf[key] = g;
    groupSize[g]++;
  };
  let readsStored = -1;
  let storedRead = -1;
  for (let j = 0; j < np; j++) {
    const b = staticB[j];
    if (staticA[j] >= 0 || b < 0) return notExplicit(plan, j);
    const reads = staticReads[j];
    const law = staticFactor[j] !== staticFactor[j];
    for (let q = secPtr[reads], end = secPtr[reads + 1]; q < end; q++) {
      const br = secBranch[q];
      const r = role[br];
      if (r === ROLE.static) return notExplicit(plan, j);
      if (law && r === ROLE.state && readsStored < 0 && stateOwn[slot[br]] === 0) {
        readsStored = j;
        storedRead = slot[br];
      }
    }
    if (law) entryOf(b, j);
  }
  for (let c = 0; c < n; c++) {
    if (stateOwn[c] === 0) continue;
    const factor = stateFactor[c];
    if (!(factor === factor && Number.isFinite(1 / factor))) return `the state ${plan.stateNames[c]} has a law that is not a constant linear one`;
  }
  if (readsStored >= 0) return `the law of ${plan.staticElements[readsStored]} reads the stored state ${plan.stateNames[storedRead]}`;
  for (let c = 0; c < n; c++) if (stateOwn[c] === 0) entryOf(plan.stateLaw[c], np + c);
  return { groupOf, groupLaw, groupSize };
}

/** Each law entry at its place in its group (key, law, element; the entry of each static and stored state). Returns the count of P and Q's terms. */
function placeEntries(
  plan: NetworkPlan,
  groupOf: Int32Array,
  groupLaw: readonly number[],
  fillAt: Int32Array,
  keys: Int32Array,
  law: ScalarLaw[],
  element: string[],
  gOfStatic: Int32Array,
  gOfState: Int32Array,
): number {
  const { secPtr, staticReads, laws } = plan;
  const np = gOfStatic.length;
  let argCount = 0;
  for (let key = 0; key < groupOf.length; key++) {
    const g = groupOf[key];
    if (g < 0) continue;
    const i = fillAt[g]++;
    keys[i] = key;
    law[i] = laws[groupLaw[g]];
    if (key < np) {
      gOfStatic[key] = i;
      element[i] = plan.staticElements[key];
      argCount += secPtr[staticReads[key] + 1] - secPtr[staticReads[key]];
    } else {
      gOfState[key - np] = i;
      element[i] = plan.stateElements[key - np];
      argCount++;
    }
  }
  return argCount;
}

/** The column of z holding a state or input branch's primary value (−1 elsewhere). */
function zColumns(plan: NetworkPlan, m: number, gOfState: Int32Array): Int32Array {
  const { slot, stateBranch, stateOwn } = plan;
  const n = stateOwn.length;
  const zOf = new Int32Array(plan.B).fill(-1);
  for (let c = 0; c < n; c++) zOf[stateBranch[c]] = stateOwn[c] === 1 ? c : n + m + gOfState[c];
  // the input branches are the sources, groups E and J (networkPlan's role input): no pass over every branch
  const { E, J } = plan.structure.partition.groups;
  for (let q = 0; q < E.length; q++) zOf[E[q]] = n + slot[E[q]];
  for (let q = 0; q < J.length; q++) zOf[J[q]] = n + slot[J[q]];
  return zOf;
}

/** P, Q: σ_j of each nonlinear static in the plan's order; e_c for a stored state. */
function argumentRows(plan: NetworkPlan, keys: Int32Array, zOf: Int32Array, argCount: number): SplitRows {
  const { secPtr, secBranch, secCoef, staticReads } = plan;
  const np = staticReads.length;
  const entries = keys.length;
  const argPtr = new Int32Array(entries + 1);
  const argSrc = new Int32Array(argCount);
  const argCoef = new Float64Array(argCount);
  let a = 0;
  for (let i = 0; i < entries; i++) {
    const key = keys[i];
    if (key < np) {
      const reads = staticReads[key];
      for (let q = secPtr[reads], end = secPtr[reads + 1]; q < end; q++, a++) {
        argSrc[a] = zOf[secBranch[q]];
        argCoef[a] = secCoef[q];
      }
    } else {
      argSrc[a] = key - np;
      argCoef[a++] = 1;
    }
    argPtr[i + 1] = a;
  }
  return { ptr: argPtr, src: argSrc, coef: argCoef };
}

/** The row terms before the sum per column: a bound on the state rows' length. */
function rowBound(plan: NetworkPlan, gOfStatic: Int32Array): number {
  const { role, slot, secPtr, secBranch, stateBranch, staticReads } = plan;
  let bound = 0;
  for (let c = 0; c < stateBranch.length; c++) {
    const branch = stateBranch[c];
    for (let q = secPtr[branch], end = secPtr[branch + 1]; q < end; q++) {
      const br = secBranch[q];
      if (role[br] === ROLE.static && gOfStatic[slot[br]] < 0) {
        const reads = staticReads[slot[br]];
        bound += secPtr[reads + 1] - secPtr[reads];
      } else bound++;
    }
  }
  return bound;
}

/** The state rows over z, coefficients summed per column (acc, with `seen` marking the columns of the row), columns ascending. */
function stateRows(plan: NetworkPlan, m: number, entries: number, zOf: Int32Array, gOfStatic: Int32Array): SplitRows {
  const { role, slot, secPtr, secBranch, secCoef, stateBranch, stateOwn, stateFactor, staticReads, staticFactor } = plan;
  const n = stateOwn.length;
  const bound = rowBound(plan, gOfStatic);
  const width = n + m + entries;
  const acc = new Float64Array(width);
  const seen = new Int32Array(width).fill(-1);
  const rowPtr = new Int32Array(n + 1);
  const rowSrc = new Int32Array(bound);
  const rowCoef = new Float64Array(bound);
  let r = 0;
  for (let c = 0; c < n; c++) {
    const start = r;
    const scale = stateOwn[c] === 1 ? 1 / stateFactor[c] : 1;
    const branch = stateBranch[c];
    for (let q = secPtr[branch], end = secPtr[branch + 1]; q < end; q++) {
      const br = secBranch[q];
      const cf = scale * secCoef[q];
      const j = role[br] === ROLE.static ? slot[br] : -1;
      if (j < 0 || gOfStatic[j] >= 0) {
        const col = j < 0 ? zOf[br] : n + m + gOfStatic[j];
        if (seen[col] !== c) {
          seen[col] = c;
          acc[col] = 0;
          rowSrc[r++] = col;
        }
        acc[col] += cf;
        continue;
      }
      // linear static p_j = k_j σ_j: its terms, each a state or input branch
      const reads = staticReads[j];
      const k = cf * staticFactor[j];
      for (let e = secPtr[reads], last = secPtr[reads + 1]; e < last; e++) {
        const col = zOf[secBranch[e]];
        if (seen[col] !== c) {
          seen[col] = c;
          acc[col] = 0;
          rowSrc[r++] = col;
        }
        acc[col] += k * secCoef[e];
      }
    }
    sortRun(rowSrc, start, r);
    for (let q = start; q < r; q++) rowCoef[q] = acc[rowSrc[q]];
    rowPtr[c + 1] = r;
  }
  return { ptr: rowPtr, src: rowSrc.slice(0, r), coef: rowCoef.slice(0, r) };
}

function notExplicit(plan: NetworkPlan, j: number): string {
  return `the static ${plan.staticElements[j]} is not an explicit law of states and inputs`;
}
