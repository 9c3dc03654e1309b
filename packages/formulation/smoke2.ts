import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { nonlinearModel } from './src/index';
const d = parseSystem({ parameters: { C: 1e-6, Is: 1e-12, Vt: 0.025, R: 1000 }, elements: [
 { id: 'E', kind: 'voltage-source', from: 'a', to: 'g' },
 { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R' },
 { id: 'D1', kind: 'resistor', from: 'b', to: 'c', law: { through: 'Is*(exp(v/Vt)-1)' } },
 { id: 'D2', kind: 'resistor', from: 'c', to: 'g', law: { across: 'Vt*log(1 + i/Is)' } },
 { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 'C' },
] });
const nl = nonlinearModel(analyzeStructure(d));
for (const x of [0.5, 0, 0.5, -0.1, 0.7, 5, 0]) { try { console.log(x, nl.evaluate.f(0, [x], [1])); } catch (e) { console.log(x, (e as Error).message); } }
