/**
 * sysgraph analyze: poles, DC gain, H(s) at a complex s, a frequency response, and H(s) in the parameters
 * (fraction-free elimination, packages/analysis) for small systems.
 */
import type { SystemDescription } from '@sysgraph/description';
import { analyzeStructure, formatTable } from '@sysgraph/graph';
import { formulate, numericBackend, symbolicBackend } from '@sysgraph/formulation';
import { dcGain, formatComplex, formatTransfer, frequencyResponse, poles, symbolicTransfer, transferAt, transferZeros, transmissionZeros } from '@sysgraph/analysis';
import type { Complex } from '@sysgraph/analysis';
import { SysgraphError } from '@sysgraph/core';
import { isTimeVarying, timeVaryingElements } from '@sysgraph/engine';

export interface AnalyzeOptions {
  readonly symbolic?: boolean;
  readonly s?: string;
  readonly bode?: string;
  /** The zeros of each input–output pair (and the transmission zeros of the model) beside the poles. */
  readonly poles?: boolean;
  readonly format?: 'text' | 'json';
}

export function parseComplex(text: string): Complex {
  const t = text.replace(/\s+/g, '');
  const m = /^([+-]?[0-9.eE+-]*?)(?:([+-][0-9.eE]*)[ij])?$/.exec(t) ?? undefined;
  const pure = /^([+-]?[0-9.eE]*)[ij]$/.exec(t);
  let z: Complex | undefined;
  if (pure) z = { re: 0, im: Number(pure[1] === '' || pure[1] === '+' ? 1 : pure[1] === '-' ? -1 : pure[1]) };
  else if (m) z = { re: Number(m[1]), im: m[2] === undefined ? 0 : Number(m[2] === '+' ? 1 : m[2] === '-' ? -1 : m[2]) };
  if (!z || !Number.isFinite(z.re) || !Number.isFinite(z.im)) {
    throw new SysgraphError('bad-option', `--s ${text}: expected a complex number such as 2, 0.5j or 1-3j`, { field: '--s', expected: 'a complex number: 2, 0.5j, 1-3j' });
  }
  return z;
}

/** --bode wmin,wmax[,points] → its numbers (points NaN when absent). */
export function parseBode(text: string): [number, number, number] {
  const [a, b, n] = text.split(',').map(Number);
  if (!(a > 0 && b > a)) throw new SysgraphError('bad-option', `--bode ${text}: expected wmin,wmax[,points] with 0 < wmin < wmax`, { field: '--bode', expected: 'wmin,wmax[,points], rad/s' });
  return [a, b, n];
}

export function analyzeReport(desc: SystemDescription, opts: AnalyzeOptions = {}): string {
  const varying = timeVaryingElements(desc);
  if (isTimeVarying(desc)) {
    throw new SysgraphError('unsupported', `analyze: ${varying.join(', ')} ${varying.length === 1 ? 'varies' : 'vary'} with t; poles and H(s) belong to time-invariant models`, {
      element: varying[0],
      field: 'value',
      elements: varying,
      expected: 'values without t, or sysgraph statespace --time T for the matrices at one time',
    });
  }
  const s = analyzeStructure(desc);
  const ss = formulate(s, numericBackend(desc.parameters));
  const model = { A: ss.A, B: ss.B, C: ss.C, D: ss.D, E: ss.E };
  const p = poles(model);
  const out: Record<string, unknown> = { states: ss.states, inputs: ss.inputs, outputs: ss.outputs, poles: p };
  const lines: string[] = [`${desc.title ?? desc.name}: ${ss.states.length} states, inputs ${ss.inputs.join(', ') || '(none)'}, outputs ${ss.outputs.join(', ') || '(none)'}`];
  lines.push('', `Poles (eigenvalues of A): ${p.map((z) => formatComplex(z)).join(', ') || '(none)'}`);
  if (ss.outputs.length > 0 && ss.inputs.length > 0) {
    try {
      const g = dcGain(model);
      out.dcGain = g;
      lines.push('', 'DC gain H(0):', formatTable(['', ...ss.inputs], g.map((row, i) => [ss.outputs[i], ...row.map((x) => String(Number(x.toPrecision(10))))])));
    } catch (e) {
      lines.push('', `DC gain: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (opts.poles) {
      const zeros = ss.outputs.flatMap((y, i) => ss.inputs.map((u, j) => ({ output: y, input: u, zeros: transferZeros(model, i, j) })));
      const transmission = transmissionZeros(model);
      out.zeros = zeros;
      if (transmission) out.transmissionZeros = transmission;
      lines.push('', 'Zeros of each pair (finite generalised eigenvalues of [A − sI B; C D + sE]):');
      for (const z of zeros) lines.push(`  ${z.output} / ${z.input}: ${z.zeros === undefined ? 'none (H ≡ 0)' : z.zeros.map((x) => formatComplex(x)).join(', ') || 'none (finite)'}`);
      if (transmission) lines.push(`  transmission zeros: ${transmission.map((x) => formatComplex(x)).join(', ') || 'none (finite)'}`);
    }
    if (opts.s) {
      const z = parseComplex(opts.s);
      const h = transferAt(model, z);
      out.H = { s: z, value: h };
      lines.push('', `H(${formatComplex(z)}):`, formatTable(['', ...ss.inputs], h.map((row, i) => [ss.outputs[i], ...row.map((x) => formatComplex(x, 10))])));
    }
    if (opts.bode) {
      const [a, b, n] = parseBode(opts.bode);
      const r = frequencyResponse(model, 0, 0, a, b, Number.isInteger(n) && n > 1 ? n : 50);
      out.frequencyResponse = { output: ss.outputs[0], input: ss.inputs[0], omega: [...r.omega], magnitudeDb: [...r.magnitudeDb], phaseDeg: [...r.phaseDeg] };
      lines.push('', `Frequency response of ${ss.outputs[0]} / ${ss.inputs[0]}:`, formatTable(['ω [rad/s]', '|H| [dB]', 'phase [°]'], [...r.omega].map((w, k) => [w.toPrecision(4), r.magnitudeDb[k].toFixed(3), r.phaseDeg[k].toFixed(2)])));
    }
    if (opts.symbolic) {
      const sym = symbolicBackend(desc);
      const m = formulate(s, sym.backend);
      const h = symbolicTransfer(m, sym.variables, { values: new Map([...desc.parameters].filter((e): e is [string, number] => e[1] !== null)) });
      out.symbolicH = formatTransfer(h, 'text');
      lines.push('', 'H(s) in the parameters:', formatTransfer(h, 'text'));
    }
  }
  return opts.format === 'json' ? JSON.stringify(out, null, 2) : lines.join('\n');
}
