import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { nonlinearModel, formatNonlinear, linearise, nonlinearToLatex } from './src/index';
const d = parseSystem({ parameters: { C: 1e-6, Is: 1e-12, Vt: 0.025, R: 1000, m: 1, k: 4, k3: 2, b: 0.5 }, elements: [
 { id: 'E', kind: 'voltage-source', from: 'a', to: 'g' },
 { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R' },
 { id: 'D1', kind: 'resistor', from: 'b', to: 'c', law: { through: 'Is*(exp(v/Vt)-1)' } },
 { id: 'D2', kind: 'resistor', from: 'c', to: 'g', law: { across: 'Vt*log(1 + i/Is)' } },
 { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 'C' },
], outputs: [{ element: 'D1', variable: 'through' }, { node: 'c' }] });
const s = analyzeStructure(d);
const nl = nonlinearModel(s);
console.log(formatNonlinear(nl));
console.log(nl.evaluate.f(0, [0.5], [1]), nl.evaluate.jacobians(0, [0.5], [1]));
const lin = linearise(nl, { inputs: { E: 1 } });
console.log(lin);
console.log(nonlinearToLatex(nl).f);
