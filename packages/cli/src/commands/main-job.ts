/**
 * The main job (sysgraph with no command): the default example's derivation and state-space model, then a step
 * response simulated and written as a self-contained plot.
 */
import { writeFileSync } from 'node:fs';
import { unwritable } from '../output/output-sink';
import { resolve } from 'node:path';
import type { SystemDescription } from '@sysgraph/description';
import { structureReport } from './structure';
import { statespaceReport } from './statespace';
import { runSimulation } from '@sysgraph/engine';
import { plotHtml } from '../plot-html';

export function mainJob(desc: SystemDescription, out: (s: string) => void, plotPath?: string): string {
  out(structureReport(desc, 'text'));
  out('');
  let symbolic = '';
  try {
    symbolic = statespaceReport(desc, 'text', { symbolic: true });
  } catch {
    symbolic = '';
  }
  if (symbolic) {
    out('State-space model in the parameters:');
    out(symbolic);
    out('');
  }
  out('State-space model with the parameter values:');
  out(statespaceReport(desc, 'text', {}));
  out('');
  const run = runSimulation(desc, { samples: 401, note: (l) => out(`  ${l}`) });
  const path = resolve(plotPath ?? `sysgraph-${desc.name}-step.html`);
  try {
    writeFileSync(path, plotHtml(run.result, `${desc.title ?? desc.name}: step response (${run.result.solver})`));
  } catch (e) {
    throw unwritable(path, '--plot', e);
  }
  out(`Step response: ${run.result.columns[0].length} samples over [0, ${run.tEnd}] s with solver ${run.result.solver} (${run.result.solverReason}).`);
  out(`Plot written to ${path}`);
  return path;
}
