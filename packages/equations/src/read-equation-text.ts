/**
 * readEquationText: the text form of an equation file (README.md, "The text format") → RawEquationSet.
 *
 *   [parameters]   name = number (or a bare name: no value)
 *   [inputs]       names, separated by commas or spaces
 *   [states]       x' = expression        (state-variable elemental equations)
 *   [elemental]    v = expression         (other elemental equations, primary variable on the left)
 *   [constraints]  v = expression         (continuity and compatibility, secondary variable on the left)
 *   [outputs]      names
 *   [graph]        name = graph variable  (check-equations only: v_R, i_motor.1)
 *
 * `#` starts a comment; an equation may end in a comma (StateMint's lists), and several may share a line when
 * separated by commas outside parentheses. Every item keeps its line ("line 12") for the errors.
 */
import { SysgraphError } from '@sysgraph/core';
import type { EquationSection, RawEquation, RawEquationSet, RawGraphName, RawName, RawParameter } from './types';

type Section = EquationSection | 'parameters' | 'inputs' | 'outputs' | 'graph';

const SECTIONS: ReadonlySet<string> = new Set(['parameters', 'inputs', 'states', 'elemental', 'constraints', 'outputs', 'graph']);

/** Pieces of a line split at commas outside parentheses, empty pieces dropped. */
function splitTopLevel(line: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let k = 0; k < line.length; k++) {
    const c = line[k];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(line.slice(start, k));
      start = k + 1;
    }
  }
  out.push(line.slice(start));
  return out.map((s) => s.trim()).filter((s) => s !== '');
}

export function readEquationText(text: string, name?: string): RawEquationSet {
  if (typeof text !== 'string') throw new SysgraphError('bad-equation', 'an equation file is read from text', { field: 'input', expected: 'the text of an equation file' });
  let section: Section | undefined;
  const parameters: RawParameter[] = [];
  const inputs: RawName[] = [];
  const equations: RawEquation[] = [];
  const outputs: RawName[] = [];
  const graph: RawGraphName[] = [];
  const lines = text.split(/\r?\n/);
  for (let k = 0; k < lines.length; k++) {
    const where = `line ${k + 1}`;
    const line = lines[k].replace(/#.*$/, '').trim();
    if (line === '') continue;
    const header = /^\[\s*([A-Za-z]+)\s*\]$/.exec(line);
    if (header) {
      const s = header[1].toLowerCase();
      if (!SECTIONS.has(s)) {
        throw new SysgraphError('bad-equation', `${where}: unknown section [${header[1]}]`, { field: 'section', path: where, expected: '[parameters], [inputs], [states], [elemental], [constraints], [outputs] or [graph]' });
      }
      section = s as Section;
      continue;
    }
    if (section === undefined) {
      throw new SysgraphError('bad-equation', `${where}: "${line}" comes before any section`, { field: 'section', path: where, expected: 'a section header first, e.g. [states]' });
    }
    for (const piece of splitTopLevel(line)) {
      switch (section) {
        case 'inputs':
        case 'outputs':
          for (const n of piece.split(/\s+/)) (section === 'inputs' ? inputs : outputs).push({ name: n, where });
          break;
        case 'parameters': {
          const m = /^([^=\s]+)\s*(?:=\s*(.+))?$/.exec(piece);
          const value = m?.[2] === undefined ? null : Number(m[2]);
          if (!m || (value !== null && !Number.isFinite(value))) {
            throw new SysgraphError('bad-equation', `${where}: "${piece}" is not a parameter: name = number`, { element: m?.[1], field: 'parameters', path: where, expected: 'name = number, or a bare name without a value' });
          }
          parameters.push({ name: m[1], value, where });
          break;
        }
        case 'graph': {
          const m = /^([^=\s]+)\s*=\s*([^\s]+)$/.exec(piece);
          if (!m) throw new SysgraphError('bad-equation', `${where}: "${piece}" is not name = graph variable`, { field: 'graph', path: where, expected: 'name = v_BRANCH or i_BRANCH, e.g. iL = i_L' });
          graph.push({ name: m[1], graph: m[2], where });
          break;
        }
        default:
          equations.push({ section, text: piece, where });
      }
    }
  }
  return { ...(name !== undefined ? { name } : {}), parameters, inputs, equations, outputs, graph };
}
