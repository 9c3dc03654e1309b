/**
 * sysgraph statespace on a description with values in t (formulation.md section 11, docs/time-varying.md): the
 * time-varying model s' = A(t) s + B(t) u (charge-flux form) or x' = A(t) x + B(t) u + Bd(t) u' (across-through
 * form), y = C(t) s + D(t) u + E(t) u': the time-varying values and their rates, the symbolic A(t), B(t) with one
 * symbol per varying value (timeVaryingSymbolic), and with --time T the numbers A(T), B(T), C(T), D(T), E(T).
 * Text, JSON and LaTeX; MATLAB and Python take the numbers at --time T only.
 */
import { SysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import {
  formatTimeVarying, formatTimeVaryingSymbolic, linearisationTable, modelToJson, modelToLatex, modelToMatlab, modelToPython,
  timeVaryingLatex, timeVaryingSymbolic,
} from '@sysgraph/engine';
import type { ModelTable, TimeVaryingModel, TimeVaryingSymbolic } from '@sysgraph/engine';
import { buildTimeVarying } from '@sysgraph/engine';
import type { TimeVaryingBuild, TimeVaryingBuildOptions } from '@sysgraph/engine';
import type { StateSpaceFormat } from './statespace';

export interface TimeVaryingStatespaceOptions extends TimeVaryingBuildOptions {
  /** --time T: the numeric matrices at T. */
  readonly time?: number;
  /** --symbolic: the symbolic A(t), B(t) are required (an error when they cannot be formed, else a note). */
  readonly symbolic?: boolean;
  /** --symbolic-params: the parameters kept as symbols in A(t), B(t); the others take their values. */
  readonly symbolicParams?: readonly string[];
  readonly note?: (line: string) => void;
}

/** The model frozen at t as a ModelTable (every exporter prints it). */
export function tableAt(name: string, tv: TimeVaryingModel, t: number, parameters: ReadonlyMap<string, number | null>): ModelTable {
  const at = tv.at(t);
  return linearisationTable(name, { states: tv.states, inputs: tv.inputs, outputs: tv.outputs, ...at }, parameters, { formulation: 'time-varying', stateChoice: `${tv.form}, at t = ${t}` });
}

function symbolicOrNote(desc: SystemDescription, build: TimeVaryingBuild, opts: TimeVaryingStatespaceOptions): TimeVaryingSymbolic | undefined {
  const tv = build.tv;
  try {
    return timeVaryingSymbolic(build.structure, { form: tv.form, storageLaw: tv.storageLaw, ...(opts.symbolicParams ? { keep: opts.symbolicParams } : {}) });
  } catch (e) {
    if (opts.symbolic || opts.symbolicParams) throw e;
    opts.note?.(`symbolic A(t), B(t) not available for ${desc.name}: ${e instanceof Error ? e.message : String(e)}`);
    return undefined;
  }
}

const text = (sym: TimeVaryingSymbolic, M: TimeVaryingSymbolic['A']) => M.map((row) => row.map((x) => sym.symbolic.cells.cell(x).text));

export function timeVaryingStatespaceReport(desc: SystemDescription, format: StateSpaceFormat, opts: TimeVaryingStatespaceOptions = {}): string {
  if ((format === 'matlab' || format === 'python') && opts.time === undefined) {
    throw new SysgraphError('unsupported', `--format ${format}: a time-varying model is exported at one time`, { field: '--format', expected: `--time T with --format ${format}, or text, json or latex for A(t), B(t)` });
  }
  const build = buildTimeVarying(desc, opts);
  const tv = build.tv;
  const table = opts.time === undefined ? undefined : tableAt(desc.name, tv, opts.time, desc.parameters);
  if (format === 'matlab') return modelToMatlab(table!);
  if (format === 'python') return modelToPython(table!);
  const sym = symbolicOrNote(desc, build, opts);
  if (format === 'json') {
    return JSON.stringify(
      {
        name: desc.name,
        kind: 'time-varying',
        form: tv.form,
        storageLaw: tv.storageLaw,
        states: tv.states,
        physicalStates: tv.physicalStates,
        inputs: tv.inputs,
        outputs: tv.outputs,
        timeVarying: tv.timeVarying.map((v) => ({ element: v.element, field: v.field, role: v.role, value: v.value, rate: v.rate })),
        ...(sym ? { symbols: sym.symbols, A: text(sym, sym.A), B: text(sym, sym.B), ...(tv.form === 'across-through' ? { Bd: text(sym, sym.Bd) } : {}) } : {}),
        ...(table ? { at: { t: opts.time, ...modelToJson(table) } } : {}),
        diagnostics: tv.diagnostics,
      },
      null,
      2,
    );
  }
  if (format === 'latex') {
    const parts = [`% ${desc.name}: time-varying model (${tv.form} states, ${tv.storageLaw} storage laws; formulation.md section 11)`];
    if (sym) {
      const tex = timeVaryingLatex(sym, build.math);
      const bm = (M: readonly (readonly string[])[]) => (M.length === 0 || M[0].length === 0 ? '[\\,]' : `\\begin{bmatrix} ${M.map((r) => r.join(' & ')).join(' \\\\ ')} \\end{bmatrix}`);
      parts.push(`\\[\n\\begin{aligned}\n${tex.symbols.join(' \\\\\n')}\n\\end{aligned}\n\\]`);
      parts.push(`\\[\nA(t) = ${bm(tex.A)}, \\quad B(t) = ${bm(tex.B)}${tv.form === 'across-through' ? `, \\quad B_d(t) = ${bm(tex.Bd)}` : ''}\n\\]`);
    }
    if (table) parts.push(`% the model at t = ${opts.time}`, modelToLatex(table));
    return parts.join('\n');
  }
  return [formatTimeVarying(tv, opts.time), ...(sym ? ['', formatTimeVaryingSymbolic(sym)] : [])].join('\n');
}
