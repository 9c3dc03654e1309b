import { symmetricEigen } from './symmetric-eigen';
for (const n of [5, 200, 1024]) {
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) { a[i*n+i] = 2; if (i + 1 < n) { a[i*n+i+1] = -1; a[(i+1)*n+i] = -1; } }
  const t0 = performance.now();
  const e = symmetricEigen(a, n);
  let err = 0;
  for (let k = 1; k <= n; k++) err = Math.max(err, Math.abs(e.values[k-1] - (2 - 2*Math.cos(k*Math.PI/(n+1)))));
  console.log(n, (performance.now() - t0).toFixed(0), 'ms', err);
}
