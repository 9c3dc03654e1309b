import { Polynomial } from '../src/polynomial/polynomial';
import { gcd, newGcdStats } from '../src/gcd/gcd';
import { SeededRandom } from '../src/random';
const rng = new SeededRandom(7);
function rand(nv: number, nt: number, deg: number): Polynomial {
  const terms = [];
  for (let i = 0; i < nt; i++) terms.push({ coeff: BigInt(rng.int(-9, 10)), exponents: Array.from({length: nv}, () => rng.int(0, deg+1)) });
  return Polynomial.fromTerms(terms, nv);
}
for (const [heuristic, NV, D] of [[true,5,2],[false,3,1],[false,4,1],[false,3,2]] as const) {
  const stats = newGcdStats();
  let ok = 0; const t0 = performance.now();
  for (let k = 0; k < 50; k++) {
    const g = rand(NV, 4, D), a = rand(NV, 4, D), b = rand(NV, 4, D);
    if (g.isZero()||a.isZero()||b.isZero()) continue;
    const h = gcd(g.mul(a), g.mul(b), { stats, heuristic });
    const ok1 = g.divides(h) && h.divides(g.mul(a)) && h.divides(g.mul(b));
    if (ok1) ok++; else console.log('fail', g.toString(), '|', h.toString(), '|', a.toString(), '|', b.toString());
  }
  console.log(heuristic, ok, stats, performance.now() - t0);
}
