/**
 * satisfiesSchema: a hand-written check that a document satisfies schema/system.schema.json (JSON Schema
 * draft-07 as ajv applies it: numbers finite, string lengths in code points, patterns as Unicode regular
 * expressions, a property whose value is undefined counts as absent except for additionalProperties and
 * min/maxProperties). The schema stays the contract: this is only the happy path of schema-validator.ts, which
 * asks ajv to describe the errors whenever this returns false. The enums (kinds, domains) are read from the
 * schema document itself; a test checks that this and ajv agree on a corpus of valid and invalid documents.
 * Cost: one pass over the document, O(size), no allocation for a valid one.
 */
import schema from '../schema/system.schema.json';

type Obj = Readonly<Record<string, unknown>>;

const definitions = schema.definitions;
const elementSchema = definitions.element;

/** The `kind` enums of the element schema's four if/then families (one-port, source, two-port, mutual). */
const familyKinds = elementSchema.allOf.map((a) => new Set<string>(a.if.properties.kind.enum));
const [ONE_PORT_KINDS, SOURCE_KINDS, TWO_PORT_KINDS, MUTUAL_KINDS] = familyKinds;
const ELEMENT_KINDS = new Set<string>(elementSchema.properties.kind.enum);
const TWO_PORT_ONLY_KINDS = new Set<string>(definitions.twoPort.properties.kind.enum);
const MUTUAL_ONLY_KINDS = new Set<string>(definitions.mutual.properties.kind.enum);
const DOMAINS = new Set<string>(elementSchema.properties.domain.enum);
const OUTPUT_VARIABLES = new Set<string>(definitions.output.properties.variable.enum);
const OUTPUT_PORTS = new Set<number>(definitions.output.properties.port.enum);
const IDENTIFIER = new RegExp(elementSchema.properties.id.pattern, 'u');
const PARAMETER_NAME = new RegExp(schema.properties.parameters.propertyNames.pattern, 'u');

/** Allowed keys of each object (additionalProperties: false). */
const keysOf = (properties: object): ReadonlySet<string> => new Set(Object.keys(properties));
const ROOT_KEYS = keysOf(schema.properties);
const ELEMENT_KEYS = keysOf(elementSchema.properties);
const TWO_PORT_KEYS = keysOf(definitions.twoPort.properties);
const MUTUAL_KEYS = keysOf(definitions.mutual.properties);
const PORT_KEYS = keysOf(definitions.port.properties);
const OUTPUT_KEYS = keysOf(definitions.output.properties);
const LAW_KEYS = keysOf(elementSchema.properties.law.properties);
const PARAMETRIC_KEYS = keysOf(elementSchema.properties.law.properties.parametric.properties);
const PARAMETER_KEYS = keysOf(schema.properties.parameters.additionalProperties.properties);

export function satisfiesSchema(doc: unknown): boolean {
  if (!isObject(doc) || !onlyKeys(doc, ROOT_KEYS)) return false;
  const d = doc as Obj;
  if (d.$schema !== undefined && typeof d.$schema !== 'string') return false;
  if (d.meta !== undefined && !isObject(d.meta)) return false;
  if (d.name !== undefined && !isString(d.name, 1, 200)) return false;
  if (d.title !== undefined && !isString(d.title, 0, 500)) return false;
  if (d.description !== undefined && !isString(d.description, 0, 20000)) return false;
  if (d.parameters !== undefined && !parametersOk(d.parameters)) return false;
  if (d.elements !== undefined && !everyItem(d.elements, elementOk)) return false;
  if (d.twoPorts !== undefined && !everyItem(d.twoPorts, twoPortOk)) return false;
  if (d.two_ports !== undefined && !everyItem(d.two_ports, twoPortOk)) return false;
  if (d.mutuals !== undefined && !everyItem(d.mutuals, mutualOk)) return false;
  if (d.outputs !== undefined && !everyItem(d.outputs, outputOk)) return false;
  if (d.ground !== undefined && !groundOk(d.ground)) return false;
  return true;
}

function elementOk(x: unknown): boolean {
  if (!isObject(x) || !onlyKeys(x, ELEMENT_KEYS)) return false;
  const e = x as Obj;
  const kind = e.kind;
  if (e.id === undefined || kind === undefined) return false;
  if (!isIdentifier(e.id)) return false;
  if (typeof kind !== 'string' || !ELEMENT_KINDS.has(kind)) return false;
  if (e.from !== undefined && !isString(e.from, 1, 200)) return false;
  if (e.to !== undefined && !isString(e.to, 1, 200)) return false;
  if (e.value !== undefined && !isValue(e.value)) return false;
  if (e.law !== undefined && !lawOk(e.law)) return false;
  if (e.domain !== undefined && !(typeof e.domain === 'string' && DOMAINS.has(e.domain))) return false;
  if (e.label !== undefined && !isString(e.label, 0, 200)) return false;
  if (e.description !== undefined && !isString(e.description, 0, 5000)) return false;
  if (e.input !== undefined && !isIdentifier(e.input)) return false;
  if (e.ports !== undefined && !portsOk(e.ports)) return false;
  if (e.ratio !== undefined && !isValue(e.ratio)) return false;
  if (e.between !== undefined && !betweenOk(e.between)) return false;
  if (e.coupling !== undefined && !isValue(e.coupling)) return false;
  // allOf: the fields each family requires and forbids.
  if (ONE_PORT_KINDS.has(kind)) {
    if (e.from === undefined || e.to === undefined) return false;
    if (e.input !== undefined || e.ports !== undefined || e.ratio !== undefined || e.between !== undefined || e.coupling !== undefined) return false;
    if (e.law !== undefined ? e.value !== undefined : e.value === undefined) return false;
  } else if (SOURCE_KINDS.has(kind)) {
    if (e.from === undefined || e.to === undefined) return false;
    if (e.ports !== undefined || e.ratio !== undefined || e.between !== undefined || e.coupling !== undefined || e.law !== undefined) return false;
  } else if (TWO_PORT_KINDS.has(kind)) {
    if (e.ports === undefined || e.ratio === undefined) return false;
    if (e.from !== undefined || e.to !== undefined || e.value !== undefined || e.input !== undefined) return false;
    if (e.between !== undefined || e.coupling !== undefined || e.domain !== undefined || e.law !== undefined) return false;
  } else if (MUTUAL_KINDS.has(kind)) {
    if (e.between === undefined) return false;
    if (e.from !== undefined || e.to !== undefined || e.input !== undefined || e.ports !== undefined) return false;
    if (e.ratio !== undefined || e.domain !== undefined || e.law !== undefined) return false;
  }
  return true;
}

function twoPortOk(x: unknown): boolean {
  if (!isObject(x) || !onlyKeys(x, TWO_PORT_KEYS)) return false;
  const e = x as Obj;
  if (e.id === undefined || e.kind === undefined || e.ports === undefined || e.ratio === undefined) return false;
  if (!isIdentifier(e.id)) return false;
  if (!(typeof e.kind === 'string' && TWO_PORT_ONLY_KINDS.has(e.kind))) return false;
  if (!portsOk(e.ports) || !isValue(e.ratio)) return false;
  if (e.label !== undefined && !isString(e.label, 0, 200)) return false;
  if (e.description !== undefined && !isString(e.description, 0, 5000)) return false;
  return true;
}

function mutualOk(x: unknown): boolean {
  if (!isObject(x) || !onlyKeys(x, MUTUAL_KEYS)) return false;
  const e = x as Obj;
  if (e.id === undefined || e.between === undefined) return false;
  if (!isIdentifier(e.id) || !betweenOk(e.between)) return false;
  if (e.kind !== undefined && !(typeof e.kind === 'string' && MUTUAL_ONLY_KINDS.has(e.kind))) return false;
  if (e.value !== undefined && !isValue(e.value)) return false;
  if (e.coupling !== undefined && !isValue(e.coupling)) return false;
  if (e.label !== undefined && !isString(e.label, 0, 200)) return false;
  if (e.description !== undefined && !isString(e.description, 0, 5000)) return false;
  return true;
}

function portsOk(x: unknown): boolean {
  return Array.isArray(x) && x.length === 2 && everyItem(x, portOk);
}

function portOk(x: unknown): boolean {
  if (!isObject(x) || !onlyKeys(x, PORT_KEYS)) return false;
  const p = x as Obj;
  if (p.from === undefined || p.to === undefined) return false;
  if (!isString(p.from, 1, 200) || !isString(p.to, 1, 200)) return false;
  if (p.domain !== undefined && !(typeof p.domain === 'string' && DOMAINS.has(p.domain))) return false;
  if (p.label !== undefined && !isString(p.label, 0, 200)) return false;
  return true;
}

function betweenOk(x: unknown): boolean {
  return Array.isArray(x) && x.length === 2 && isString(x[0], 1, Infinity) && isString(x[1], 1, Infinity);
}

function lawOk(x: unknown): boolean {
  if (!isObject(x) || !onlyKeys(x, LAW_KEYS)) return false;
  const law = x as Obj;
  const count = Object.keys(law).length;
  if (count !== 1) return false; // minProperties 1, maxProperties 1
  for (const key of ['charge', 'across', 'flux', 'through']) {
    if (law[key] !== undefined && !isString(law[key], 1, 1000)) return false;
  }
  return law.parametric === undefined || parametricOk(law.parametric);
}

function parametricOk(x: unknown): boolean {
  if (!isObject(x) || !onlyKeys(x, PARAMETRIC_KEYS)) return false;
  const p = x as Obj;
  if (p.parameter !== undefined && !isIdentifier(p.parameter)) return false;
  if (p.interval !== undefined) {
    const i = p.interval;
    if (!Array.isArray(i) || i.length !== 2 || !isNumber(i[0]) || !isNumber(i[1])) return false;
  }
  for (const key of ['across', 'through', 'charge', 'flux']) {
    if (p[key] !== undefined && !isString(p[key], 1, 1000)) return false;
  }
  return true;
}

function parametersOk(x: unknown): boolean {
  if (!isObject(x)) return false;
  const params = x as Obj;
  for (const name in params) {
    // propertyNames: pattern and maxLength
    if (!PARAMETER_NAME.test(name) || !withinLength(name, 0, 100)) return false;
    const entry = params[name];
    // additionalProperties: number, null or { value, unit?, description? }
    if (entry === null || isNumber(entry)) continue;
    if (!isObject(entry) || !onlyKeys(entry, PARAMETER_KEYS)) return false;
    const p = entry as Obj;
    if (p.value === undefined || !(p.value === null || isNumber(p.value))) return false;
    if (p.unit !== undefined && !isString(p.unit, 0, 50)) return false;
    if (p.description !== undefined && !isString(p.description, 0, 1000)) return false;
  }
  return true;
}

function outputOk(x: unknown): boolean {
  if (!isObject(x) || !onlyKeys(x, OUTPUT_KEYS)) return false;
  const o = x as Obj;
  if (o.name !== undefined && !isString(o.name, 1, 100)) return false;
  if (o.element !== undefined && !isString(o.element, 1, Infinity)) return false;
  if (o.port !== undefined && !(typeof o.port === 'number' && OUTPUT_PORTS.has(o.port))) return false;
  if (o.variable !== undefined && !(typeof o.variable === 'string' && OUTPUT_VARIABLES.has(o.variable))) return false;
  if (o.node !== undefined && !isString(o.node, 1, Infinity)) return false;
  if (o.reference !== undefined && !isString(o.reference, 1, Infinity)) return false;
  if (o.node !== undefined) return o.element === undefined && o.port === undefined && o.variable === undefined;
  return o.element !== undefined && o.variable !== undefined && o.reference === undefined;
}

function groundOk(x: unknown): boolean {
  if (typeof x === 'string') return withinLength(x, 1, Infinity);
  return Array.isArray(x) && everyItem(x, (g) => isString(g, 1, Infinity));
}

function everyItem(x: unknown, ok: (item: unknown) => boolean): boolean {
  if (!Array.isArray(x)) return false;
  for (let k = 0; k < x.length; k++) if (!ok(x[k])) return false;
  return true;
}

function isObject(x: unknown): x is Obj {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** additionalProperties: false (ajv walks the keys with for…in). */
function onlyKeys(x: object, allowed: ReadonlySet<string>): boolean {
  for (const key in x) if (!allowed.has(key)) return false;
  return true;
}

function isNumber(x: unknown): boolean {
  return typeof x === 'number' && Number.isFinite(x);
}

/** A value, ratio or coupling: a finite number or a string of 1 to 1000 characters. */
function isValue(x: unknown): boolean {
  return isNumber(x) || isString(x, 1, 1000);
}

function isIdentifier(x: unknown): boolean {
  return typeof x === 'string' && IDENTIFIER.test(x) && withinLength(x, 0, 100);
}

function isString(x: unknown, min: number, max: number): boolean {
  return typeof x === 'string' && withinLength(x, min, max);
}

/** min ≤ length ≤ max in code points (JSON Schema string length), counting UTF-16 units only when they differ. */
function withinLength(s: string, min: number, max: number): boolean {
  const units = s.length;
  if (units <= max && (min <= 1 ? units >= min : false)) return true;
  const points = codePoints(s);
  return points >= min && points <= max;
}

/** Code points of a string: a surrogate pair counts once (as ajv's ucs2length). */
function codePoints(s: string): number {
  let n = 0;
  for (let k = 0; k < s.length; k++) {
    n++;
    const c = s.charCodeAt(k);
    if (c >= 0xd800 && c <= 0xdbff && k + 1 < s.length) {
      const d = s.charCodeAt(k + 1);
      if ((d & 0xfc00) === 0xdc00) k++;
    }
  }
  return n;
}
