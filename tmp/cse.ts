import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { structuredForm, structuredTable, structuredToText, symbolicBackend } from '@sysgraph/formulation';
const desc = parseSystem({ name: 'shared', parameters: { R: 2, C: 0.5, w1: 3 }, elements: [
  { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g' },
  { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R + w1' },
  { id: 'R2', kind: 'resistor', from: 'b', to: 'c', value: 'R + w1' },
  { id: 'C1', kind: 'capacitor', from: 'c', to: 'g', value: 'C' }], ground: 'g' });
const { backend, cells } = symbolicBackend(desc);
console.log(structuredToText(structuredTable('x', structuredForm(analyzeStructure(desc), backend), backend, cells, desc.parameters)));
