/** poles: the eigenvalues of A (Francis QR, packages/linalg), sorted by real part then imaginary part. O(n³). */
import { eigenvalues } from '@sysgraph/linalg';
import type { Complex } from './complex';
import type { NumericModel } from './numeric-model';

export function poles(model: Pick<NumericModel, 'A'>): Complex[] {
  const { re, im } = eigenvalues(model.A.map((r) => [...r]));
  return Array.from(re, (x, k) => ({ re: x, im: im[k] }));
}
