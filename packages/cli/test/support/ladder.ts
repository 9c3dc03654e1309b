/** An RLC ladder of n sections (3n + 1 branches) as description text, written here, independent of the benchmarks' generator. */
export function ladder(n: number): string {
  const elements: object[] = [{ id: 'Vs', kind: 'voltage-source', from: 'n0', to: 'g' }];
  for (let k = 1; k <= n; k++) {
    elements.push(
      { id: `R${k}`, kind: 'resistor', from: `n${k - 1}`, to: `m${k}`, value: 'R' },
      { id: `L${k}`, kind: 'inductor', from: `m${k}`, to: `n${k}`, value: 'L' },
      { id: `C${k}`, kind: 'capacitor', from: `n${k}`, to: 'g', value: 'C' },
    );
  }
  return JSON.stringify({ name: `ladder-${n}`, parameters: { R: 1, L: 1e-3, C: 1e-6 }, elements, ground: 'g' });
}
