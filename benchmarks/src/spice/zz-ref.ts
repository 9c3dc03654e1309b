import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, numericBackend, toSimulationModel } from '@sysgraph/formulation';
import { simulate } from '@sysgraph/simulate';
import { rcLadderNetwork } from './rc-ladder-network';
import { rcGridNetwork } from './rc-grid-network';
import { rlcLineNetwork } from './rlc-line-network';
import { networkToDescription, sourceSignal } from './network-description';
import { nodalModalReference } from './nodal-reference';
import { ladderModalReference } from './ladder-reference';
import { lineModalReference } from './line-reference';
for (const net of [rcLadderNetwork(8), rcGridNetwork(3), rlcLineNetwork(5)]) {
  const d = parseSystem(networkToDescription(net));
  const s = analyzeStructure(d);
  const m = toSimulationModel(formulate(s, numericBackend(d.parameters)), s) as any;
  const times = Float64Array.from({ length: 21 }, (_, k) => (k * net.tEnd) / 20);
  const r = simulate(m, { tEnd: net.tEnd, solver: 'exact', inputs: { [m.inputNames[0]]: sourceSignal(net) }, samples: 21, record: net.probes.map(p => `v_${p.capacitor}`) });
  const refs: any[] = net.family === 'rc-ladder' ? [nodalModalReference(net, times), ladderModalReference(net, times)] : net.family === 'rc-grid' ? [nodalModalReference(net, times)] : [lineModalReference(net, times)];
  for (const ref of refs) {
    let err = 0, peak = 0;
    net.probes.forEach((p, a) => { for (let k = 0; k < 21; k++) { err = Math.max(err, Math.abs(ref[a][k] - r.columns[1 + a][k])); peak = Math.max(peak, Math.abs(ref[a][k])); } });
    console.log(net.family, err, peak, ref[net.probes.length-1][20], r.columns[net.probes.length][20]);
  }
}
