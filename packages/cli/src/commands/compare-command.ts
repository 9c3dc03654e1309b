/**
 * The compare command's modes: the formulations table (default), --b1-vs-b2 and --linear-vs-nonlinear; the
 * options that belong to one mode only are refused in the others ('bad-option' naming the option). A
 * description with values in t has one mode, its two state forms simulated (compare-time-varying.ts); the
 * others are 'unsupported' naming the option.
 */
import { SysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import { overlayPlotHtml } from '../plot-html';
import { compareReport } from './compare';
import { compareStateChoices, formatStateChoices } from './compare-state-choices';
import { formatLinearVsNonlinear, linearVsNonlinear } from './compare-linear-nonlinear';
import { compareTimeVaryingForms, formatTimeVaryingForms } from './compare-time-varying';
import { isTimeVarying, refuseTimeVarying, requireTimeVarying } from '@sysgraph/engine';

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
  /** --storage-law: the storage laws of a time-varying description's two forms. */
  readonly storageLaw?: 'conservative' | 'non-conservative';
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

/** A description with values in t: the charge-flux and across-through forms simulated and compared. */
function compareForms(desc: SystemDescription, opts: CompareOptions, format: 'text' | 'json'): CompareResult {
  if (opts.b1VsB2) refuseTimeVarying(desc, '--b1-vs-b2', 'a time-varying model has the forms charge-flux and across-through, compared without this option');
  if (opts.linearVsNonlinear) refuseTimeVarying(desc, '--linear-vs-nonlinear', 'the description has no laws; its values vary with t');
  refuse('--input', opts.input, '--linear-vs-nonlinear');
  refuse('--guess', opts.guess, '--linear-vs-nonlinear');
  refuse('--time', opts.time, '--linear-vs-nonlinear');
  const r = compareTimeVaryingForms(desc, { signals: opts.signal, tEnd: opts.tEnd, samples: opts.samples, rtol: opts.rtol, atol: opts.atol, storageLaw: opts.storageLaw, note: opts.note });
  const sim = r.simulation;
  const plot = opts.plot
    ? overlayPlotHtml(`${r.title}: charge-flux and across-through states`, { label: '(charge-flux)', trace: sim.chargeFlux }, { label: '(across-through)', trace: sim.acrossThrough }, sim.pairs)
    : undefined;
  return { report: formatTimeVaryingForms(r, format), ...(plot ? { plot } : {}) };
}

export function runCompare(desc: SystemDescription, opts: CompareOptions): CompareResult {
  const format = opts.format ?? 'text';
  if (isTimeVarying(desc)) return compareForms(desc, opts, format);
  if (opts.storageLaw !== undefined) requireTimeVarying(desc, '--storage-law');
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
