/**
 * compare: two compiled models of one system (another formulation, state choice or parameter set) by their
 * linear models (compare-models.ts). Both must be linear and time-invariant: a description with laws is compared
 * through its linearisation (operatingPoint, the command's --linear-vs-nonlinear), values in t through the
 * simulations of both forms (compareTraces).
 */
import { SysgraphError } from '@sysgraph/core';
import type { StateSpace } from '@sysgraph/formulation';
import type { CompiledModel } from '../compiled-model';
import { compareStateSpaces } from './compare-models';
import type { Difference } from './compare-models';

function dense(m: CompiledModel, side: string): StateSpace<number[][]> {
  if (m.family !== 'linear' && m.family !== 'equations') {
    throw new SysgraphError('unsupported', `compare: ${m.name} (${side}) is not linear and time-invariant`, { element: m.name, field: 'family', expected: 'two linear descriptions' });
  }
  const ss = m.linear().numeric as StateSpace<number[][]> | undefined;
  if (!ss || ss.backend === 'sparse') {
    throw new SysgraphError('unsupported', `compare: ${m.name} (${side}) is a large sparse model`, { element: m.name, field: 'size', expected: 'a model small enough for dense matrices' });
  }
  return ss;
}

export function compare(a: CompiledModel, b: CompiledModel): Difference {
  return compareStateSpaces(dense(a, 'left'), dense(b, 'right'));
}
