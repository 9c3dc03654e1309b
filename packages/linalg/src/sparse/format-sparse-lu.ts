/** formatSparseLU: a printable summary of a sparse LU factorisation. */
import type { SparseLU } from './sparse-lu';

/** `SparseLU n = …, nnz(L) = …, nnz(U) = …, pivot ratio = …` (L counts its unit diagonal). */
export function formatSparseLU(lu: SparseLU): string {
  return `SparseLU n = ${lu.n}, nnz(L) = ${lu.nnzL}, nnz(U) = ${lu.nnzU}, pivot ratio = ${lu.pivotRatio.toPrecision(3)}`;
}
