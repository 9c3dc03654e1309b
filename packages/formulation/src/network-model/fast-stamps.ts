/**
 * FastStamps: NetworkJacobian's stamp program (network-jacobian.ts) regrouped once so that the common case of a
 * large network — explicit statics batched by law (resistors, diodes, dampers) and states of constant linear laws
 * (q = C v, λ = L i) — is two flat loops with no per-block or per-state branch:
 *   dP[bDst] += b_j'(σ_j) · bCoef · dprim[bSrc],   j = bStatic        (every batched static, block order)
 *   J[lDst]  += (coef / c) · work[lSrc]                                (every state with a finite 1/c, state order)
 * The products are formed in the same order as the per-block and per-row loops they replace ((b'·coef)·dprim and
 * ((1/c)·coef)·work), so the Jacobian is the same to the last bit. What the flat loops do not cover — blocks not
 * batched (solved after them in block order: a batched static reads only states, so nothing it stamps depends on
 * them), states with a law, stored states, a zero c — keeps its own loop, listed here.
 */
import type { NetworkEvaluator } from './network-evaluator';

export interface FastStamps {
  /** States whose primary is L(x) (dprim = L'(x), checked per call); own states have dprim = 1 once for all. */
  readonly storedStates: Int32Array;
  /** The batched explicit statics (their slopes are checked for finiteness before the stamp loop). */
  readonly batchedStatics: Int32Array;
  readonly bDst: Int32Array;
  readonly bSrc: Int32Array;
  readonly bCoef: Float64Array;
  readonly bStatic: Int32Array;
  /** Blocks not batched, in block order. */
  readonly restBlocks: Int32Array;
  /** Stamps of the states with a constant linear law and finite 1/c, coefficient times 1/c. */
  readonly lDst: Int32Array;
  readonly lSrc: Int32Array;
  readonly lScaled: Float64Array;
  /** The other states (a law, a stored state, c = 0), stamped row by row. */
  readonly otherStates: Int32Array;
}

export function fastStamps(
  ev: NetworkEvaluator,
  mPtr: Int32Array,
  mDst: Int32Array,
  mSrc: Int32Array,
  mCoef: Float64Array,
  sPtr: Int32Array,
  sDst: Int32Array,
  sSrc: Int32Array,
  sCoef: Float64Array,
): FastStamps {
  const { count, blockPtr, members } = ev.blocks;
  const batched = ev.batches.batched;
  const batchedStatics: number[] = [];
  const restBlocks: number[] = [];
  let stamps = 0;
  for (let b = 0; b < count; b++) {
    if (batched[b] === 1) {
      const q = blockPtr[b];
      batchedStatics.push(members[q]);
      stamps += mPtr[q + 1] - mPtr[q];
    } else restBlocks.push(b);
  }
  const bDst = new Int32Array(stamps);
  const bSrc = new Int32Array(stamps);
  const bCoef = new Float64Array(stamps);
  const bStatic = new Int32Array(stamps);
  let at = 0;
  for (let b = 0; b < count; b++) {
    if (batched[b] !== 1) continue;
    const q = blockPtr[b];
    for (let i = mPtr[q]; i < mPtr[q + 1]; i++, at++) {
      bDst[at] = mDst[i];
      bSrc[at] = mSrc[i];
      bCoef[at] = mCoef[i];
      bStatic[at] = members[q];
    }
  }
  const states = ev.plan.states;
  const n = states.length;
  const linearFactor = ev.stored.linearFactor;
  const storedStates: number[] = [];
  const otherStates: number[] = [];
  const lDst: number[] = [];
  const lSrc: number[] = [];
  const lScaled: number[] = [];
  for (let c = 0; c < n; c++) {
    if (!states[c].own) storedStates.push(c);
    const factor = linearFactor[c];
    const scale = 1 / factor;
    if (factor === factor && Number.isFinite(scale)) {
      for (let i = sPtr[c]; i < sPtr[c + 1]; i++) {
        lDst.push(sDst[i]);
        lSrc.push(sSrc[i]);
        lScaled.push(scale * sCoef[i]);
      }
    } else otherStates.push(c);
  }
  return {
    storedStates: Int32Array.from(storedStates),
    batchedStatics: Int32Array.from(batchedStatics),
    bDst,
    bSrc,
    bCoef,
    bStatic,
    restBlocks: Int32Array.from(restBlocks),
    lDst: Int32Array.from(lDst),
    lSrc: Int32Array.from(lSrc),
    lScaled: Float64Array.from(lScaled),
    otherStates: Int32Array.from(otherStates),
  };
}
