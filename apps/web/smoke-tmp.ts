import { simulate, createRestrictedParser, parseSignal } from '@sysgraph/simulate';
const p = createRestrictedParser();
const model = { kind: 'linear' as const, stateNames: ['a','b'], inputNames: ['u'], outputNames: ['y'], A: [[0,4],[-2,-2]], B: [[0],[2]], C: [[1,0]], D: [[0]] };
const t0 = performance.now();
for (let i = 0; i < 200; i++) simulate(model, { tEnd: 5, samples: 600, solver: 'exact', inputs: { u: parseSignal('step(1)', 'u', p) } });
console.log((performance.now() - t0) / 200);
