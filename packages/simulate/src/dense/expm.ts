/**
 * Matrix exponential by scaling and squaring with the [13/13] Padé approximant
 * (Higham, "The scaling and squaring method for the matrix exponential revisited", SIAM J. Matrix Anal. Appl.
 * 26(4), 2005, Algorithm 2.3, degree 13 branch): e^A = (r13(A/2^s))^(2^s), s = max(0, ⌈log2(‖A‖₁/θ13)⌉).
 */
import type { DenseMatrix } from './dense-matrix';
import { denseAdd, denseMul, denseNorm1 } from './dense-matrix';
import { factorDenseLU } from './dense-lu';

const THETA13 = 5.371920351148152;
const B = [
  64764752532480000, 32382376266240000, 7771770303897600, 1187353796428800, 129060195264000, 10559470521600,
  670442572800, 33522128640, 1323241920, 40840800, 960960, 16380, 182, 1,
];

export interface ExpmCost {
  products: number;
  squarings: number;
}

export function denseExpm(a: DenseMatrix, cost?: ExpmCost): DenseMatrix {
  const n = a.rows;
  const norm = denseNorm1(a);
  const s = norm > THETA13 ? Math.ceil(Math.log2(norm / THETA13)) : 0;
  const scale = 2 ** -s;
  const as: DenseMatrix = { rows: n, cols: n, data: a.data.map((v) => v * scale) };
  // A2 = A², A4 = A2², A6 = A4·A2
  const a2 = denseMul(as, as);
  const a4 = denseMul(a2, a2);
  const a6 = denseMul(a4, a2);
  const lin = (c6: number, c4: number, c2: number, c0: number): DenseMatrix => {
    const out = new Float64Array(n * n);
    for (let k = 0; k < out.length; k++) out[k] = c6 * a6.data[k] + c4 * a4.data[k] + c2 * a2.data[k];
    for (let i = 0; i < n; i++) out[i * n + i] += c0;
    return { rows: n, cols: n, data: out };
  };
  // U = A[A6(b13 A6 + b11 A4 + b9 A2) + b7 A6 + b5 A4 + b3 A2 + b1 I]
  const u1 = denseMul(a6, lin(B[13], B[11], B[9], 0));
  const u = denseMul(as, denseAdd(1, u1, 1, lin(B[7], B[5], B[3], B[1])));
  // V = A6(b12 A6 + b10 A4 + b8 A2) + b6 A6 + b4 A4 + b2 A2 + b0 I
  const v = denseAdd(1, denseMul(a6, lin(B[12], B[10], B[8], 0)), 1, lin(B[6], B[4], B[2], B[0]));
  // (V − U) R = (V + U)
  let r = factorDenseLU(denseAdd(1, v, -1, u), 'Padé denominator').solveMatrix(denseAdd(1, v, 1, u));
  for (let k = 0; k < s; k++) r = denseMul(r, r);
  if (cost) {
    cost.products += 6 + s;
    cost.squarings += s;
  }
  return r;
}
