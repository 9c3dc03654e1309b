/**
 * sysgraph analyze --plot FILE.html: the frequency-domain page (frequency-html.ts) — Bode diagrams of every
 * input–output pair over --bode's range (or a grid a decade beyond the poles and zeros), the pole–zero map with
 * the zeros of each pair. --bode alone draws the Bode diagrams, --poles alone the map, neither or both: both.
 */
import type { SystemDescription } from '@sysgraph/description';
import { frequencyGrid, frequencyResponses, logGrid, poles, transferZeros, transmissionZeros } from '@sysgraph/analysis';
import { compile, numericModel } from '@sysgraph/engine';
import type { CompiledModel } from '@sysgraph/engine';
import { frequencyHtml } from '../frequency-html';
import { parseBode, pointOf } from './analyze';

export interface AnalyzePlotOptions {
  readonly bode?: string;
  readonly poles?: boolean;
  readonly input?: readonly string[];
  readonly guess?: readonly string[];
  readonly time?: number;
}

export function analyzePlot(input: SystemDescription | CompiledModel, opts: AnalyzePlotOptions): string {
  const compiled = 'family' in input && 'linear' in input ? input : compile({ description: input });
  const desc = compiled.description;
  const model = numericModel(compiled, pointOf(compiled, opts));
  const ss = model;
  const p = poles(model);
  const pairs = ss.outputs.flatMap((y, i) => ss.inputs.map((u, j) => ({ label: `${y} / ${u}`, i, j })));
  const zeros = pairs.map((q) => ({ label: q.label, zeros: transferZeros(model, q.i, q.j) }));
  const transmission = pairs.length > 1 ? transmissionZeros(model) : undefined;
  const bothOrNeither = (opts.bode === undefined) === (opts.poles !== true);
  const withBode = opts.bode !== undefined || bothOrNeither;
  const withPoles = opts.poles === true || bothOrNeither;
  let bode;
  if (withBode && pairs.length > 0) {
    let omega: Float64Array;
    if (opts.bode) {
      const [a, b, n] = parseBode(opts.bode);
      omega = logGrid(a, b, Number.isInteger(n) && n > 1 ? n : 400);
    } else omega = frequencyGrid([...p, ...zeros.flatMap((z) => z.zeros ?? [])]);
    const responses = frequencyResponses(model, omega);
    bode = { omega, pairs: responses.map((r) => ({ label: `${ss.outputs[r.output]} / ${ss.inputs[r.input]}`, magnitudeDb: r.magnitudeDb, phaseDeg: r.phaseDeg })) };
  }
  const poleZero = withPoles ? { poles: p, zeros: [...zeros, ...(transmission ? [{ label: 'all pairs (transmission zeros)', zeros: transmission }] : [])] } : undefined;
  return frequencyHtml({ title: `${desc.title ?? desc.name}: frequency response, poles and zeros`, ...(bode ? { bode } : {}), ...(poleZero ? { poleZero } : {}) });
}
