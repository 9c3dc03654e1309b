/** The checks every sensitivity shares: a linear model, and parameters that exist and have values. */
import { SysgraphError } from '@sysgraph/core';
import type { CompiledModel } from '@sysgraph/engine';
import { lawElements, timeVaryingElements } from '@sysgraph/engine';

/** Refuses models with laws or values in t, naming the elements (their sensitivities need their own equations). */
export function requireLinear(model: CompiledModel, what: string): void {
  if (model.family === 'linear') return;
  const elements = model.family === 'laws' ? lawElements(model.description) : timeVaryingElements(model.description);
  throw new SysgraphError('unsupported', `${what}: ${elements.join(', ')} ${model.family === 'laws' ? 'given by laws' : 'varying with t'}; ${what} is computed for linear time-invariant models`, {
    element: elements[0],
    field: model.family === 'laws' ? 'law' : 'value',
    elements,
    expected: 'a linear time-invariant description',
  });
}

/** The parameters θ, each declared with a finite value; at least one, no repeats. */
export function checkParameters(model: CompiledModel, parameters: readonly string[], field = 'params'): readonly string[] {
  const declared = model.description.parameters;
  const names = [...declared.keys()];
  if (parameters.length === 0) throw new SysgraphError('bad-option', `no parameter given`, { field, expected: names.length > 0 ? `one or more of ${names.join(', ')}` : 'a description with parameters' });
  const seen = new Set<string>();
  for (const p of parameters) {
    if (!declared.has(p)) throw new SysgraphError('unknown-parameter', `no parameter ${p}`, { element: p, field, expected: names.length > 0 ? `one of ${names.join(', ')}` : 'a description with parameters' });
    const v = declared.get(p);
    if (v === null || v === undefined || !Number.isFinite(v)) throw new SysgraphError('missing-parameter-value', `parameter ${p} has no value`, { element: p, field, expected: 'a finite value for the parameter (parameters: { … } or --param)' });
    if (seen.has(p)) throw new SysgraphError('bad-option', `${p} is given twice`, { element: p, field, expected: 'each parameter once' });
    seen.add(p);
  }
  return parameters;
}
