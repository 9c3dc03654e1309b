// The step response of an RC circuit, simulated and set against its closed form v_C(t) = V (1 − e^(−t/RC)).
//   node rc-step.mjs [R] [C] [--json]      (defaults R = 1 kΩ, C = 1 µF, V = 1 V; five time constants)
import { column, compile, simulate } from './pipeline.mjs';

const [R = 1000, C = 1e-6] = process.argv.slice(2).filter((a) => !a.startsWith('--')).map(Number);
const tau = R * C;

const compiled = compile({
  name: 'rc-step',
  parameters: { R, C },
  elements: [
    { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g' },
    { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R' },
    { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 'C' },
  ],
  outputs: [{ element: 'C1', variable: 'across' }],
  ground: 'g',
});
const trace = simulate(compiled, { tEnd: 5 * tau, signals: { [compiled.inputNames[0]]: 'step(1)' }, samples: 11 });
const t = Array.from(column(trace, 't'));
const v = Array.from(column(trace, 'v_C1'));

if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify({ R, C, solver: trace.result.solver, t, v })}\n`);
} else {
  console.log(`RC step response, R = ${R} Ω, C = ${C} F, τ = ${tau} s (solver ${trace.result.solver})`);
  console.log('t/τ      v_C (simulated)      1 − e^(−t/τ)         difference');
  t.forEach((ti, i) => {
    const exact = 1 - Math.exp(-ti / tau);
    console.log(`${(ti / tau).toFixed(2).padEnd(8)} ${v[i].toPrecision(15).padEnd(20)} ${exact.toPrecision(15).padEnd(20)} ${(v[i] - exact).toExponential(2)}`);
  });
}
