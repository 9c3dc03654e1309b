/**
 * sysgraph compare: the same system through every applicable formulation, with the largest difference from
 * the reference (general formulation, dense numbers, states b1), as the engine computes it (compareFormulations:
 * entry by entry for the same states, poles and H(s) at test points for b2). --b1-vs-b2
 * (compare-state-choices.ts) and --linear-vs-nonlinear (compare-linear-nonlinear.ts) go further: matrices side
 * by side and overlaid simulations. This file only formats.
 */
import type { SystemDescription } from '@sysgraph/description';
import { formatTable } from '@sysgraph/graph';
import { compile, compareFormulations } from '@sysgraph/engine';
import type { FormulationsComparison } from '@sysgraph/engine';

const cell = (x: number | null) => (x === null ? 'n/a' : x.toExponential(2));

export function formatFormulations(c: FormulationsComparison, format: 'text' | 'json' = 'text'): string {
  const laws = c.lawElements;
  if (format === 'json') {
    return JSON.stringify(
      {
        name: c.name,
        comparison: 'formulations',
        states: c.states,
        inputs: c.inputs,
        rows: c.rows.map((r) => ({ formulation: r.formulation, states: r.states, difference: r.difference, comparedBy: r.comparedBy })),
        largest: c.largest,
        lawElements: laws,
      },
      null,
      2,
    );
  }
  const rows = c.rows.map((r, k) => [r.formulation, r.states === null ? '-' : String(r.states), k === 0 ? 'reference' : cell(r.difference), k === 0 ? '' : r.comparedBy]);
  return [
    `${c.title}: ${c.states.length} states (${c.states.join(', ') || 'none'}), inputs ${c.inputs.join(', ') || 'none'}`,
    ...(laws.length > 0 ? [`${laws.length === 1 ? `The element ${laws[0]} is given by a law` : `The elements ${laws.join(', ')} are given by laws`}: these are the linear models with each law's slope at the origin (sysgraph compare --linear-vs-nonlinear compares them with the nonlinear model).`] : []),
    '',
    formatTable(['formulation', 'states', 'max |difference|', 'compared by'], rows),
    '',
    `Largest difference between formulations: ${c.largest.toExponential(2)}`,
  ].join('\n');
}

export function compareReport(desc: SystemDescription, format: 'text' | 'json' = 'text'): string {
  return formatFormulations(compareFormulations(compile({ description: desc })), format);
}
