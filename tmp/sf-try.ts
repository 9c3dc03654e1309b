import { readFileSync } from 'node:fs';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, numericBackend } from '@sysgraph/formulation';
import { structuredForm, expandStructured } from '/work/wt-sym/packages/formulation/src/structured/structured-form';
for (const f of process.argv.slice(2)) {
  const desc = parseSystem(readFileSync(f, 'utf8'));
  const s = analyzeStructure(desc);
  const be = numericBackend(desc.parameters);
  const ss = formulate(s, be);
  let sf; try { sf = structuredForm(s, be); } catch (e) { console.log(f, "refused", (e as Error).message.slice(0, 80)); continue; }
  const x = expandStructured(sf, be);
  let worst = 0;
  for (const k of ['A', 'B', 'C', 'D'] as const) { const a = (x as any)[k] as number[][]; const b = (ss as any)[k] as number[][]; a.forEach((r, i) => r.forEach((v, j) => worst = Math.max(worst, Math.abs(v - b[i][j]) / Math.max(1, Math.abs(b[i][j]))))); }
  console.log(f, sf.algebraic.length, worst);
}
