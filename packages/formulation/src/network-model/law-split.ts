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
 */
import type { NetworkEvaluator } from './network-evaluator';
import { ROLE } from './network-plan';
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

export function lawSplit(ev: NetworkEvaluator): LawSplitOutcome {
  const plan = ev.plan;
  const { role, slot, secPtr, secBranch, secCoef, states, statics } = plan;
  const n = states.length;
  const m = plan.inputNames.length;
  const { count, blockPtr, members } = ev.blocks;
  const batched = ev.batches.batched;
  for (let b = 0; b < count; b++) {
    if (batched[b] !== 1) return { reason: `the static ${statics[members[blockPtr[b]]].element} is not an explicit law of states and inputs` };
  }
  const linearFactor = ev.stored.linearFactor;
  for (let c = 0; c < n; c++) {
    if (!states[c].own) continue;
    const factor = linearFactor[c];
    if (!(factor === factor && Number.isFinite(1 / factor))) return { reason: `the state ${states[c].name} has a law that is not a constant linear one` };
  }
  // Law entries: nonlinear statics and stored states, grouped by compiled law (first appearance order).
  const linearK = new Float64Array(statics.length).fill(Number.NaN);
  const byLaw = new Map<ScalarLaw, number[]>();
  const entryOf = (law: ScalarLaw, key: number) => {
    const list = byLaw.get(law);
    if (list) list.push(key);
    else byLaw.set(law, [key]);
  };
  for (let j = 0; j < statics.length; j++) {
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
  // stored states are keyed after the statics: key = statics.length + c
  for (let c = 0; c < n; c++) if (!states[c].own) entryOf(states[c].law, statics.length + c);
  const groups: SplitGroup[] = [];
  const law: ScalarLaw[] = [];
  const element: string[] = [];
  const keys: number[] = [];
  for (const [l, list] of byLaw) {
    groups.push({ law: l, start: law.length, end: law.length + list.length });
    for (const key of list) {
      law.push(l);
      element.push(key < statics.length ? statics[key].element : states[key - statics.length].element);
      keys.push(key);
    }
  }
  const laws = law.length;
  const gOfStatic = new Int32Array(statics.length).fill(-1);
  const gOfState = new Int32Array(n).fill(-1);
  keys.forEach((key, i) => {
    if (key < statics.length) gOfStatic[key] = i;
    else gOfState[key - statics.length] = i;
  });
  const zOfState = (c: number) => (states[c].own ? c : n + m + gOfState[c]);

  // P, Q: σ_j of each nonlinear static in the plan's order; e_c for a stored state.
  const argPtr = new Int32Array(laws + 1);
  const argSrc: number[] = [];
  const argCoef: number[] = [];
  for (let i = 0; i < laws; i++) {
    const key = keys[i];
    if (key < statics.length) {
      const reads = statics[key].reads;
      for (let q = secPtr[reads]; q < secPtr[reads + 1]; q++) {
        const br = secBranch[q];
        argSrc.push(role[br] === ROLE.input ? n + slot[br] : slot[br]);
        argCoef.push(secCoef[q]);
      }
    } else {
      argSrc.push(key - statics.length);
      argCoef.push(1);
    }
    argPtr[i + 1] = argSrc.length;
  }

  // The state rows over z, coefficients summed per column (acc, with `seen` marking the columns of the row).
  const width = n + m + laws;
  const acc = new Float64Array(width);
  const seen = new Int32Array(width).fill(-1);
  const rowPtr = new Int32Array(n + 1);
  const rowSrc: number[] = [];
  const rowCoef: number[] = [];
  const cols: number[] = [];
  const add = (c: number, col: number, v: number) => {
    if (seen[col] !== c) {
      seen[col] = c;
      acc[col] = 0;
      cols.push(col);
    }
    acc[col] += v;
  };
  // a state or input branch's primary value as a column of z
  const column = (br: number) => (role[br] === ROLE.input ? n + slot[br] : zOfState(slot[br]));
  for (let c = 0; c < n; c++) {
    cols.length = 0;
    const factor = linearFactor[c];
    const scale = states[c].own ? 1 / factor : 1;
    const branch = states[c].branch;
    for (let q = secPtr[branch]; q < secPtr[branch + 1]; q++) {
      const br = secBranch[q];
      const cf = scale * secCoef[q];
      if (role[br] !== ROLE.static) {
        add(c, column(br), cf);
        continue;
      }
      const j = slot[br];
      if (gOfStatic[j] >= 0) {
        add(c, n + m + gOfStatic[j], cf);
        continue;
      }
      // linear static p_j = k_j σ_j: its terms, each a state or input branch
      const reads = statics[j].reads;
      const k = cf * linearK[j];
      for (let e = secPtr[reads]; e < secPtr[reads + 1]; e++) add(c, column(secBranch[e]), k * secCoef[e]);
    }
    cols.sort((a, b) => a - b);
    for (const col of cols) {
      rowSrc.push(col);
      rowCoef.push(acc[col]);
    }
    rowPtr[c + 1] = rowSrc.length;
  }
  return {
    split: {
      n,
      m,
      laws,
      groups,
      law,
      element,
      args: { ptr: argPtr, src: Int32Array.from(argSrc), coef: Float64Array.from(argCoef) },
      rows: { ptr: rowPtr, src: Int32Array.from(rowSrc), coef: Float64Array.from(rowCoef) },
    },
  };
}
