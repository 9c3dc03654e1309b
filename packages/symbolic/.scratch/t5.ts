import { create, all } from 'mathjs';
const m = create(all, { number: 'Fraction' });
const r = m.evaluate('e + 1/3 + 0.1 + x^-2', { e: m.fraction(2), x: m.fraction(3) });
console.log(r, typeof r.n, r.s, r.n, r.d);
const mn = create(all);
console.log(mn.evaluate('e*i + pi + E + C + L + N + m + g + J', { e: 1, i: 1, pi: 1, E: 1, C: 1, L: 1, N: 1, m: 1, g: 1, J: 1 }));
try { m.evaluate('1/(x-x)', { x: m.fraction(1) }); } catch (e) { console.log('err', (e as Error).message); }
