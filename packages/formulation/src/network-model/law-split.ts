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
import { linearFactors } from './stored-state-batches';
import { CoefficientLaw } from './scalar-law';
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
  const { role, slot, secPtr, secBranch, secCoef, states, statics } = plan;
  const n = states.length;
  const m = plan.inputNames.length;
  const np = statics.length;
  // every static explicit (p = b(σ)) with σ free of statics: the general path's blocks all batched
  for (let j = 0; j < np; j++) {
    const st = statics[j];
    let free = st.a === null && st.b !== null;
    for (let q = secPtr[st.reads]; free && q < secPtr[st.reads + 1]; q++) if (role[secBranch[q]] === ROLE.static) free = false;
    if (!free) return { reason: `the static ${st.element} is not an explicit law of states and inputs` };
  }
  const linearFactor = linearFactors(states);
  for (let c = 0; c < n; c++) {
    if (!states[c].own) continue;
    const factor = linearFactor[c];
    if (!(factor === factor && Number.isFinite(1 / factor))) return { reason: `the state ${states[c].name} has a law that is not a constant linear one` };
  }
  // Law entries: nonlinear statics (key j) then stored states (key np + c), grouped by compiled law in order of
  // first appearance, each group in key order: a counting sort over the few distinct laws.
  const linearK = new Float64Array(np).fill(Number.NaN);
  const groupOf = new Int32Array(np + n).fill(-1);
  const groupIndex = new Map<ScalarLaw, number>();
  const groupLaw: ScalarLaw[] = [];
  const groupSize: number[] = [];
  const entryOf = (law: ScalarLaw, key: number) => {
    let g = groupIndex.get(law);
    if (g === undefined) {
      g = groupLaw.length;
      groupIndex.set(law, g);
      groupLaw.push(law);
      groupSize.push(0);
    }
    groupOf[key] = g;
    groupSize[g]++;
  };
  for (let j = 0; j < np; j++) {
    const st = statics[j];
    const b = st.b!;
    const k = b instanceof CoefficientLaw ? b.constantFactor() : undefined;
    if (k !== undefined) {
      linearK[j] = k.invert ? 1 / k.c : k.c;
      continue;
    }
    for (let q = secPtr[st.reads]; q < secPtr[st.reads + 1]; q++) {
      const br = secBranch[q];
      if (role[br] === ROLE.state && !states[slot[br]].own) return { reason: `the law of ${st.element} reads the stored state ${states[slot[br]].name}` };
    }
    entryOf(b, j);
  }
  for (let c = 0; c < n; c++) if (!states[c].own) entryOf(states[c].law, np + c);
  const groups: SplitGroup[] = [];
  const fillAt: number[] = [];
  let laws = 0;
  for (let g = 0; g < groupLaw.length; g++) {
    groups.push({ law: groupLaw[g], start: laws, end: laws + groupSize[g] });
    fillAt.push(laws);
    laws += groupSize[g];
  }
  const law = new Array<ScalarLaw>(laws);
  const element = new Array<string>(laws);
  const keys = new Int32Array(laws);
  const gOfStatic = new Int32Array(np).fill(-1);
  const gOfState = new Int32Array(n).fill(-1);
  let argCount = 0;
  for (let key = 0; key < np + n; key++) {
    const g = groupOf[key];
    if (g < 0) continue;
    const i = fillAt[g]++;
    keys[i] = key;
    law[i] = groupLaw[g];
    if (key < np) {
      gOfStatic[key] = i;
      element[i] = statics[key].element;
      argCount += secPtr[statics[key].reads + 1] - secPtr[statics[key].reads];
    } else {
      gOfState[key - np] = i;
      element[i] = states[key - np].element;
      argCount++;
    }
  }
  // the column of z holding a state or input branch's primary value
  const zOf = new Int32Array(plan.B).fill(-1);
  for (let c = 0; c < n; c++) zOf[states[c].branch] = states[c].own ? c : n + m + gOfState[c];
  for (let k = 0; k < plan.B; k++) if (role[k] === ROLE.input) zOf[k] = n + slot[k];

  // P, Q: σ_j of each nonlinear static in the plan's order; e_c for a stored state.
  const argPtr = new Int32Array(laws + 1);
  const argSrc = new Int32Array(argCount);
  const argCoef = new Float64Array(argCount);
  let a = 0;
  for (let i = 0; i < laws; i++) {
    const key = keys[i];
    if (key < np) {
      const reads = statics[key].reads;
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
    const branch = states[c].branch;
    for (let q = secPtr[branch]; q < secPtr[branch + 1]; q++) {
      const br = secBranch[q];
      if (role[br] === ROLE.static && gOfStatic[slot[br]] < 0) {
        const reads = statics[slot[br]].reads;
        bound += secPtr[reads + 1] - secPtr[reads];
      } else bound++;
    }
  }
  const width = n + m + laws;
  const acc = new Float64Array(width);
  const seen = new Int32Array(width).fill(-1);
  const rowPtr = new Int32Array(n + 1);
  const rowSrc = new Int32Array(bound);
  const rowCoef = new Float64Array(bound);
  let r = 0;
  for (let c = 0; c < n; c++) {
    const start = r;
    const scale = states[c].own ? 1 / linearFactor[c] : 1;
    const branch = states[c].branch;
    for (let q = secPtr[branch]; q < secPtr[branch + 1]; q++) {
      const br = secBranch[q];
      const cf = scale * secCoef[q];
      if (role[br] !== ROLE.static || gOfStatic[slot[br]] >= 0) {
        const col = role[br] === ROLE.static ? n + m + gOfStatic[slot[br]] : zOf[br];
        if (seen[col] !== c) {
          seen[col] = c;
          acc[col] = 0;
          rowSrc[r++] = col;
        }
        acc[col] += cf;
        continue;
      }
      // linear static p_j = k_j σ_j: its terms, each a state or input branch
      const j = slot[br];
      const reads = statics[j].reads;
      const k = cf * linearK[j];
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
    const cols = rowSrc.subarray(start, r);
    cols.sort();
    for (let q = start; q < r; q++) rowCoef[q] = acc[rowSrc[q]];
    rowPtr[c + 1] = r;
  }
  return {
    split: {
      n,
      m,
      laws,
      groups,
      law,
      element,
      args: { ptr: argPtr, src: argSrc, coef: argCoef },
      rows: { ptr: rowPtr, src: rowSrc.slice(0, r), coef: rowCoef.slice(0, r) },
    },
  };
}
