const N = Number(process.argv[2]);
const parameters = {}; const elements = [{ id: 'Vs', kind: 'voltage-source', from: 'n0', to: 'g' }];
for (let k = 1; k <= N; k++) {
  parameters[`Ra${k}`] = 1 + k / 10; parameters[`Rb${k}`] = 2 + k / 13; parameters[`C${k}`] = 1 + k / 7;
  elements.push({ id: `Ra${k}`, kind: 'resistor', from: `n${k-1}`, to: `n${k}`, value: `Ra${k}` });
  elements.push({ id: `Rb${k}`, kind: 'resistor', from: `n${k}`, to: `m${k}`, value: `Rb${k}` });
  elements.push({ id: `C${k}`, kind: 'capacitor', from: `m${k}`, to: 'g', value: `C${k}` });
}
console.log(JSON.stringify({ name: `rrc-ladder-${N}`, parameters, elements, outputs: [{ element: `C${N}`, variable: 'across' }], ground: 'g' }));
