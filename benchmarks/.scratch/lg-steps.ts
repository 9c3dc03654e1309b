import { generatorByName } from '../src/generators';
import { createSystemParser } from '@sysgraph/description';
import { connectedComponents, buildLinearGraph } from '@sysgraph/graph';
const d = createSystemParser().parse(JSON.stringify(generatorByName(process.argv[2]).make(Number(process.argv[3]))));
for (let r = 0; r < 4; r++) {
  const T: Record<string, number> = {};
  let t = performance.now();
  const lap = (k: string) => { const n = performance.now(); T[k] = Math.round(n - t); t = n; };
  const nodeIndex = new Map<string, number>();
  d.nodes.forEach((n, i) => nodeIndex.set(n, i));
  lap('nodeIndex');
  const branches: any[] = [];
  const add = (b: any) => { branches.push({ ...b, index: branches.length }); };
  for (const e of d.oneports) add({ id: e.id, element: e.id, cls: e.type, kind: e.kind, domain: e.domain, from: nodeIndex.get(e.from), to: nodeIndex.get(e.to) });
  lap('branches(spread)');
  const b2: any[] = [];
  for (const e of d.oneports) b2.push({ index: b2.length, id: e.id, element: e.id, cls: e.type, kind: e.kind, domain: e.domain, from: nodeIndex.get(e.from)!, to: nodeIndex.get(e.to)! });
  lap('branches(literal)');
  const branchIndex = new Map<string, number>();
  for (const b of branches) { if (branchIndex.has(b.id)) throw 0; branchIndex.set(b.id, b.index); }
  lap('branchIndex');
  const B = branches.length;
  const from = new Int32Array(B), to = new Int32Array(B);
  for (const b of branches) { from[b.index] = b.from; to[b.index] = b.to; }
  lap('typed');
  connectedComponents(d.nodes.length, from, to);
  lap('components');
  buildLinearGraph(d);
  lap('buildLinearGraph');
  console.log(T);
}
