import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bareissDeterminant,
  detectStructure,
  determinant,
  FieldMatrix,
  gaussSolve,
  inverse,
  numberField,
  Polynomial,
  RationalFunction,
  rationalFunctionField,
  solve,
  VariableSet,
} from '../src/index';
import { polynomialArb, SEED } from './arbitraries';

const opts = { seed: SEED, numRuns: 40 };

/** Float determinant by cofactor expansion along the first row (independent of any elimination). */
function cofactorDet(a: number[][]): number {
  const n = a.length;
  if (n === 0) return 1;
  if (n === 1) return a[0][0];
  let s = 0;
  for (let j = 0; j < n; j++) {
    if (a[0][j] === 0) continue;
    const minor = a.slice(1).map((r) => r.filter((_, k) => k !== j));
    s += (j % 2 === 0 ? 1 : -1) * a[0][j] * cofactorDet(minor);
  }
  return s;
}

const NV = 4;
const vars = VariableSet.of(['a', 'b', 'c', 'd']);

/** A random n×n matrix of sparse polynomials (about half the entries zero). */
function polyMatrixArb(n: number): fc.Arbitrary<Polynomial[][]> {
  const entry = fc.oneof(fc.constant(Polynomial.zero()), polynomialArb(NV, 3, 1));
  return fc.array(fc.array(entry, { minLength: n, maxLength: n }), { minLength: n, maxLength: n });
}

const pointArb = fc.array(fc.integer({ min: -4, max: 4 }), { minLength: NV, maxLength: NV });

describe('Bareiss determinant', () => {
  it('equals the float determinant (cofactor expansion) at random points', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }).chain(polyMatrixArb), pointArb, (m, xs) => {
        const x = Float64Array.from(xs);
        const det = bareissDeterminant(m);
        const ref = cofactorDet(m.map((r) => r.map((p) => p.evaluate(x))));
        expect(det.evaluate(x)).toBe(ref); // integers: exact
      }),
      opts,
    );
  });

  it('of a triangular matrix is the product of its diagonal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }).chain(polyMatrixArb), fc.boolean(), (m, upper) => {
        const t = m.map((r, i) => r.map((p, j) => ((upper ? j < i : j > i) ? Polynomial.zero() : p)));
        const prod = t.reduce((acc, r, i) => acc.mul(r[i]), Polynomial.one());
        expect(bareissDeterminant(t).equals(prod)).toBe(true);
      }),
      opts,
    );
  });

  it('of the symbolic tridiagonal matrix follows the continuant recurrence', () => {
    // D_k = a_k D_{k−1} − b_{k−1} c_{k−1} D_{k−2}: built independently from Polynomial products.
    const n = 7;
    const a = (i: number) => Polynomial.variable(i);
    const b = (i: number) => Polynomial.variable(n + i);
    const c = (i: number) => Polynomial.variable(2 * n + i);
    const m = Array.from({ length: n }, (_, i) =>
      Array.from({ length: n }, (_, j) => (i === j ? a(i) : j === i + 1 ? b(i) : i === j + 1 ? c(j) : Polynomial.zero())),
    );
    let prev = Polynomial.one();
    let cur = a(0);
    for (let k = 1; k < n; k++) [prev, cur] = [cur, a(k).mul(cur).sub(b(k - 1).mul(c(k - 1)).mul(prev))];
    expect(bareissDeterminant(m).equals(cur)).toBe(true);
    expect(cur.size).toBe(21); // Fibonacci F(8) terms
  });
});

describe('solve over rational functions', () => {
  const F = rationalFunctionField(vars);
  const rfMatrixArb = (n: number) =>
    fc
      .tuple(polyMatrixArb(n), fc.array(polynomialArb(NV, 2, 1), { minLength: n, maxLength: n }))
      .map(([m, dens]) =>
        FieldMatrix.fromFunction(F, n, n, (i, j) =>
          dens[i].isZero() ? RationalFunction.polynomial(vars, m[i][j]) : RationalFunction.fromPolynomials(vars, m[i][j], dens[i]),
        ),
      );

  it('M·x = b exactly, with fraction-free and with Gaussian elimination, and the two agree', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((n) => fc.tuple(rfMatrixArb(n), polyMatrixArb(n))),
        ([m, bm]) => {
          fc.pre(!determinant(m).isZero());
          const b = FieldMatrix.fromFunction(F, m.rows, 1, (i) => RationalFunction.polynomial(vars, bm[i][0]));
          const x1 = solve(m, b, { method: 'fraction-free', structure: false });
          const x2 = solve(m, b, { method: 'gauss', structure: false });
          expect(m.mul(x1).equals(b)).toBe(true);
          expect(x1.equals(x2)).toBe(true);
        },
      ),
      opts,
    );
  });

  it('inverse(M)·M = I and det(M)·det(M⁻¹) = 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }).chain(rfMatrixArb), (m) => {
        const det = determinant(m);
        fc.pre(!det.isZero());
        const inv = inverse(m);
        expect(inv.mul(m).equals(FieldMatrix.identity(F, m.rows))).toBe(true);
        expect(det.mul(determinant(inv)).isOne()).toBe(true);
      }),
      opts,
    );
  });

  it('singular matrices are a typed error', () => {
    const a = F.variable('a');
    const m = FieldMatrix.fromRows(F, [
      [a, F.mul(a, a)],
      [F.one, a],
    ]);
    expect(determinant(m).isZero()).toBe(true);
    for (const method of ['fraction-free', 'gauss'] as const) {
      expect(() => solve(m, FieldMatrix.identity(F, 2), { method })).toThrowError(
        expect.objectContaining({ code: 'singular-matrix', expected: 'a nonsingular matrix' }),
      );
    }
  });

  it('a 2×2 inverse by hand', () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((n) => F.variable(n));
    const m = FieldMatrix.fromRows(F, [
      [a, b],
      [c, d],
    ]);
    const det = F.sub(F.mul(a, d), F.mul(b, c));
    const expected = FieldMatrix.fromRows(F, [
      [F.div(d, det), F.neg(F.div(b, det))],
      [F.neg(F.div(c, det)), F.div(a, det)],
    ]);
    expect(inverse(m).equals(expected)).toBe(true);
  });
});

describe('structure', () => {
  const F = rationalFunctionField(vars);
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((n) => F.variable(n));
  const z = F.zero;

  it('detects diagonal, triangular and block-diagonal matrices', () => {
    expect(detectStructure(FieldMatrix.diagonal(F, [a, b])).kind).toBe('diagonal');
    expect(detectStructure(FieldMatrix.fromRows(F, [[a, b], [z, c]])).kind).toBe('upper-triangular');
    expect(detectStructure(FieldMatrix.fromRows(F, [[a, z], [b, c]])).kind).toBe('lower-triangular');
    const bd = FieldMatrix.fromRows(F, [
      [a, z, b],
      [z, d, z],
      [c, z, a],
    ]);
    const s = detectStructure(bd);
    expect(s.kind).toBe('block-diagonal');
    if (s.kind === 'block-diagonal') expect(s.blocks).toEqual([[0, 2], [1]]);
    expect(detectStructure(FieldMatrix.fromRows(F, [[a, b], [c, d]])).kind).toBe('general');
  });

  it('structured solves agree with general elimination', () => {
    const cases = [
      FieldMatrix.diagonal(F, [a, F.add(b, c)]),
      FieldMatrix.fromRows(F, [[a, b], [z, c]]),
      FieldMatrix.fromRows(F, [[a, z], [b, c]]),
      FieldMatrix.fromRows(F, [
        [a, z, b],
        [z, d, z],
        [c, z, a],
      ]),
    ];
    for (const m of cases) {
      const rhs = FieldMatrix.fromFunction(F, m.rows, 2, (i, j) => F.fromInteger(i + 2 * j + 1));
      const fast = solve(m, rhs);
      const general = solve(m, rhs, { structure: false });
      expect(fast.equals(general)).toBe(true);
      expect(m.mul(fast).equals(rhs)).toBe(true);
    }
  });
});

describe('FieldMatrix over float64', () => {
  it('Gaussian solve with partial pivoting', () => {
    const m = FieldMatrix.fromRows(numberField, [
      [0, 2, 1],
      [1, 1, 0],
      [3, 0, 1],
    ]);
    const b = FieldMatrix.fromRows(numberField, [[3], [2], [4]]); // x = (1, 1, 1)
    const x = gaussSolve(m, b);
    for (let i = 0; i < 3; i++) expect(x.get(i, 0)).toBeCloseTo(1, 14);
    expect(determinant(m)).toBeCloseTo(cofactorDet(m.toRows()), 12);
  });

  it('blocks, assembly, transpose and the printout', () => {
    const F = numberField;
    const m = FieldMatrix.fromFunction(F, 3, 4, (i, j) => 10 * i + j);
    expect(m.block(1, 2, 2, 2).toRows()).toEqual([
      [12, 13],
      [22, 23],
    ]);
    const asm = FieldMatrix.assemble(F, [
      [FieldMatrix.identity(F, 2), null],
      [null, FieldMatrix.fromRows(F, [[5]])],
    ]);
    expect(asm.toRows()).toEqual([
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 5],
    ]);
    expect(m.transpose().get(3, 2)).toBe(23);
    expect(FieldMatrix.fromRows(F, [[1, -2.5], [30, 4]]).format()).toBe('2×2 over float64\n[  1  -2.5 ]\n[ 30     4 ]');
    expect(() => m.mul(m)).toThrowError(expect.objectContaining({ code: 'bad-value', field: 'shape' }));
  });
});
