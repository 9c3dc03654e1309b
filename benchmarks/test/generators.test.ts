/**
 * Each generator at a small size parses and formulates, with expectations computed independently of the
 * engine: branch and node counts from the construction, the RC ladder's closed-form spectrum, ladder transfer
 * functions by the impedance recursion from the far end, the grid's DC gain, and the random network's state
 * count #A + #T (every A-type element in the normal tree, every T-type element a link).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseSystem } from '@sysgraph/description';
import type { RawSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, numericBackend, sparseBackend } from '@sysgraph/formulation';
import type { Dense } from '@sysgraph/formulation';
import { csrToDense } from '@sysgraph/linalg';
import { eigenvalues, factorResolvent } from '@sysgraph/linalg';
import {
  GENERATORS,
  LOSSY_LINE_PER_METRE,
  RLC_LADDER_VALUES,
  lossyLine,
  randomMultiDomain,
  randomMultiDomainWithCounts,
  rcGrid,
  rcLadder,
  rlcLadder,
} from '../src/generators/index';

function pipeline(system: RawSystem) {
  const description = parseSystem(system);
  const structure = analyzeStructure(description);
  const model = formulate(structure, numericBackend(description.parameters));
  return { description, structure, model };
}

// Complex numbers as [re, im] for the impedance recursions.
type Cx = readonly [number, number];
const add = (a: Cx, b: Cx): Cx => [a[0] + b[0], a[1] + b[1]];
const mul = (a: Cx, b: Cx): Cx => [a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]];
const div = (a: Cx, b: Cx): Cx => {
  const d = b[0] * b[0] + b[1] * b[1];
  return [(a[0] * b[0] + a[1] * b[1]) / d, (a[1] * b[0] - a[0] * b[1]) / d];
};
const parallel = (a: Cx, b: Cx): Cx => div(mul(a, b), add(a, b));
const absDiff = (a: Cx, b: Cx) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** H(s) = C (sI − A)⁻¹ B + D + E s for input 0 and output 0 of a dense model. */
function transfer(model: ReturnType<typeof pipeline>['model'], s: Cx): Cx {
  const A = model.A as Dense<number>;
  const Bm = model.B as Dense<number>;
  const Cm = model.C as Dense<number>;
  const lu = factorResolvent(A, s[0], s[1]);
  const x = lu.solve(Bm.map((row) => row[0]));
  let h: Cx = [(model.D as Dense<number>)[0][0], 0];
  h = add(h, mul([(model.E as Dense<number>)[0][0], 0], s));
  for (let i = 0; i < A.length; i++) h = add(h, [Cm[0][i] * x.re[i], Cm[0][i] * x.im[i]]);
  return h;
}

/** Frequencies spread over the ladders' bands (seeded). */
function frequencies(lo: number, hi: number): number[] {
  return fc.sample(fc.double({ min: Math.log10(lo), max: Math.log10(hi), noNaN: true }), { seed: 7, numRuns: 6 }).map((e) => 10 ** e);
}

describe('rlcLadder', () => {
  it('has 3N + 1 branches, 2N + 2 nodes, 2N states and the transfer function of its impedance recursion', () => {
    const N = 5;
    const { structure, model } = pipeline(rlcLadder(N));
    expect(structure.graph.branches.length).toBe(3 * N + 1);
    expect(structure.graph.nodeNames.length).toBe(2 * N + 2);
    expect(model.states.length).toBe(2 * N);
    expect(model.diagnostics.filter((d) => d.code === 'D4')).toEqual([]);
    const { R, L, C } = RLC_LADDER_VALUES;
    for (const w of frequencies(1e2, 1e6)) {
      const s: Cx = [0, w];
      const zs = add([R, 0], mul([L, 0], s));
      const zc = div([1, 0], mul([C, 0], s));
      // W_N = Z_C, W_k = Z_C ∥ (Z_s + W_{k+1});  H = Π_k W_k / (Z_s + W_k)
      const W: Cx[] = [];
      W[N] = zc;
      for (let k = N - 1; k >= 1; k--) W[k] = parallel(zc, add(zs, W[k + 1]));
      let h: Cx = [1, 0];
      for (let k = 1; k <= N; k++) h = mul(h, div(W[k], add(zs, W[k])));
      const got = transfer(model, s);
      expect(absDiff(got, h)).toBeLessThan(1e-7 * Math.hypot(...h) + 1e-14);
    }
  });
});

describe('rcLadder', () => {
  it('has the closed-form spectrum λ_k = −4 sin²(θ_k/2)/(RC), θ_k = (2k − 1)π/(2N + 1)', () => {
    const N = 7;
    const { structure, model } = pipeline(rcLadder(N));
    expect(structure.graph.branches.length).toBe(2 * N + 1);
    expect(model.states.length).toBe(N);
    const RC = (1e3 / N) * (1e-6 / N);
    const expected = Array.from({ length: N }, (_, j) => {
      const th = ((2 * (j + 1) - 1) * Math.PI) / (2 * N + 1);
      return (-4 * Math.sin(th / 2) ** 2) / RC;
    }).sort((a, b) => a - b);
    const spectrum = eigenvalues(model.A as Dense<number>);
    expect(Array.from(spectrum.im).every((v) => Math.abs(v) < 1e-6 / RC)).toBe(true);
    Array.from(spectrum.re).forEach((v, j) => expect(Math.abs(v - expected[j])).toBeLessThan(1e-9 * Math.abs(expected[0])));
    // DC: no current at the open end, v_out = Vs.
    const h0 = transfer(model, [0, 0]);
    expect(h0[0]).toBeCloseTo(1, 10);
  });
});

describe('lossyLine', () => {
  it('has 4N + 3 branches, 2N states and the transfer function of its telegrapher recursion', () => {
    const N = 4;
    const { structure, model } = pipeline(lossyLine(N));
    expect(structure.graph.branches.length).toBe(4 * N + 3);
    expect(model.states.length).toBe(2 * N);
    const u = LOSSY_LINE_PER_METRE;
    for (const w of frequencies(1e6, 1e10)) {
      const s: Cx = [0, w];
      const zs = add([u.R / N, 0], mul([u.L / N, 0], s));
      const shunt = parallel(div([1, 0], mul([u.C / N, 0], s)), [N / u.G, 0]);
      const W: Cx[] = [];
      W[N] = parallel(shunt, [u.Z0, 0]);
      for (let k = N - 1; k >= 1; k--) W[k] = parallel(shunt, add(zs, W[k + 1]));
      const zin = add(zs, W[1]);
      let h = div(zin, add([u.Z0, 0], zin));
      for (let k = 1; k <= N; k++) h = mul(h, div(W[k], add(zs, W[k])));
      const got = transfer(model, s);
      expect(absDiff(got, h)).toBeLessThan(1e-7 * Math.hypot(...h) + 1e-14);
    }
  });
});

describe('rcGrid', () => {
  it('has 3n² − 2n + 2 branches, n² states and DC gain 1 V/A (all the current leaves through the 1 Ω load)', () => {
    const n = 4;
    const { structure, model } = pipeline(rcGrid(n));
    expect(structure.graph.branches.length).toBe(3 * n * n - 2 * n + 2);
    expect(structure.graph.nodeNames.length).toBe(n * n + 1);
    expect(model.states.length).toBe(n * n);
    const h0 = transfer(model, [0, 0]);
    expect(h0[0]).toBeCloseTo(1, 9);
  });
});

describe('randomMultiDomain', () => {
  const params = { seed: 20240501, numRuns: 25 };

  it('formulates, with n_x = #A + #T, no dependent storage, and B branches and 1 % two-ports', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 400 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (B, seed) => {
        const { system, counts } = randomMultiDomainWithCounts(B, seed);
        const { structure, model } = pipeline(system);
        expect(model.states.length).toBe(counts.A + counts.T);
        expect(structure.tree.stateCount).toBe(counts.A + counts.T);
        expect(model.diagnostics.filter((d) => d.code === 'D4' || d.code === 'D1')).toEqual([]);
        const branches = structure.graph.branches.length;
        expect(branches).toBe(B);
        expect(counts.transformers + counts.gyrators).toBe(Math.max(1, Math.round(B / 100)));
        expect(structure.graph.twoPorts.length).toBe(counts.transformers + counts.gyrators);
        const domains = new Set(structure.graph.branches.map((b) => b.domain));
        expect(domains.size).toBe(5);
      }),
      params,
    );
  });

  it('is a pure function of (B, seed)', () => {
    expect(JSON.stringify(randomMultiDomain(300, 42))).toBe(JSON.stringify(randomMultiDomain(300, 42)));
    expect(JSON.stringify(randomMultiDomain(300, 42))).not.toBe(JSON.stringify(randomMultiDomain(300, 43)));
  });

  it('gives the same A and E matrices on the sparse backend as on the dense one', () => {
    const description = parseSystem(randomMultiDomain(120, 5));
    const structure = analyzeStructure(description);
    const dense = formulate(structure, numericBackend(description.parameters));
    const sparse = formulate(structure, sparseBackend(description.parameters));
    const a = csrToDense(sparse.A);
    (dense.A as Dense<number>).forEach((row, i) => row.forEach((v, j) => expect(a[i][j]).toBeCloseTo(v, 9)));
  });
});

describe('GENERATORS', () => {
  it('size each generator to within a section of the target branch count', () => {
    for (const g of GENERATORS) {
      const branches = analyzeStructure(parseSystem(g.make(600))).graph.branches.length;
      const tolerance = g.name === 'rc-grid' ? 60 : 3; // one grid side adds about 6n branches
      expect(Math.abs(branches - 600), g.name).toBeLessThanOrEqual(tolerance);
    }
  });
});
