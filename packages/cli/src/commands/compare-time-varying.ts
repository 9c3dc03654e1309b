/** The formatter of compareTimeVaryingForms (packages/engine/src/compare/compare-time-varying.ts): text or JSON. */
import { formatTable } from '@sysgraph/graph';
import { differencesToJson } from '@sysgraph/engine';
import type { TimeVaryingForms } from '@sysgraph/engine';
export { compareTimeVaryingForms } from '@sysgraph/engine';
export type { TimeVaryingForms, TimeVaryingFormsOptions } from '@sysgraph/engine';

const sci = (x: number) => (Number.isFinite(x) ? x.toExponential(3) : String(x));

export function formatTimeVaryingForms(r: TimeVaryingForms, format: 'text' | 'json'): string {
  const sim = r.simulation;
  if (format === 'json') {
    return JSON.stringify(
      {
        name: r.name,
        comparison: 'charge-flux-vs-across-through',
        storageLaw: r.storageLaw,
        states: { chargeFlux: r.chargeFlux.states, acrossThrough: r.acrossThrough.states },
        timeVarying: r.chargeFlux.timeVarying.map((v) => ({ element: v.element, field: v.field, value: v.value })),
        simulation: {
          tEnd: sim.tEnd,
          samples: sim.chargeFlux.columns[0].length,
          signals: sim.signals,
          solvers: { chargeFlux: sim.chargeFlux.solver, acrossThrough: sim.acrossThrough.solver },
          differences: differencesToJson(sim.differences),
        },
      },
      null,
      2,
    );
  }
  return [
    `${r.title}: the time-varying model in charge-flux states (${r.chargeFlux.states.join(', ')}) against across-through states (${r.acrossThrough.states.join(', ')}), ${r.storageLaw} storage laws`,
    `time-varying values: ${r.chargeFlux.timeVarying.map((v) => `${v.element}.${v.field} = ${v.value}`).join('; ')}`,
    '',
    `Simulation from rest (x(0) = 0) over [0, ${sim.tEnd}] s, ${sim.chargeFlux.columns[0].length} samples; inputs ${Object.entries(sim.signals).map(([k, v]) => `${k} = ${v}`).join(', ') || '(none)'}; solvers ${sim.chargeFlux.solver} and ${sim.acrossThrough.solver}`,
    'The physical states (x = E⁻¹(p + B1 u) from the charge-flux states) and the outputs must agree:',
    formatTable(['variable', 'kind', 'unit', 'max |charge-flux − across-through|', 'max |charge-flux|'], sim.differences.map((d) => [d.name, d.role, d.unit, Number.isNaN(d.maxDifference) ? '—' : sci(d.maxDifference), sci(d.scale)])),
  ].join('\n');
}
