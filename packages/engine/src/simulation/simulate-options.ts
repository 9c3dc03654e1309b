/**
 * The options of a simulation as text, the form the command line and the web app share: the solver's name,
 * NAME=SIGNAL inputs (defaults: the source's constant, else step(1)), NAME=VALUE initial values and the recorded
 * names. Every bad entry is a 'bad-option' naming the option (field) and the name (element).
 */
import { SysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import { evaluateExpression } from '@sysgraph/description';
import { SOLVER_NAMES } from '@sysgraph/simulate';
import { parsePairs } from '../pairs';

/** 'auto' or a solver of @sysgraph/simulate's registry; 'bad-option' naming --solver otherwise. */
export function checkSolver(solver: string | undefined): void {
  if (solver === undefined || solver === 'auto' || (SOLVER_NAMES as readonly string[]).includes(solver)) return;
  throw new SysgraphError('bad-option', `--solver ${solver}: no such solver`, { field: '--solver', expected: `one of auto, ${SOLVER_NAMES.join(', ')}` });
}

/** The signal of every input: given with --input NAME=SIGNAL, else the source's constant, else step(1). */
export function inputSignals(desc: SystemDescription, names: readonly string[], list: readonly string[] | undefined, note?: (line: string) => void, option = '--input'): Record<string, string> {
  const given = parsePairs(list, option);
  for (const name of Object.keys(given)) {
    if (!names.includes(name)) throw new SysgraphError('bad-option', `${option} ${name}: the model has no input ${name}`, { element: name, field: option, expected: `one of ${names.join(', ') || '(no inputs)'}` });
  }
  const inputs: Record<string, string> = {};
  for (const name of names) {
    if (given[name] !== undefined) {
      inputs[name] = given[name];
      continue;
    }
    const src = desc.sources.find((s) => s.input === name && s.constant);
    inputs[name] = src?.constant ? String(evaluateExpression(src.constant, desc.parameters)) : 'step(1)';
    note?.(`input ${name} = ${inputs[name]} (default; set it with ${option} ${name}=SIGNAL)`);
  }
  return inputs;
}

export function initialValues(list: readonly string[] | undefined): Record<string, number> {
  const initial: Record<string, number> = {};
  for (const [k, v] of Object.entries(parsePairs(list, '--initial'))) {
    const x = Number(v);
    if (v === '' || !Number.isFinite(x)) throw new SysgraphError('bad-option', `--initial ${k}=${v}: expected a number`, { element: k, field: '--initial', expected: 'a number' });
    initial[k] = x;
  }
  return initial;
}

/** The names given with --record (repeatable, or comma-separated), or undefined for all. */
export function recordedNames(list: readonly string[] | undefined): string[] | undefined {
  if (list === undefined || list.length === 0) return undefined;
  const names = list.flatMap((entry) => entry.split(',')).map((name) => name.trim());
  const empty = names.findIndex((name) => name === '');
  if (empty >= 0) throw new SysgraphError('bad-option', `--record ${list.join(' ')}: an empty name`, { field: '--record', expected: 'state or output names, e.g. --record v_C1,i_L1' });
  return names;
}
