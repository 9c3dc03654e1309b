import { it } from 'vitest';
import { compile } from '@sysgraph/engine';
import { readFileSync } from 'node:fs';
import { toErrorInfo } from '../src/engine/error-info';
it('p', () => {
  const t = JSON.parse(readFileSync('/work/wt-web/examples/rlc-series.json','utf8'));
  t.outputs[0].element = 'C2';
  const m = JSON.parse(readFileSync('/work/wt-web/examples/motor-pump.json','utf8'));
  const tr = m.elements.find((e:any)=>e.kind==='gyrator' || e.kind==='transformer');
  console.log(JSON.stringify(tr));
  for (const txt of [JSON.stringify(t)]) {
  try { const m = compile(txt); (m as any).structure; (m as any).linear; } catch (e) { console.log(JSON.stringify(toErrorInfo(e,'parse'))); }
  }
});
