/**
 * StateSpace<M>: the model x̃' = A x̃ + B u, y = C x̃ + D u + E u', x = x̃ + Bd u, with the descriptor form
 * it came from (E_mass x' = A0 x + B0 u + B1 u') and the diagnostics of every stage.
 */
import type { Diagnostic } from '@sysgraph/core';
import type { StateChoice } from './state-choice';

export interface StateSpace<M> {
  readonly formulation: 'general' | 'masd';
  readonly backend: 'numeric' | 'sparse' | 'symbolic';
  readonly stateChoice: StateChoice;
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly A: M;
  readonly B: M;
  readonly C: M;
  readonly D: M;
  /** Coefficient of u' in the outputs. */
  readonly E: M;
  readonly Bd: M;
  readonly descriptor: { readonly E: M; readonly A0: M; readonly B0: M; readonly B1: M };
  readonly diagnostics: readonly Diagnostic[];
}
