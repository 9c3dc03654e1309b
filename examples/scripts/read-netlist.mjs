// Reading a netlist: a SPICE file's circuit, source waveforms and .tran stop time, simulated and printed as CSV.
// For the bundled rc-ramp.cir (R = 1 kΩ, C = 1 µF, V1 a ramp to 1 V over T = 1 ms) the capacitor's voltage
// has the closed form, τ = RC:
//   t ≤ T:  v(t) = (t − τ (1 − e^(−t/τ))) / T
//   t ≥ T:  v(t) = 1 − (τ/T) (e^(−(t−T)/τ) − e^(−t/τ))
// printed beside it (for another netlist that column is left out).
//   node read-netlist.mjs [FILE.cir]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile, simulate } from './pipeline.mjs';

const file = process.argv[2] ?? fileURLToPath(new URL('./rc-ramp.cir', import.meta.url));
const bundled = process.argv[2] === undefined;
const compiled = compile(readFileSync(file, 'utf8'), { name: 'netlist' });
const run = simulate(compiled, { samples: 11 }); // the netlist's .tran, waveforms and start
const trace = run.result;

const tau = 1e-3;
const T = 1e-3;
const closedForm = (t) => (t <= T ? (t - tau * (1 - Math.exp(-t / tau))) / T : 1 - (tau / T) * (Math.exp(-(t - T) / tau) - Math.exp(-t / tau)));

const names = trace.names;
console.log([...names, ...(bundled ? ['closed form'] : [])].join(','));
for (let row = 0; row < trace.columns[0].length; row++) {
  const values = trace.columns.map((c) => c[row]);
  console.log([...values, ...(bundled ? [closedForm(values[0])] : [])].join(','));
}
