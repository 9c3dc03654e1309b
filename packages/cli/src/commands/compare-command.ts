/**
 * The compare command's modes: the formulations table (default), --b1-vs-b2 and --linear-vs-nonlinear; the
 * options that belong to one mode only are refused in the others ('bad-option' naming the option).
 */
import { SysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import { overlayPlotHtml } from '../plot-html';
import { compareReport } from './compare';
import { compareStateChoices, formatStateChoices } from './compare-state-choices';
import { formatLinearVsNonlinear, linearVsNonlinear } from './compare-linear-nonlinear';

export interface CompareOptions {
  readonly linearVsNonlinear?: boolean;
  readonly b1VsB2?: boolean;
  readonly format?: 'text' | 'json';
  readonly input?: readonly string[];
  readonly guess?: readonly string[];
  readonly time?: number;
  readonly signal?: readonly string[];
  readonly tEnd?: number;
  readonly samples?: number;
  readonly rtol?: number;
  readonly atol?: number;
  /** Whether to return an overlay plot (--plot FILE). */
  readonly plot?: boolean;
  readonly note?: (line: string) => void;
}

export interface CompareResult {
  readonly report: string;
  /** The self-contained HTML of the overlaid simulations, when asked for. */
  readonly plot?: string;
}

function refuse(option: string, given: unknown, modes: string): void {
  const present = Array.isArray(given) ? given.length > 0 : given !== undefined && given !== false;
  if (present) throw new SysgraphError('bad-option', `${option} applies to ${modes} only`, { field: option, expected: `${option} together with ${modes}` });
}

export function runCompare(desc: SystemDescription, opts: CompareOptions): CompareResult {
  const format = opts.format ?? 'text';
  if (opts.linearVsNonlinear && opts.b1VsB2) {
    throw new SysgraphError('bad-option', '--linear-vs-nonlinear and --b1-vs-b2 are two comparisons: ask for one at a time', { field: '--b1-vs-b2', expected: 'one of --linear-vs-nonlinear, --b1-vs-b2' });
  }
  if (!opts.linearVsNonlinear) {
    refuse('--input', opts.input, '--linear-vs-nonlinear');
    refuse('--guess', opts.guess, '--linear-vs-nonlinear');
    refuse('--time', opts.time, '--linear-vs-nonlinear');
  }
  if (!opts.linearVsNonlinear && !opts.b1VsB2) {
    for (const [option, given] of [['--signal', opts.signal], ['--t-end', opts.tEnd], ['--samples', opts.samples], ['--rtol', opts.rtol], ['--atol', opts.atol], ['--plot', opts.plot]] as const) {
      refuse(option, given, '--linear-vs-nonlinear or --b1-vs-b2');
    }
    return { report: compareReport(desc, format) };
  }
  const common = { signals: opts.signal, tEnd: opts.tEnd, samples: opts.samples, rtol: opts.rtol, atol: opts.atol, note: opts.note };
  if (opts.b1VsB2) {
    const r = compareStateChoices(desc, common);
    const sim = r.simulation;
    const plot = opts.plot
      ? overlayPlotHtml(`${r.title}: states b1 and b2`, { label: '(b1)', trace: sim.b1 }, { label: '(b2)', trace: sim.b2 }, sim.differences)
      : undefined;
    return { report: formatStateChoices(r, format), ...(plot ? { plot } : {}) };
  }
  const r = linearVsNonlinear(desc, { ...common, inputs: opts.input, guess: opts.guess, time: opts.time });
  const sim = r.simulation;
  const plot = opts.plot
    ? overlayPlotHtml(`${r.title}: nonlinear and linear models from the operating point`, { label: '(nonlinear)', trace: sim.nonlinear }, { label: '(linear)', trace: sim.linear }, sim.differences)
    : undefined;
  return { report: formatLinearVsNonlinear(r, format), ...(plot ? { plot } : {}) };
}
