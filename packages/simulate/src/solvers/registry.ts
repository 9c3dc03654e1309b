/** The solver registry: one line per solver; the conformance suite iterates over it. */
import type { SolverFactory, SolverName } from './solver';
import { createEuler } from './euler';
import { createRk4 } from './rk4';
import { createDopri5 } from './dopri5';
import { createTrBdf2 } from './tr-bdf2';
import { createRodas } from './rodas';
import { createExact } from './exact-lti';
import { createKrylov } from './krylov-lti';
import { createChebyshev } from './chebyshev-lti';

export interface SolverEntry {
  readonly name: SolverName;
  readonly create: SolverFactory;
  /** Fixed step (dt) rather than tolerance-controlled. */
  readonly fixedStep: boolean;
  /** Only for LinearModel. */
  readonly linearOnly: boolean;
  readonly description: string;
}

export const SOLVERS: readonly SolverEntry[] = [
  { name: 'euler', create: createEuler, fixedStep: true, linearOnly: false, description: 'explicit Euler, fixed step, order 1' },
  { name: 'rk4', create: createRk4, fixedStep: true, linearOnly: false, description: 'classical Runge–Kutta, fixed step, order 4' },
  { name: 'dopri5', create: createDopri5, fixedStep: false, linearOnly: false, description: 'Dormand–Prince 5(4), adaptive, dense output' },
  { name: 'stiff', create: createRodas, fixedStep: false, linearOnly: false, description: 'Rodas4 Rosenbrock, L-stable, order 4(3), reuses LU while h is fixed' },
  { name: 'trbdf2', create: createTrBdf2, fixedStep: false, linearOnly: false, description: 'TR-BDF2, L-stable, order 2, reuses LU while h is fixed' },
  { name: 'exact', create: createExact, fixedStep: true, linearOnly: true, description: 'matrix exponential of the input-augmented system: exact for affine inputs and sines, error-controlled internal steps for expressions (LTI, n ≤ ~500)' },
  { name: 'krylov', create: createKrylov, fixedStep: false, linearOnly: true, description: 'shift-and-invert Krylov exponential, exact for inputs affine between breakpoints (large sparse LTI)' },
  { name: 'chebyshev', create: createChebyshev, fixedStep: false, linearOnly: true, description: 'Chebyshev–Bessel exponential series, for oscillatory, lightly damped LTI with diagonal M' },
];

export const SOLVER_NAMES: readonly SolverName[] = SOLVERS.map((s) => s.name);

export function solverEntry(name: SolverName): SolverEntry {
  return SOLVERS.find((s) => s.name === name)!;
}
