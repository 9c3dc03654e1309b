/**
 * The factories of mathjs's SymbolNode and FunctionNode, which mathjs exports (its factoriesAny) without declaring
 * them in its types. The node classes are built from them and NodeDependencies instead of SymbolNodeDependencies,
 * whose module imports the Unit class's dependencies (BigNumber, Complex, Fraction and the arithmetic factories:
 * 15–20 ms of module evaluation in the command's bundle) only for SymbolNode to leave them out again.
 */
import type { MathScope } from 'mathjs';

// functions, not constants: the same declaration in another package's sources merges instead of clashing
declare module 'mathjs' {
  export function createSymbolNode(scope: MathScope): unknown;
  export function createFunctionNode(scope: MathScope): unknown;
}

export {};
