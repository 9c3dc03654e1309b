/**
 * readEquationJson: the JSON form of an equation file (schema/equations.schema.json) → RawEquationSet. Two
 * spellings are read: this package's ({ "inputs": [...], "states": [...], "elemental": [...], "constraints": [...],
 * "outputs": [...], "parameters": { "R": 2 }, "graph": { "vR": "v_R" } }) and the StateMint web tool's own
 * ({ "InVars", "StVarElEqns", "OtherElEqns", "Constraints", "OutputVars" }, each one string of comma- or
 * newline-separated items). Errors name the JSON pointer of the item ("/elemental/3").
 */
import { SysgraphError } from '@sysgraph/core';
import type { EquationSection, RawEquation, RawEquationSet, RawGraphName, RawName, RawParameter } from './types';

const STATEMINT_KEYS: Readonly<Record<string, 'inputs' | 'outputs' | EquationSection>> = {
  InVars: 'inputs',
  StVarElEqns: 'states',
  OtherElEqns: 'elemental',
  Constraints: 'constraints',
  OutputVars: 'outputs',
};
const OWN_KEYS: ReadonlySet<string> = new Set(['$schema', 'name', 'title', 'description', 'parameters', 'inputs', 'states', 'elemental', 'constraints', 'outputs', 'graph']);

const fail = (path: string, message: string, expected: string, element?: string) =>
  new SysgraphError('bad-equation', `${path}: ${message}`, { path, field: path.split('/')[1] ?? 'input', expected, ...(element !== undefined ? { element } : {}) });

/** A list of strings, or one string of comma- or newline-separated items (StateMint's fields). */
function items(value: unknown, path: string): { text: string; where: string }[] {
  if (typeof value === 'string') {
    // StateMint's strings: items separated by newlines or commas outside parentheses
    const out: { text: string; where: string }[] = [];
    let depth = 0;
    let current = '';
    const flush = () => {
      const t = current.trim();
      if (t !== '') out.push({ text: t, where: `${path}[${out.length}]` });
      current = '';
    };
    for (const c of value) {
      if (c === '(') depth++;
      if (c === ')') depth--;
      if ((c === ',' && depth === 0) || c === '\n') flush();
      else current += c;
    }
    flush();
    return out;
  }
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw fail(path, 'is not a list of strings', 'an array of strings');
  return (value as string[]).map((text, k) => ({ text: text.trim(), where: `${path}/${k}` }));
}

export function readEquationJson(input: string | object, name?: string): RawEquationSet {
  let raw: unknown = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch (e) {
      throw new SysgraphError('invalid-json', `the equation file is not JSON: ${(e as Error).message}`, { field: 'input', expected: 'a JSON object' });
    }
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw fail('/', 'is not an object', 'a JSON object');
  const o = raw as Record<string, unknown>;
  const statemint = Object.keys(STATEMINT_KEYS).some((k) => k in o);
  const parameters: RawParameter[] = [];
  const inputs: RawName[] = [];
  const equations: RawEquation[] = [];
  const outputs: RawName[] = [];
  const graph: RawGraphName[] = [];
  const names = (list: { text: string; where: string }[]): RawName[] => list.flatMap((x) => x.text.split(/\s+/).filter(Boolean).map((n) => ({ name: n, where: x.where })));
  if (statemint) {
    for (const key of Object.keys(o)) {
      const section = STATEMINT_KEYS[key];
      if (section === undefined) continue;
      const list = items(o[key], `/${key}`);
      if (section === 'inputs') inputs.push(...names(list));
      else if (section === 'outputs') outputs.push(...names(list));
      else equations.push(...list.map((x) => ({ section, text: x.text, where: x.where })));
    }
  } else {
    for (const key of Object.keys(o)) if (!OWN_KEYS.has(key)) throw fail(`/${key}`, `"${key}" is not a field of an equation file`, [...OWN_KEYS].join(', '));
    inputs.push(...names(items(o.inputs ?? [], '/inputs')));
    outputs.push(...names(items(o.outputs ?? [], '/outputs')));
    for (const section of ['states', 'elemental', 'constraints'] as const) equations.push(...items(o[section] ?? [], `/${section}`).map((x) => ({ section, text: x.text, where: x.where })));
  }
  const p = o.parameters;
  if (p !== undefined) {
    if (p === null || typeof p !== 'object' || Array.isArray(p)) throw fail('/parameters', 'is not an object', 'an object name → number (or null)');
    for (const [k, v] of Object.entries(p as Record<string, unknown>)) {
      if (v !== null && (typeof v !== 'number' || !Number.isFinite(v))) throw fail(`/parameters/${k}`, `the value of ${k} is not a number`, 'a finite number or null', k);
      parameters.push({ name: k, value: v as number | null, where: `/parameters/${k}` });
    }
  }
  const g = o.graph;
  if (g !== undefined) {
    if (g === null || typeof g !== 'object' || Array.isArray(g)) throw fail('/graph', 'is not an object', 'an object name → graph variable');
    for (const [k, v] of Object.entries(g as Record<string, unknown>)) {
      if (typeof v !== 'string') throw fail(`/graph/${k}`, `the graph variable of ${k} is not a string`, 'v_BRANCH or i_BRANCH', k);
      graph.push({ name: k, graph: v, where: `/graph/${k}` });
    }
  }
  const title = typeof o.title === 'string' ? o.title : undefined;
  const own = typeof o.name === 'string' ? o.name : name;
  return { ...(own !== undefined ? { name: own } : {}), ...(title !== undefined ? { title } : {}), parameters, inputs, equations, outputs, graph };
}
