import { eigenvalues } from '../src/index';
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { readFileSync } from 'node:fs';
const bad = JSON.parse(readFileSync('/tmp/last-matrix.json', 'utf8'));
console.log(eigenvalues(bad));
let s = 1;
const rand = () => { s = (s * 16807) % 2147483647; return s / 2147483647 - 0.5; };
let worst = 0;
for (let t = 0; t < 200; t++) {
  const n = 1 + (t % 15);
  const a = Array.from({ length: n }, () => Array.from({ length: n }, () => rand()));
  const mine = eigenvalues(a);
  const e = new EigenvalueDecomposition(new Matrix(a));
  // match each reference eigenvalue to nearest of mine
  for (let k = 0; k < n; k++) {
    let best = Infinity;
    for (let q = 0; q < n; q++) best = Math.min(best, Math.hypot(mine.re[q] - e.realEigenvalues[k], mine.im[q] - e.imaginaryEigenvalues[k]));
    worst = Math.max(worst, best);
  }
}
console.log('worst', worst);
console.log(eigenvalues([[0,1,0,0],[0,0,1,0],[0,0,0,1],[-10,-19,-13,-5]]));
const big = Array.from({ length: 200 }, () => Array.from({ length: 200 }, () => rand()));
let t0 = performance.now(); eigenvalues(big); console.log('n=200 ms', performance.now() - t0);
t0 = performance.now(); new EigenvalueDecomposition(new Matrix(big)); console.log('ml n=200 ms', performance.now() - t0);
