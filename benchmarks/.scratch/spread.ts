import { generatorByName } from '../src/generators';
import { createSystemParser } from '@sysgraph/description';
const d = createSystemParser().parse(JSON.stringify(generatorByName('rlc-ladder').make(100000)));
const nodeIndex = new Map<string, number>(); d.nodes.forEach((n, i) => nodeIndex.set(n, i));
declare const require: any;
for (let r = 0; r < 4; r++) {
  let t = performance.now();
  const A: any[] = [];
  for (const e of d.oneports) { const b = { id: e.id, element: e.id, cls: e.type, kind: e.kind, domain: e.domain, from: nodeIndex.get(e.from)!, to: nodeIndex.get(e.to)! }; A.push({ ...b, index: A.length }); }
  const t1 = performance.now();
  const L: any[] = [];
  for (const e of d.oneports) L.push({ index: L.length, id: e.id, element: e.id, cls: e.type, kind: e.kind, domain: e.domain, from: nodeIndex.get(e.from)!, to: nodeIndex.get(e.to)! });
  const t2 = performance.now();
  const f1 = new Int32Array(A.length); for (const b of A) f1[b.index] = b.from;
  const t3 = performance.now();
  const f2 = new Int32Array(L.length); for (const b of L) f2[b.index] = b.from;
  const t4 = performance.now();
  console.log({ buildSpread: Math.round(t1 - t), buildLiteral: Math.round(t2 - t1), readSpread: Math.round(t3 - t2), readLiteral: Math.round(t4 - t3) });
}
