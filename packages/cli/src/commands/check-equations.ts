/**
 * sysgraph check-equations FILE --equations EQNS: the engine's checkEquations as a report — each hand-written
 * equation that disagrees with the linear graph, with the graph's version, then whether the state equations agree.
 * The command exits with 1 when something disagrees.
 */
import { checkEquations } from '@sysgraph/engine';
import type { CompiledModel } from '@sysgraph/engine';

export function checkEquationsReport(graph: CompiledModel, hand: CompiledModel, format: 'text' | 'json'): { text: string; agree: boolean } {
  const r = checkEquations(graph, hand);
  if (format === 'json') return { text: JSON.stringify(r, null, 2), agree: r.agree };
  const lines = [`${hand.name} against the linear graph of ${graph.name}:`];
  const wrong = r.equations.filter((v) => v.verdict === 'disagrees');
  const unchecked = r.equations.filter((v) => v.verdict === 'unchecked');
  lines.push(`  ${r.equations.length - wrong.length - unchecked.length} of ${r.equations.length} equations agree with the graph's`);
  for (const v of wrong) {
    lines.push(`  ${v.where}: ${v.text.trim()}   disagrees with the graph`);
    lines.push(v.graph ? `      the graph's: ${v.graph}` : `      ${v.why}`);
  }
  for (const v of unchecked) lines.push(`  ${v.where}: ${v.text.trim()}   not checked: ${v.why}`);
  const m = r.model;
  if ('skipped' in m) lines.push(`state equations: not compared (${m.skipped})`);
  else lines.push(`state equations: ${m.agree ? 'agree' : 'disagree'} (${m.measure === 'matrices' ? 'A, B, C, D, E, Bd entry by entry' : 'poles and H(s) at several s'}: largest difference ${m.largest.toPrecision(3)} against ${m.scale.toPrecision(3)})`);
  return { text: lines.join('\n'), agree: r.agree };
}
