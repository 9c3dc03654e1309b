/**
 * The benchmark's cases: each network family with its sizes, its exact reference (modal, for N ≤ 2000 states
 * by the numeric eigendecomposition, any N where the eigenpairs have a closed form), its sysgraph tolerances
 * and its targets from the issue (time against ngspice 39 at its defaults, error relative to the peak).
 */
import type { Network } from './network';
import type { ProbeTraces } from './nodal-reference';
import { nodalModalReference } from './nodal-reference';
import { ladderModalReference } from './ladder-reference';
import { lineModalReference } from './line-reference';
import { rcLadderNetwork } from './rc-ladder-network';
import { rcGridNetwork } from './rc-grid-network';
import { rlcLineNetwork } from './rlc-line-network';
import type { SysgraphSettings } from './run-sysgraph';

/** What a case must reach: a time limit (ms, whole pipeline) or a speed-up over ngspice, at an error limit. */
export interface CaseTarget {
  readonly text: string;
  /** sysgraph total time / ngspice time must be below this (e.g. 0.1 = 10× faster). */
  readonly maxTimeRatio?: number;
  /** sysgraph total time must be below this, ms. */
  readonly maxMs?: number;
  /** max error / peak must be at most this (when a reference exists). */
  readonly maxError?: number;
}

export interface BenchCase {
  readonly network: Network;
  /** 'closed form' | 'eigendecomposition' | undefined (no exact reference at this size). */
  readonly referenceKind?: string;
  reference?(times: Float64Array): ProbeTraces;
  readonly sysgraph: SysgraphSettings;
  readonly repeats: number;
  /** Also run ngspice with the tight settings (affordable sizes only). */
  readonly tightSpice: boolean;
  readonly target?: CaseTarget;
}

/** Numeric eigendecomposition up to this many states (O(n³) in TypeScript: ~20 s at n = 1024). */
export const MAX_EIGEN_STATES = 2000;

const RC_TOLERANCES: SysgraphSettings = { rtol: 1e-6, atol: 1e-9, samples: 201, solver: 'auto' };
const LINE_TOLERANCES: SysgraphSettings = { rtol: 1e-6, atol: 1e-9, samples: 201, solver: 'auto' };

export function benchCases(quick: boolean): BenchCase[] {
  const ladder = (N: number, repeats: number, target?: CaseTarget): BenchCase => {
    const network = rcLadderNetwork(N);
    return { network, referenceKind: 'closed form', reference: (t) => ladderModalReference(network, t), sysgraph: RC_TOLERANCES, repeats, tightSpice: true, target };
  };
  const grid = (side: number, repeats: number, target?: CaseTarget): BenchCase => {
    const network = rcGridNetwork(side);
    const exact = network.states <= MAX_EIGEN_STATES;
    return {
      network,
      ...(exact ? { referenceKind: 'eigendecomposition', reference: (t: Float64Array) => nodalModalReference(network, t) } : {}),
      sysgraph: RC_TOLERANCES,
      repeats,
      tightSpice: exact,
      target,
    };
  };
  const line = (N: number, repeats: number, target?: CaseTarget): BenchCase => {
    const network = rlcLineNetwork(N);
    return { network, referenceKind: 'closed form', reference: (t) => lineModalReference(network, t), sysgraph: LINE_TOLERANCES, repeats, tightSpice: true, target };
  };
  if (quick) return [ladder(20, 1), grid(4, 1), line(10, 1)];
  return [
    ladder(100, 3),
    ladder(1000, 3),
    ladder(10000, 3, { text: '≥ 10× faster than ngspice at error ≤ 1e-6 of the peak', maxTimeRatio: 0.1, maxError: 1e-6 }),
    grid(32, 5, { text: '≥ 10× faster than ngspice at error ≤ 1e-6 of the peak', maxTimeRatio: 0.1, maxError: 1e-6 }),
    grid(100, 1, { text: 'under 5 s', maxMs: 5000 }),
    line(100, 3),
    line(1000, 3, { text: 'under 2 s at error ≤ 1e-4 of the peak', maxMs: 2000, maxError: 1e-4 }),
  ];
}
