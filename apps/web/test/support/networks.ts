/**
 * Large networks for the browser test, written as description JSON here (the benchmarks' generators are
 * another package): an RC ladder of N sections (a 1 kΩ, 1 µF line, open at the far end) and an n × n RC grid
 * fed by a 1 A source at one corner and loaded by 1 Ω at the other. One element per line, as a user would paste.
 *
 * Steady states (the oracles): the open ladder charges to the source, v_out → 1 V; all of the grid's 1 A leaves
 * through the 1 Ω load, v_far → 1 V.
 */
const pad = (k: number, n: number) => String(k).padStart(String(n).length, '0');

function text(name: string, parameters: object, elements: object[], outputs: object[]): string {
  return `{\n"name": ${JSON.stringify(name)},\n"parameters": ${JSON.stringify(parameters)},\n"elements": [\n${elements.map((e) => JSON.stringify(e)).join(',\n')}\n],\n"outputs": ${JSON.stringify(outputs)},\n"ground": "g"\n}\n`;
}

export function rcLadderText(N: number): string {
  const node = (k: number) => `n${pad(k, N)}`;
  const elements: object[] = [{ id: 'Vs', kind: 'voltage-source', from: node(0), to: 'g', value: 1 }];
  for (let k = 1; k <= N; k++) {
    elements.push({ id: `R${pad(k, N)}`, kind: 'resistor', from: node(k - 1), to: node(k), value: 'R' });
    elements.push({ id: `C${pad(k, N)}`, kind: 'capacitor', from: node(k), to: 'g', value: 'C' });
  }
  return text(`rc-ladder-${N}`, { R: { value: 1e3 / N, unit: 'Ohm' }, C: { value: 1e-6 / N, unit: 'F' } }, elements, [{ name: 'v_out', element: `C${pad(N, N)}`, variable: 'across' }]);
}

export function rcGridText(n: number): string {
  const t = (i: number, j: number) => `${pad(i, n - 1)}_${pad(j, n - 1)}`;
  const node = (i: number, j: number) => `x${t(i, j)}`;
  const elements: object[] = [{ id: 'Is', kind: 'current-source', from: 'g', to: node(0, 0), value: 1 }];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      elements.push({ id: `C${t(i, j)}`, kind: 'capacitor', from: node(i, j), to: 'g', value: 'C' });
      if (j + 1 < n) elements.push({ id: `Rh${t(i, j)}`, kind: 'resistor', from: node(i, j), to: node(i, j + 1), value: 'R' });
      if (i + 1 < n) elements.push({ id: `Rv${t(i, j)}`, kind: 'resistor', from: node(i, j), to: node(i + 1, j), value: 'R' });
    }
  }
  elements.push({ id: 'Rload', kind: 'resistor', from: node(n - 1, n - 1), to: 'g', value: 'R' });
  return text(`rc-grid-${n}`, { R: { value: 1, unit: 'Ohm' }, C: { value: 1e-3 / (n * n), unit: 'F' } }, elements, [{ name: 'v_far', element: 'Rload', variable: 'across' }]);
}
