/**
 * readEquations: a RawEquationSet checked and parsed into an EquationSet. The checks the StateMint tool does not
 * make, each a typed error naming the line (or JSON pointer) in the user's own file:
 *   - every name is a name; parameters, inputs and defined variables are distinct;
 *   - a state equation's left side is x' and the others' a plain variable; each variable is defined once
 *     ('bad-equation' at the second definition, naming the first);
 *   - every symbol on a right side is a parameter, an input, a state, a defined variable, the time t, or the
 *     derivative x' of an input, a state or a variable ('bad-equation' naming the symbol: an unknown symbol, or a
 *     variable no equation defines — a missing equation); a parameter has no derivative;
 *   - every output is a state, an input or a defined variable.
 * Right sides are read by description's restricted expression parser (never evaluated by mathjs): every name is a
 * plain symbol, so a parameter named I, E or e is that parameter, never √−1 or a constant.
 */
import { SysgraphError, isSysgraphError } from '@sysgraph/core';
import { createExpressionParser } from '@sysgraph/description';
import type { ExpressionParser } from '@sysgraph/description';
import { checkName, derivativeName, derivativeOf, rewritePrimes } from './derivative-name';
import type { Equation, EquationSet, RawEquationSet, SymbolKind } from './types';

const bad = (where: string, message: string, details: { element?: string; field?: string; expected: string; elements?: string[] }) =>
  new SysgraphError('bad-equation', `${where}: ${message}`, { ...details, path: where });

export interface ReadEquationsOptions {
  /** The system's name when the file gives none. */
  readonly name?: string;
  readonly parser?: ExpressionParser;
}

export function readEquations(raw: RawEquationSet, options: ReadEquationsOptions = {}): EquationSet {
  const parser = options.parser ?? createExpressionParser();
  const kinds = new Map<string, SymbolKind>();
  const whereOf = new Map<string, string>();
  const declare = (name: string, kind: SymbolKind, where: string, field: string) => {
    checkName(name, where, field);
    const before = kinds.get(name);
    if (before !== undefined) {
      const first = whereOf.get(name)!;
      throw bad(where, `"${name}" is already ${before === 'state' || before === 'variable' ? 'defined' : `declared as ${before === 'input' ? 'an input' : 'a parameter'}`} (${first})`, {
        element: name,
        field,
        expected: 'each parameter and input declared once, each state and variable defined by one equation',
        elements: [first, where],
      });
    }
    kinds.set(name, kind);
    whereOf.set(name, where);
  };

  const parameters = new Map<string, number | null>();
  for (const p of raw.parameters) {
    declare(p.name, 'parameter', p.where, 'parameters');
    parameters.set(p.name, p.value);
  }
  const inputs: string[] = [];
  for (const u of raw.inputs) {
    declare(u.name, 'input', u.where, 'inputs');
    inputs.push(u.name);
  }

  // Pass 1: the left sides (who defines what).
  const states: string[] = [];
  const variables: string[] = [];
  const sides: { eq: (typeof raw.equations)[number]; defines: string; rhs: string }[] = [];
  for (const eq of raw.equations) {
    const m = /^\s*([^=']*?)\s*('?)\s*=(?!=)\s*(.*)$/.exec(eq.text);
    if (!m || m[3].trim() === '' || m[1] === '') {
      throw bad(eq.where, `"${eq.text}" is not an equation: name = expression`, { field: eq.section, expected: eq.section === 'states' ? "x' = expression" : 'name = expression' });
    }
    const [, name, prime, rhs] = m;
    if (eq.section === 'states' && prime === '') {
      throw bad(eq.where, `a state equation defines a derivative: "${name}'" on the left, not "${name}"`, { element: name, field: 'states', expected: "x' = expression (the state variable's derivative on the left)" });
    }
    if (eq.section !== 'states' && prime !== '') {
      throw bad(eq.where, `"${name}'" on the left: a derivative belongs in [states]`, { element: name, field: eq.section, expected: 'the primary (elemental) or secondary (constraint) variable on the left, without a prime' });
    }
    const kind = eq.section === 'states' ? 'state' : 'variable';
    const before = kinds.get(name);
    if (before === 'input' || before === 'parameter') {
      throw bad(eq.where, `"${name}" is ${before === 'input' ? 'an input' : 'a parameter'} (${whereOf.get(name)}); an equation may not define it`, { element: name, field: eq.section, expected: 'a variable that is neither an input nor a parameter on the left' });
    }
    declare(name, kind, eq.where, eq.section);
    (kind === 'state' ? states : variables).push(name);
    sides.push({ eq, defines: name, rhs });
  }

  // Pass 2: the right sides, with every symbol in scope declared to the parser.
  const declared = new Set<string>();
  for (const [name, kind] of kinds) {
    declared.add(name);
    if (kind !== 'parameter') declared.add(derivativeName(name));
  }
  const parsed: Equation[] = [];
  for (const { eq, defines, rhs } of sides) {
    const text = rewritePrimes(rhs, eq.where, eq.section, defines);
    // the unknown names first, for a message in the file's own terms
    for (const m of text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
      const sym = m[0];
      const after = text.slice((m.index ?? 0) + sym.length).trimStart();
      if (after.startsWith('(') || sym === 't' || sym === 'pi' || declared.has(sym)) continue;
      const base = derivativeOf(sym);
      if (base !== undefined && kinds.get(base) === 'parameter') {
        throw bad(eq.where, `${base}' is the derivative of a parameter`, { element: base, field: eq.section, expected: 'derivatives of inputs, states and variables only' });
      }
      const shown = base !== undefined ? `${base}'` : sym;
      throw bad(eq.where, `"${shown}" is not a parameter, an input or a variable defined by an equation`, {
        element: base ?? sym,
        field: eq.section,
        expected: 'every symbol declared in [parameters] or [inputs], or defined by one equation (a missing equation?)',
      });
    }
    let expr;
    try {
      expr = parser.parse(text, declared, { element: defines, field: eq.section, path: eq.where });
    } catch (e) {
      if (!isSysgraphError(e)) throw e;
      throw bad(eq.where, `"${eq.text}": ${e.message}`, { element: defines, field: eq.section, expected: e.expected ?? 'an expression of the declared symbols' });
    }
    parsed.push({ section: eq.section, where: eq.where, text: eq.text, defines, rhs: expr });
  }
  parsed.sort((a, b) => Number(b.section === 'states') - Number(a.section === 'states'));

  const outputs: string[] = [];
  for (const o of raw.outputs) {
    const kind = kinds.get(o.name);
    if (kind === undefined || kind === 'parameter') {
      throw bad(o.where, `the output "${o.name}" is not a state, an input or a variable defined by an equation`, { element: o.name, field: 'outputs', expected: 'a state, an input or a defined variable' });
    }
    outputs.push(o.name);
  }
  const graph = new Map<string, string>();
  const graphWhere = new Map<string, string>();
  for (const g of raw.graph) {
    if (!kinds.has(g.name) || kinds.get(g.name) === 'parameter') {
      throw bad(g.where, `"${g.name}" in [graph] is not an input, a state or a variable of the file`, { element: g.name, field: 'graph', expected: 'a name of the file on the left' });
    }
    graph.set(g.name, g.graph);
    graphWhere.set(g.name, g.where);
  }
  return {
    name: raw.name ?? options.name ?? 'equations',
    ...(raw.title !== undefined ? { title: raw.title } : {}),
    parameters,
    inputs,
    states,
    variables,
    equations: parsed,
    outputs,
    whereOf,
    graph,
    graphWhere,
    kinds,
  };
}
