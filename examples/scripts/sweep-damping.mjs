// A sweep of one value: the series RLC circuit's resistance, from light damping to critical. For each R the
// capacitor's step response is simulated and its overshoot set against the second-order closed form
//   ζ = (R/2)·√(C/L),  overshoot = e^(−ζπ/√(1−ζ²)),  peak at t_p = π / (ω_n √(1−ζ²)),  ω_n = 1/√(LC).
//   node sweep-damping.mjs [R …]           (default R = 0.25 0.5 1 2 2.5; L = 0.5 H, C = 0.25 F)
import { column, compile, simulate } from './pipeline.mjs';

const L = 0.5;
const C = 0.25;
const given = process.argv.slice(2).map(Number).filter((r) => r > 0);
const resistances = given.length > 0 ? given : [0.25, 0.5, 1, 2, 2.5];

const description = {
  name: 'rlc-series',
  parameters: { R: 1, L, C },
  elements: [
    { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g' },
    { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R' },
    { id: 'L1', kind: 'inductor', from: 'b', to: 'c', value: 'L' },
    { id: 'C1', kind: 'capacitor', from: 'c', to: 'g', value: 'C' },
  ],
  outputs: [{ element: 'C1', variable: 'across' }],
  ground: 'g',
};

const wn = 1 / Math.sqrt(L * C);
console.log('R        ζ        overshoot (simulated)   closed form          peak time (simulated)  closed form');
for (const R of resistances) {
  const compiled = compile(description, { parameters: { R } });
  const zeta = (R / 2) * Math.sqrt(C / L);
  const tEnd = 20 / wn;
  const trace = simulate(compiled, { tEnd, signals: { [compiled.inputNames[0]]: 'step(1)' }, samples: 20001 });
  const t = column(trace, 't');
  const v = column(trace, 'v_C1');
  let peak = 0;
  for (let i = 1; i < v.length; i++) if (v[i] > v[peak]) peak = i;
  const overshoot = v[peak] - 1;
  const under = zeta < 1;
  const exact = under ? Math.exp((-zeta * Math.PI) / Math.sqrt(1 - zeta * zeta)) : 0;
  const tp = under ? Math.PI / (wn * Math.sqrt(1 - zeta * zeta)) : Number.NaN;
  console.log(
    `${String(R).padEnd(8)} ${zeta.toFixed(4).padEnd(8)} ${Math.max(0, overshoot).toPrecision(8).padEnd(23)} ${exact.toPrecision(8).padEnd(20)} ` +
      `${under ? t[peak].toPrecision(6).padEnd(22) : '-'.padEnd(22)} ${under ? tp.toPrecision(6) : '-'}`,
  );
}
