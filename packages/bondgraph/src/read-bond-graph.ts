/**
 * readBondGraph: bond-graph JSON (schema/bondgraph.schema.json) → BondGraph, checked once, at the boundary.
 * Every error is a SysgraphError naming the element or bond and the field as the user wrote them; the errors of
 * one pass are reported together (SysgraphErrors).
 */
import { DOMAINS, SysgraphError, SysgraphErrors } from '@sysgraph/core';
import type { Domain, SysgraphErrorCode, SysgraphErrorDetails } from '@sysgraph/core';
import { JUNCTION_KINDS, ONE_PORT_KINDS, TWO_PORT_KINDS } from './types';
import type { Bond, BondElement, BondElementKind, BondGraph, BondOutput, BondParameter, BondValue } from './types';

/** Kind names as written → the canonical kind. */
const KIND_ALIASES: Readonly<Record<string, BondElementKind>> = {
  Se: 'Se', Sf: 'Sf', C: 'C', I: 'I', R: 'R', TF: 'TF', GY: 'GY', '0': '0', '1': '1',
  '0-junction': '0', '1-junction': '1',
};

export const BOND_KIND_NAMES: readonly string[] = Object.keys(KIND_ALIASES);

const IDENTIFIER = /^[A-Za-z_\u00C0-\u02AF\u0370-\u03FF][A-Za-z0-9_\u00C0-\u02AF\u0370-\u03FF]*$/;

type Raw = Record<string, unknown>;
const isObject = (x: unknown): x is Raw => typeof x === 'object' && x !== null && !Array.isArray(x);
const isValue = (x: unknown): x is BondValue => (typeof x === 'number' && Number.isFinite(x)) || (typeof x === 'string' && x.trim() !== '');

class Problems {
  readonly list: SysgraphError[] = [];
  add(code: SysgraphErrorCode, message: string, details: SysgraphErrorDetails): void {
    this.list.push(new SysgraphError(code, message, details));
  }
  throwIfAny(): void {
    if (this.list.length === 1) throw this.list[0];
    if (this.list.length > 1) throw new SysgraphErrors(this.list);
  }
}

export interface ReadBondGraphOptions {
  /** The graph's name when the input gives none. */
  readonly name?: string;
}

export function readBondGraph(input: string | object, options: ReadBondGraphOptions = {}): BondGraph {
  let raw: unknown = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch (e) {
      throw new SysgraphError('invalid-json', `the bond graph is not JSON: ${(e as Error).message}`, { field: 'input', expected: 'a JSON object with elements and bonds' });
    }
  }
  if (!isObject(raw)) throw new SysgraphError('schema', 'a bond graph is a JSON object', { field: 'input', expected: 'an object with elements and bonds' });
  const problems = new Problems();
  for (const field of ['elements', 'bonds'] as const) {
    if (!Array.isArray(raw[field])) {
      throw new SysgraphError('missing-field', `the bond graph has no ${field} array`, { field, path: `/${field}`, expected: `an array of ${field}` });
    }
  }
  const domain = readDomain(raw.domain, undefined, 'domain', '/domain', problems);
  const elements = readElements(raw.elements as unknown[], problems);
  const byId = new Map(elements.map((e) => [e.id, e]));
  const bonds = readBonds(raw.bonds as unknown[], byId, problems);
  checkBondCounts(elements, bonds, problems);
  const outputs = readOutputs(raw.outputs, byId, new Set(bonds.map((b) => b.id)), problems);
  const parameters = readParameters(raw.parameters, problems);
  problems.throwIfAny();
  const name = typeof raw.name === 'string' && raw.name !== '' ? raw.name : options.name ?? 'bond-graph';
  return {
    name,
    ...(typeof raw.title === 'string' ? { title: raw.title } : {}),
    ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
    ...(domain ? { domain } : {}),
    parameters,
    elements,
    bonds,
    outputs,
  };
}

function readDomain(value: unknown, element: string | undefined, field: string, path: string, problems: Problems): Domain | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (DOMAINS as readonly string[]).includes(value)) return value as Domain;
  problems.add('bad-value', `${element ? `${element}.` : ''}${field}: "${String(value)}" is not a domain`, { element, field, path, expected: `one of ${DOMAINS.join(', ')}` });
  return undefined;
}

function readElements(list: readonly unknown[], problems: Problems): BondElement[] {
  const out: BondElement[] = [];
  const seen = new Set<string>();
  list.forEach((rawElement, k) => {
    const path = `/elements/${k}`;
    if (!isObject(rawElement)) {
      problems.add('schema', `elements[${k}] is not an object`, { field: `elements[${k}]`, path, expected: '{ id, kind, … }' });
      return;
    }
    const id = rawElement.id;
    if (typeof id !== 'string' || !IDENTIFIER.test(id)) {
      problems.add(id === undefined ? 'missing-field' : 'bad-value', `elements[${k}].id: ${id === undefined ? 'missing' : `"${String(id)}" is not an identifier`}`, { element: typeof id === 'string' ? id : undefined, field: 'id', path: `${path}/id`, expected: 'an identifier (a letter or _, then letters, digits, _)' });
      return;
    }
    if (seen.has(id)) {
      problems.add('duplicate-id', `${id}: the id is used twice`, { element: id, field: 'id', path: `${path}/id`, expected: 'unique element and bond ids' });
      return;
    }
    seen.add(id);
    const kind = typeof rawElement.kind === 'string' ? KIND_ALIASES[rawElement.kind] : undefined;
    if (kind === undefined || !Object.prototype.hasOwnProperty.call(KIND_ALIASES, rawElement.kind as string)) {
      problems.add(rawElement.kind === undefined ? 'missing-field' : 'unknown-kind', `${id}.kind: ${rawElement.kind === undefined ? 'missing' : `"${String(rawElement.kind)}" is not a bond-graph element`}`, { element: id, field: 'kind', path: `${path}/kind`, expected: `one of ${BOND_KIND_NAMES.join(', ')}` });
      return;
    }
    const element: { -readonly [K in keyof BondElement]: BondElement[K] } = { id, kind };
    const domain = readDomain(rawElement.domain, id, 'domain', `${path}/domain`, problems);
    if (domain && TWO_PORT_KINDS.has(kind)) {
      problems.add('bad-value', `${id}.domain: a ${kind} joins two sides`, { element: id, field: 'domain', path: `${path}/domain`, expected: 'no domain on TF or GY: give it on an element or junction of each side' });
    } else if (domain) element.domain = domain;
    if (typeof rawElement.label === 'string') element.label = rawElement.label;
    if (ONE_PORT_KINDS.has(kind)) {
      if (rawElement.value !== undefined) {
        if (isValue(rawElement.value)) element.value = rawElement.value;
        else problems.add('bad-value', `${id}.value: expected a number or an expression`, { element: id, field: 'value', path: `${path}/value`, expected: 'a finite number or an expression of the parameters' });
      } else if (kind === 'C' || kind === 'I' || kind === 'R') {
        problems.add('missing-field', `${id}: a ${kind} element needs a value`, { element: id, field: 'value', path: `${path}/value`, expected: kind === 'C' ? 'the capacitance or compliance C (q = C e)' : kind === 'I' ? 'the inertance, mass or inertia I (p = I f)' : 'the resistance R (e = R f)' });
      }
      if (rawElement.input !== undefined) {
        if (kind !== 'Se' && kind !== 'Sf') problems.add('bad-value', `${id}.input: only sources have an input`, { element: id, field: 'input', path: `${path}/input`, expected: 'no input on C, I, R' });
        else if (typeof rawElement.input === 'string' && IDENTIFIER.test(rawElement.input)) element.input = rawElement.input;
        else problems.add('bad-value', `${id}.input: not an identifier`, { element: id, field: 'input', path: `${path}/input`, expected: 'an input name' });
      }
    } else if (TWO_PORT_KINDS.has(kind)) {
      const given = (['ratio', 'modulus'] as const).filter((f) => rawElement[f] !== undefined);
      if (given.length === 0) {
        problems.add('missing-field', `${id}: a ${kind} needs its ${kind === 'TF' ? 'ratio' : 'modulus'}`, { element: id, field: 'ratio', path: `${path}/ratio`, expected: kind === 'TF' ? 'ratio (or modulus) n: e1 = n e2, f2 = n f1' : 'modulus (or ratio) r: e1 = r f2, e2 = r f1' });
      } else if (given.length === 2) {
        problems.add('bad-value', `${id}: both ratio and modulus given`, { element: id, field: 'modulus', path: `${path}/modulus`, expected: 'one of ratio and modulus' });
      } else if (!isValue(rawElement[given[0]])) {
        problems.add('bad-value', `${id}.${given[0]}: expected a number or an expression`, { element: id, field: given[0], path: `${path}/${given[0]}`, expected: 'a nonzero number or an expression of the parameters' });
      } else if (rawElement[given[0]] === 0) {
        problems.add('bad-value', `${id}.${given[0]}: zero`, { element: id, field: given[0], path: `${path}/${given[0]}`, expected: 'a nonzero ratio' });
      } else element.ratio = rawElement[given[0]] as BondValue;
    }
    out.push(element);
  });
  return out;
}

function readBonds(list: readonly unknown[], byId: ReadonlyMap<string, BondElement>, problems: Problems): Bond[] {
  const out: Bond[] = [];
  const seen = new Set<string>();
  list.forEach((rawBond, k) => {
    const path = `/bonds/${k}`;
    if (!isObject(rawBond)) {
      problems.add('schema', `bonds[${k}] is not an object`, { field: `bonds[${k}]`, path, expected: '{ id?, from, to }' });
      return;
    }
    const id = rawBond.id === undefined ? `b${k + 1}` : rawBond.id;
    if (typeof id !== 'string' || !IDENTIFIER.test(id)) {
      problems.add('bad-value', `bonds[${k}].id: "${String(id)}" is not an identifier`, { element: `bonds[${k}]`, field: 'id', path: `${path}/id`, expected: 'an identifier' });
      return;
    }
    if (seen.has(id) || byId.has(id)) {
      problems.add('duplicate-id', `${id}: the id is used twice`, { element: id, field: 'id', path: `${path}/id`, expected: 'unique element and bond ids' });
      return;
    }
    seen.add(id);
    let ok = true;
    for (const end of ['from', 'to'] as const) {
      const target = rawBond[end];
      if (typeof target !== 'string') {
        problems.add('missing-field', `bond ${id}: no ${end} end (a dangling bond)`, { element: id, field: end, path: `${path}/${end}`, expected: `the id of the element power ${end === 'from' ? 'leaves' : 'enters'}` });
        ok = false;
      } else if (!byId.has(target)) {
        problems.add('unknown-element', `bond ${id}.${end}: "${target}" is no element (a dangling bond)`, { element: id, field: end, path: `${path}/${end}`, expected: `one of ${[...byId.keys()].slice(0, 20).join(', ')}` });
        ok = false;
      }
    }
    if (!ok) return;
    if (rawBond.from === rawBond.to) {
      problems.add('self-loop', `bond ${id} joins ${String(rawBond.from)} to itself`, { element: id, field: 'to', path: `${path}/to`, expected: 'two different elements' });
      return;
    }
    out.push({ id, from: rawBond.from as string, to: rawBond.to as string });
  });
  return out;
}

/** One-ports have one bond, two-ports one in and one out, junctions two or more. */
function checkBondCounts(elements: readonly BondElement[], bonds: readonly Bond[], problems: Problems): void {
  const into = new Map<string, number>();
  const outOf = new Map<string, number>();
  for (const b of bonds) {
    outOf.set(b.from, (outOf.get(b.from) ?? 0) + 1);
    into.set(b.to, (into.get(b.to) ?? 0) + 1);
  }
  elements.forEach((e, k) => {
    const i = into.get(e.id) ?? 0;
    const o = outOf.get(e.id) ?? 0;
    const path = `/elements/${k}`;
    if (i + o === 0) {
      problems.add('dangling-node', `${e.id} has no bond`, { element: e.id, field: 'bonds', path, expected: 'a bond to or from it' });
    } else if (ONE_PORT_KINDS.has(e.kind) && i + o !== 1) {
      problems.add('bad-value', `${e.id} (${e.kind}) has ${i + o} bonds`, { element: e.id, field: 'bonds', path, expected: 'exactly one bond: join several through a 0- or 1-junction' });
    } else if (TWO_PORT_KINDS.has(e.kind) && (i !== 1 || o !== 1)) {
      problems.add('bad-value', `${e.id} (${e.kind}) has ${i} bonds in and ${o} out`, { element: e.id, field: 'bonds', path, expected: 'one bond in (port 1) and one bond out (port 2)' });
    } else if (JUNCTION_KINDS.has(e.kind) && i + o < 2) {
      problems.add('dangling-node', `junction ${e.id} has a single bond`, { element: e.id, field: 'bonds', path, expected: 'two bonds or more (a junction with one bond forces its flow or effort to zero)' });
    }
  });
}

function readOutputs(value: unknown, byId: ReadonlyMap<string, BondElement>, bondIds: ReadonlySet<string>, problems: Problems): BondOutput[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.add('bad-output', 'outputs is not an array', { field: 'outputs', path: '/outputs', expected: 'an array of { bond | element, variable }' });
    return [];
  }
  const out: BondOutput[] = [];
  const names = new Set<string>();
  value.forEach((o, k) => {
    const path = `/outputs/${k}`;
    const label = `outputs[${k}]`;
    if (!isObject(o)) {
      problems.add('bad-output', `${label} is not an object`, { element: label, field: 'outputs', path, expected: '{ bond | element, variable }' });
      return;
    }
    const variable = o.variable;
    if (variable !== 'effort' && variable !== 'flow') {
      problems.add('bad-output', `${label}.variable: "${String(variable)}"`, { element: label, field: 'variable', path: `${path}/variable`, expected: 'effort or flow' });
      return;
    }
    const v = variable === 'effort' ? 'e' : 'f';
    if (typeof o.bond === 'string' && o.element === undefined) {
      if (!bondIds.has(o.bond)) {
        problems.add('bad-output', `${label}.bond: "${o.bond}" is no bond`, { element: o.bond, field: 'bond', path: `${path}/bond`, expected: 'the id of a bond' });
        return;
      }
      const name = typeof o.name === 'string' ? o.name : `${v}_${o.bond}`;
      if (checkName(name, label, path, names, problems)) out.push({ name, bond: o.bond, variable });
    } else if (typeof o.element === 'string' && o.bond === undefined) {
      const e = byId.get(o.element);
      if (!e) {
        problems.add('bad-output', `${label}.element: "${o.element}" is no element`, { element: o.element, field: 'element', path: `${path}/element`, expected: 'the id of an element' });
        return;
      }
      if (TWO_PORT_KINDS.has(e.kind)) {
        problems.add('bad-output', `${label}: ${e.id} is a ${e.kind}; name one of its bonds`, { element: e.id, field: 'element', path: `${path}/element`, expected: 'a one-port or a junction, or a bond' });
        return;
      }
      if ((e.kind === '0' && variable === 'flow') || (e.kind === '1' && variable === 'effort')) {
        problems.add('bad-output', `${label}: a ${e.kind}-junction has no single ${variable}`, { element: e.id, field: 'variable', path: `${path}/variable`, expected: e.kind === '0' ? 'effort (common to its bonds), or the flow of one bond' : 'flow (common to its bonds), or the effort of one bond' });
        return;
      }
      const name = typeof o.name === 'string' ? o.name : `${v}_${o.element}`;
      if (checkName(name, label, path, names, problems)) out.push({ name, element: o.element, variable });
    } else {
      problems.add('bad-output', `${label}: give one of bond and element`, { element: label, field: 'bond', path, expected: 'exactly one of bond and element' });
    }
  });
  return out;
}

function checkName(name: string, label: string, path: string, names: Set<string>, problems: Problems): boolean {
  if (!IDENTIFIER.test(name) || names.has(name)) {
    problems.add('bad-output', `${label}.name: "${name}" ${names.has(name) ? 'is used twice' : 'is not an identifier'}`, { element: label, field: 'name', path: `${path}/name`, expected: 'a unique identifier' });
    return false;
  }
  names.add(name);
  return true;
}

function readParameters(value: unknown, problems: Problems): Record<string, BondParameter> {
  if (value === undefined) return {};
  if (!isObject(value)) {
    problems.add('schema', 'parameters is not an object', { field: 'parameters', path: '/parameters', expected: 'name → number, null or { value, unit?, description? }' });
    return {};
  }
  return value as Record<string, BondParameter>;
}
