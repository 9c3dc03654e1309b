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
  const { role, slot, secPtr, secBranch, secCoef, laws, stateOwn, stateFactor, staticA, staticB, staticReads, staticFactor } = plan;
  const n = stateOwn.length;
  const m = plan.inputNames.length;
  const np = staticA.length;
  // One pass over the statics: every static explicit (p = b(σ)) with σ free of statics — the general path's
  // blocks all batched — and no law reading a stored state. The reasons keep their order of precedence: a static
  // that is not explicit first, then an own state's law, then a law reading a stored state.
  // Law entries: nonlinear statics (key j) then stored states (key np + c), grouped by law in order of first
  // appearance, each group in key order: a counting sort over the few distinct laws (indexed by the plan's law).
  const groupOfLaw = new Int32Array(laws.length).fill(-1);
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
    if (staticA[j] >= 0 || b < 0) return { reason: notExplicit(plan, j) };
    const reads = staticReads[j];
    const law = staticFactor[j] !== staticFactor[j];
    for (let q = secPtr[reads]; q < secPtr[reads + 1]; q++) {
      const br = secBranch[q];
      const r = role[br];
      if (r === ROLE.static) return { reason: notExplicit(plan, j) };
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
    if (!(factor === factor && Number.isFinite(1 / factor))) return { reason: `the state ${plan.stateNames[c]} has a law that is not a constant linear one` };
  }
  if (readsStored >= 0) return { reason: `the law of ${plan.staticElements[readsStored]} reads the stored state ${plan.stateNames[storedRead]}` };
  for (let c = 0; c < n; c++) if (stateOwn[c] === 0) entryOf(plan.stateLaw[c], np + c);
  const groups: SplitGroup[] = [];
  const fillAt = new Int32Array(groupLaw.length);
  let entries = 0;
  for (let g = 0; g < groupLaw.length; g++) {
    groups.push({ law: laws[groupLaw[g]], start: entries, end: entries + groupSize[g] });
    fillAt[g] = entries;
    entries += groupSize[g];
  }
  const law = new Array<ScalarLaw>(entries);
  const element = new Array<string>(entries);
  const keys = new Int32Array(entries);
  const gOfStatic = new Int32Array(np).fill(-1);
  const gOfState = new Int32Array(n).fill(-1);
  let argCount = 0;
  for (let key = 0; key < np + n; key++) {
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
  // the column of z holding a state or input branch's primary value
  const zOf = new Int32Array(plan.B).fill(-1);
  const stateBranch = plan.stateBranch;
  for (let c = 0; c < n; c++) zOf[stateBranch[c]] = stateOwn[c] === 1 ? c : n + m + gOfState[c];
  for (let k = 0; k < plan.B; k++) if (role[k] === ROLE.input) zOf[k] = n + slot[k];

  // P, Q: σ_j of each nonlinear static in the plan's order; e_c for a stored state.
  const argPtr = new Int32Array(entries + 1);
  const argSrc = new Int32Array(argCount);
  const argCoef = new Float64Array(argCount);
  let a = 0;
  for (let i = 0; i < entries; i++) {
    const key = keys[i];
    if (key < np) {
      const reads = staticReads[key];
      for (let q = secPtr[reads]; q < secPtr[reads + 1]; q++, a++) {
        argSrc[a] = zOf[secBranch[q]];
        argCoef[a] = secCoef[q];
      }
    } else {
      argSrc[a] = key - np;
      argCoef[a++] = 1;
    }
    argPtr[i + 1] = a;
  }

  // The state rows over z, coefficients summed per column (acc, with `seen` marking the columns of the row);
  // a first pass bounds the row terms (before the sum per column) to size the arrays.
  let bound = 0;
  for (let c = 0; c < n; c++) {
    const branch = stateBranch[c];
    for (let q = secPtr[branch]; q < secPtr[branch + 1]; q++) {
      const br = secBranch[q];
      if (role[br] === ROLE.static && gOfStatic[slot[br]] < 0) {
        const reads = staticReads[slot[br]];
        bound += secPtr[reads + 1] - secPtr[reads];
      } else bound++;
    }
  }
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
    for (let q = secPtr[branch]; q < secPtr[branch + 1]; q++) {
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
      for (let e = secPtr[reads]; e < secPtr[reads + 1]; e++) {
        const col = zOf[secBranch[e]];
        if (seen[col] !== c) {
          seen[col] = c;
          acc[col] = 0;
          rowSrc[r++] = col;
        }
        acc[col] += k * secCoef[e];
      }
    }
    sortRange(rowSrc, start, r);
    for (let q = start; q < r; q++) rowCoef[q] = acc[rowSrc[q]];
    rowPtr[c + 1] = r;
  }
  return {
    split: {
      n,
      m,
      laws: entries,
      groups,
      law,
      element,
      args: { ptr: argPtr, src: argSrc, coef: argCoef },
      rows: { ptr: rowPtr, src: rowSrc.slice(0, r), coef: rowCoef.slice(0, r) },
    },
  };
}

function notExplicit(plan: NetworkPlan, j: number): string {
  return `the static ${plan.staticElements[j]} is not an explicit law of states and inputs`;
}

/**
 * a[start … end) in ascending order, in place: insertion sort, for the few entries of one row (a subarray and its
 * sort per row were an object and a library call for each of 10^4 rows).
 */
export function sortRange(a: Int32Array, start: number, end: number): void {
  for (let i = start + 1; i < end; i++) {
    const v = a[i];
    let k = i - 1;
    while (k >= start && a[k] > v) {
      a[k + 1] = a[k];
      k--;
    }
    a[k + 1] = v;
  }
}
