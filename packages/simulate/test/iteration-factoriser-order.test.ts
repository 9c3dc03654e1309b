/**
 * The iteration factoriser's first column order (AMD or reverse Cuthill–McKee, whichever fills less): the solves of
 * I − c·J against a dense solve of the same matrix — on a chain numbered like the states of a netlist ladder (C1,
 * C10, C100, …: a scrambled tridiagonal, where RCM restores the band) and on a random unsymmetric sparse J (where
 * AMD usually wins) — first factorisation and refactorisations alike.
 */
import { seededRandom } from '@sysgraph/core';
import { CsrMatrix, denseSolve } from '@sysgraph/linalg';
import { describe, expect, it } from 'vitest';
import { createIterationFactoriser } from '../src/sparse/iteration-factoriser';
import { emptyStats } from '../src/stats';

function csr(n: number, entries: Map<number, number>[]): CsrMatrix {
  const rowPtr = new Int32Array(n + 1);
  const cols: number[] = [];
  const vals: number[] = [];
  for (let i = 0; i < n; i++) {
    for (const [j, v] of [...entries[i]].sort((a, b) => a[0] - b[0])) {
      cols.push(j);
      vals.push(v);
    }
    rowPtr[i + 1] = cols.length;
  }
  return new CsrMatrix(n, n, rowPtr, Int32Array.from(cols), Float64Array.from(vals));
}

function check(J: CsrMatrix, rnd: () => number): void {
  const n = J.rows;
  const factoriser = createIterationFactoriser(emptyStats());
  for (const c of [0.3, 0.05, 1.7]) {
    const dense = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
    for (let i = 0; i < n; i++) for (let p = J.rowPtr[i]; p < J.rowPtr[i + 1]; p++) dense[i][J.colIdx[p]] -= c * J.values[p];
    const b = Float64Array.from({ length: n }, () => rnd() - 0.5);
    const expected = denseSolve(dense, b);
    const got = factoriser.factor(c, J).solve(b, new Float64Array(n));
    for (let i = 0; i < n; i++) expect(Math.abs(got[i] - expected[i])).toBeLessThan(1e-10 * (1 + Math.abs(expected[i])));
  }
}

describe('the first column order of the iteration factoriser', () => {
  it('solves a chain numbered C1, C10, C100, … (scrambled tridiagonal)', () => {
    const n = 120;
    const names = Array.from({ length: n }, (_, k) => `C${k + 1}`).sort();
    const at = (k: number) => names.indexOf(`C${k + 1}`);
    const entries = Array.from({ length: n }, () => new Map<number, number>());
    for (let k = 0; k < n; k++) {
      entries[at(k)].set(at(k), -2 - 0.01 * k);
      if (k > 0) entries[at(k)].set(at(k - 1), 1);
      if (k < n - 1) entries[at(k)].set(at(k + 1), 0.9);
    }
    check(csr(n, entries), seededRandom(1));
  });

  it('solves a random unsymmetric sparse matrix', () => {
    const n = 80;
    const rnd = seededRandom(2);
    const entries = Array.from({ length: n }, (_, i) => new Map<number, number>([[i, -3 - rnd()]]));
    for (let e = 0; e < 4 * n; e++) entries[Math.floor(rnd() * n)].set(Math.floor(rnd() * n), rnd() - 0.5);
    check(csr(n, entries), rnd);
  });
});
