import { createSystemParser } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, sparseBackend, toSimulationModel } from '@sysgraph/formulation';
import { csrAdd, factorSparseLU, csrMulVec } from '@sysgraph/linalg';
import { rcLadderNetwork } from './rc-ladder-network';
import { rcGridNetwork } from './rc-grid-network';
import { rlcLineNetwork } from './rlc-line-network';
import { networkToDescription } from './network-description';
const [fam, size] = process.argv.slice(2);
const net = fam === 'ladder' ? rcLadderNetwork(+size) : fam === 'grid' ? rcGridNetwork(+size) : rlcLineNetwork(+size);
const d = createSystemParser().parse(JSON.stringify(networkToDescription(net)));
const s = analyzeStructure(d);
const m = toSimulationModel(formulate(s, sparseBackend(d.parameters)), s) as any;
const A = m.A, M = m.M;
console.log('n', A.rows, 'nnzA', A.rowPtr[A.rows], 'nnzM', M?.rowPtr[M.rows]);
const it = csrAdd(-0.25 * 1e-6, A, 1, M);
for (let r = 0; r < 3; r++) {
  let t0 = performance.now(); const lu = factorSparseLU(it, { ordering: 'amd' }); const tf = performance.now() - t0;
  const b = new Float64Array(A.rows).fill(1), out = new Float64Array(A.rows);
  t0 = performance.now(); for (let k = 0; k < 100; k++) lu.solve(b, out); const ts = (performance.now() - t0) / 100;
  t0 = performance.now(); for (let k = 0; k < 100; k++) csrMulVec(A, b, out); const tm = (performance.now() - t0) / 100;
  console.log('factor ms', tf.toFixed(2), 'solve ms', ts.toFixed(3), 'mulvec ms', tm.toFixed(4), Object.keys(lu));
}
