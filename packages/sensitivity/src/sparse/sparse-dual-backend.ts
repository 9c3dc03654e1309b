/**
 * sparseDualBackend: the formulation's sparse backend in dual numbers — element values as (e, ∂e/∂θ_k) by the
 * dual backend's own scalar map (dual-expression.ts), matrices as DualCsr (dual-csr-algebra.ts).
 */
import type { SystemDescription } from '@sysgraph/description';
import type { Backend } from '@sysgraph/formulation';
import { dualBackend } from '../dual-backend';
import type { Dual } from '../dual-number';
import type { DualCsr } from './dual-csr-algebra';
import { dualCsrAlgebra } from './dual-csr-algebra';

export function sparseDualBackend(desc: SystemDescription, parameters: readonly string[]): Backend<DualCsr, Dual> {
  const dense = dualBackend(desc, parameters);
  return { name: 'sparse', algebra: dualCsrAlgebra(parameters.length), scalar: dense.scalar, sqrt: dense.sqrt };
}
