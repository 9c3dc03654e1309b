import { FieldMatrix, VariableSet, rationalFunctionField, solve } from '../src/index';
function rc(n: number, method: 'fraction-free' | 'gauss') {
  const vars = new VariableSet();
  const F = rationalFunctionField(vars);
  const s = F.variable('s');
  const R = Array.from({ length: n }, (_, k) => F.variable(`R${k + 1}`));
  const C = Array.from({ length: n }, (_, k) => F.variable(`C${k + 1}`));
  const G = (k: number) => F.div(F.one, R[k]);
  const m = FieldMatrix.zeros(F, n, n);
  for (let k = 0; k < n; k++) {
    let diag = F.add(G(k), F.mul(s, C[k]));
    if (k + 1 < n) { diag = F.add(diag, G(k + 1)); m.set(k, k + 1, F.neg(G(k + 1))); m.set(k + 1, k, F.neg(G(k + 1))); }
    m.set(k, k, diag);
  }
  const b = FieldMatrix.zeros(F, n, 1);
  b.set(0, 0, G(0));
  const t0 = performance.now();
  const x = solve(m, b, { method });
  console.log(method, n, performance.now() - t0, F.stats, (F.gcdOptions.cache as any).format());
  return x;
}
rc(8, 'fraction-free'); rc(10, 'fraction-free'); rc(10, 'gauss');
