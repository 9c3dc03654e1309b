// Sparse (CSR) matrices and operations.
export { CsrMatrix } from './sparse/csr-matrix';
export { checkCsr } from './sparse/check-csr';
export { csrFromTriplets } from './sparse/csr-from-triplets';
export { csrFromDense, csrToDense } from './sparse/csr-dense';
export { csrIdentity, csrDiagonal } from './sparse/csr-identity';
export { csrTranspose } from './sparse/csr-transpose';
export { csrMulVec, csrMulVecAdd, csrTransposeMulVec } from './sparse/csr-mul-vec';
export { rowSumProgram, runRowSumProgram } from './sparse/row-sum-program';
export type { RowSumProgram } from './sparse/row-sum-program';
export { offsetStencils } from './sparse/offset-stencils';
export type { OffsetStencil } from './sparse/offset-stencils';
export { csrMul } from './sparse/csr-mul';
export { sortRun } from './sparse/sort-run';
export { csrAdd } from './sparse/csr-add';
export { csrScaleRows, csrScaleCols, csrScale } from './sparse/csr-scale';
export { csrSelect } from './sparse/csr-select';
export { csrBlocks, csrZeros } from './sparse/csr-blocks';
export { formatCsr } from './sparse/format-csr';

// Sparse LU.
export type { SparseLU, SparseLUOptions } from './sparse/sparse-lu';
export { factorSparseLU } from './sparse/factor-sparse-lu';
export { refactorSparseLU } from './sparse/refactor-sparse-lu';
export type { RefactorPath } from './sparse/refactor-sparse-lu';
export { formatSparseLU } from './sparse/format-sparse-lu';
export { amdOrdering } from './sparse/amd-ordering';
export { SingularMatrixError } from './singular-matrix-error';

// Damped Newton on r(x) = 0, with the caller's linear solve (dense or sparse).
export { dampedNewton, normInf } from './newton/damped-newton';
export type { DampedNewtonOptions, NewtonRoot, NewtonSystem } from './newton/damped-newton';

// Dense matrices: the one DenseMatrix type (row-major Float64Array) and its kernels.
export type { DenseMatrix } from './dense/dense-matrix';
export { denseZeros, denseIdentity, denseFromRows, denseToRows, denseMul, denseMulVec, denseMulVecAdd, denseAdd, denseNorm1, denseBlock, denseSetBlock } from './dense/dense-matrix';
export { luFactorInPlace, luSolveInPlace, luSolveMatrixInPlace } from './dense/lu-in-place';
export { factorDenseLU } from './dense/dense-lu';
export type { DenseLU, DenseLUOptions } from './dense/dense-lu';
export { denseExpm } from './dense/expm';
export { symmetricEigen } from './dense/symmetric-eigen';
export type { SymmetricEigen } from './dense/symmetric-eigen';

// Dense functions on rows (checked at the boundary: rectangular, finite).
export type { DenseRows } from './dense/check-dense';
export { denseSolve, denseInverse } from './dense/dense-solve';
export { eigenvalues, sortSpectrum } from './dense/eigenvalues';
export type { Spectrum } from './dense/eigenvalues';
export { rankAndNullspace } from './dense/rank-and-nullspace';
export type { RankAndNullspace } from './dense/rank-and-nullspace';
export { complexSolve, factorComplexLU, factorResolvent } from './dense/complex-lu';
export type { ComplexLU, ComplexVector } from './dense/complex-lu';
export { expm } from './dense/expm';
export { expmBlockAugmented } from './dense/expm-block-augmented';
export type { BlockExponential } from './dense/expm-block-augmented';
export { generalizedEigenvalues } from './dense/generalized-eigenvalues';
export { formatDense } from './dense/format-dense';

// Banded Cholesky (chains: ladders, lines in their natural order).
export type { BandedCholesky, BandedCholeskyOptions } from './sparse/banded-cholesky';
export { rcmOrdering } from './sparse/rcm-ordering';
export { chainOrdering } from './sparse/chain-ordering';
export type { TridiagonalEntries } from './sparse/tridiagonal-entries';
export { tridiagonalEntries } from './sparse/tridiagonal-entries';
export { factorTwistedTridiagonal } from './sparse/twisted-tridiagonal';
export { bandIsNarrow, factorBandedCholesky, halfBandwidth, NotPositiveDefiniteError } from './sparse/banded-cholesky';
