/**
 * parseSystem: JSON text or object → validated SystemDescription, the first stage of the pipeline
 * (docs/style.md: validate once, at the boundary). Order of work: JSON → schema → parameters → elements
 * (aliases resolved, values in generalised form; ids, nodes and components in the same single pass) → dangling
 * nodes → grounds → mutual inductances → outputs → numeric value checks. Every independent error is collected;
 * one is thrown as a SysgraphError, several as SysgraphErrors. The happy path allocates per element only what
 * it returns: nodes and ids are numbered once, error locations are built only for errors, repeated values share
 * one Expression, and a valid document never reaches ajv (schema-fast-path.ts). The node numbers of the branch
 * terminals and the id order found for the duplicate check are kept as the description's branchNumbering
 * (branch-numbering.ts) for buildLinearGraph. Cost: O(input size + Σ size of distinct expressions).
 */
import { SysgraphError } from '@sysgraph/core';
import { BranchRecorder, MUTUAL, ONE_PORT, SOURCE, TWO_PORT } from './branch-numbering';
import { checkMutuals } from './check-mutuals';
import { checkValues } from './check-values';
import { ErrorList, throwAll } from './error-list';
import { createExpressionParser } from './expression';
import { withExpressionCache } from './expression-cache';
import type { ExpressionParser } from './expression';
import { assignGrounds } from './grounds';
import { elementKind } from './kinds';
import { NodeTable } from './node-table';
import { ElementIds } from './element-ids';
import type { ElementClass, RawElement, RawOutput, RawSystem } from './raw-input';
import { createReadContext } from './read-context';
import type { ReadContext } from './read-context';
import { lawScopes } from './read-law';
import { readMutual } from './read-mutual';
import { readOnePort } from './read-one-port';
import { readOutputs } from './read-outputs';
import { readParameters } from './read-parameters';
import { readSource } from './read-source';
import { readTwoPort } from './read-two-port';
import { createSchemaValidator } from './schema-validator';
import type { SchemaValidator } from './schema-validator';
import { checkDanglingNodes } from './terminals';
import type { ElementList } from './terminals';
import type { MutualInductance, OnePort, Source, SystemDescription, TwoPort } from './types';

export interface ParseOptions {
  /** The name used when the description has none (e.g. the file name); default "system". */
  readonly name?: string;
}

export interface SystemParser {
  parse(input: unknown, options?: ParseOptions): SystemDescription;
  /** The expression parser this system parser uses (for withParameters and callers that build expressions). */
  readonly expressions: ExpressionParser;
}

/**
 * A parser with its own schema validator (ajv, compiled on the first document that fails the fast path, costs
 * tens of milliseconds, and is then kept); keep one per call site
 * that parses many descriptions. It holds no state between calls.
 */
export function createSystemParser(): SystemParser {
  const schema = createSchemaValidator();
  const expressions = createExpressionParser();
  return { parse: (input, options) => parseWith(schema, expressions, input, options), expressions };
}

/**
 * Parses one description. Without an explicit parser it uses one compiled on first use and shared by every
 * later call: the compiled schema is immutable, so sharing it changes no result.
 */
export function parseSystem(input: unknown, options: ParseOptions & { readonly parser?: SystemParser } = {}): SystemDescription {
  return (options.parser ?? sharedParser()).parse(input, options);
}

let shared: SystemParser | undefined;
function sharedParser(): SystemParser {
  shared ??= createSystemParser();
  return shared;
}

function parseWith(
  schema: SchemaValidator,
  parser: ExpressionParser,
  input: unknown,
  options: ParseOptions = {},
): SystemDescription {
  const doc = typeof input === 'string' ? parseJson(input) : input;
  throwAll(schema.validate(doc));
  const raw = doc as RawSystem;
  const errors = new ErrorList();

  const { values: parameters, details } = readParameters(raw.parameters, parser, errors);
  const ctx = createReadContext(withExpressionCache(parser), parameters, errors, lawScopes(parameters));

  // Every element in input order, list by list; an element is known by its ordinal in this order.
  const lists: ElementList[] = [];
  if (raw.elements !== undefined) lists.push({ name: 'elements', items: raw.elements });
  if (raw.twoPorts !== undefined) lists.push({ name: 'twoPorts', items: raw.twoPorts });
  if (raw.two_ports !== undefined) lists.push({ name: 'two_ports', items: raw.two_ports });
  if (raw.mutuals !== undefined) lists.push({ name: 'mutuals', items: raw.mutuals, defaultKind: 'mutual-inductance' });

  // What each element is, from the input alone (so that an element with a bad value causes no follow-up errors).
  const { ids, oneports, sources, twoPorts, mutualsRead, nodes, recorder } = readElements(lists, ctx);

  for (const [o, first] of ids.duplicates()) {
    const path = pathOfOrdinal(lists, o);
    const id = elementAt(lists, o).id;
    errors.add('duplicate-id', `${path}.id: "${id}" is already the id of ${pathOfOrdinal(lists, first)}`, {
      element: id,
      field: 'id',
      path: `${path}.id`,
      expected: 'ids unique across elements, two-ports and mutual inductances',
    });
  }
  // The ids other fields refer to: mutual inductances (and the elements they couple) and outputs.
  ids.expect(referencedIds(mutualsRead, raw.outputs));
  const classOf = (id: string): ElementClass | undefined => ids.get(id)?.cls;
  const pathOf = (id: string): string | undefined => {
    const entry = ids.get(id);
    return entry === undefined ? undefined : pathOfOrdinal(lists, entry.ordinal);
  };

  checkDanglingNodes(lists, nodes, errors);
  const components = nodes.components();
  const grounds = assignGrounds(raw.ground, nodes.names, components, errors);
  const mutuals = checkMutuals(mutualsRead, classOf, pathOf, errors);
  const outputs = readOutputs(raw.outputs ?? [], { classOf, components, grounds }, errors);

  for (const e of checkValues({ parameters, oneports, sources, twoPorts, mutuals }, pathOf)) errors.addThrown(e);
  errors.throwIfAny();

  const description: { -readonly [K in keyof SystemDescription]: SystemDescription[K] } = {
    name: raw.name ?? options.name ?? 'system',
    parameters,
    oneports,
    sources,
    twoPorts,
    mutuals,
    outputs,
    grounds,
    nodes: nodes.names,
    nodeIndex: nodes.index,
    branchNumbering: recorder.finish(ids.order(), components),
  };
  if (raw.title !== undefined) description.title = raw.title;
  if (raw.description !== undefined) description.description = raw.description;
  if (details.size > 0) description.parameterDetails = details;
  return description;
}

/** What readElements gathers: every element read, its id, its nodes and the terminals of its branches. */
interface ElementsRead {
  readonly ids: ElementIds;
  readonly oneports: OnePort[];
  readonly sources: Source[];
  readonly twoPorts: TwoPort[];
  readonly mutualsRead: MutualInductance[];
  readonly nodes: NodeTable;
  readonly recorder: BranchRecorder;
}

/**
 * Every element in input order, list by list (an element is known by its ordinal in this order): its id, the
 * numbers of its nodes and its branches' terminals, and what the readers make of it. Its own function, the
 * long loop last, so that V8 compiles this loop on its own on the first large description (on-stack
 * replacement of a small function) rather than all of parseWith around it.
 */
function readElements(lists: readonly ElementList[], ctx: ReadContext): ElementsRead {
  const ids = new ElementIds();
  const oneports: OnePort[] = [];
  const sources: Source[] = [];
  const twoPorts: TwoPort[] = [];
  const mutualsRead: MutualInductance[] = [];
  const nodes = new NodeTable();
  const recorder = new BranchRecorder();
  for (const list of lists) {
    ctx.list = list.name;
    const items = list.items;
    for (let k = 0; k < items.length; k++) {
      const element = items[k];
      ctx.index = k;
      const info = elementKind(element.kind ?? list.defaultKind ?? '');
      if (info === undefined) {
        ids.add(element.id, 'mutual'); // the schema lists every kind; unreachable
        recorder.add(MUTUAL);
        continue;
      }
      if (info.family === 'one-port') {
        ids.add(element.id, info.type);
        recorder.add(ONE_PORT);
        recorder.branch(ONE_PORT, nodes, element.from as string, element.to as string);
        const e = readOnePort(element, info, ctx);
        if (e !== undefined) oneports.push(e);
      } else if (info.family === 'source') {
        ids.add(element.id, info.type);
        recorder.add(SOURCE);
        recorder.branch(SOURCE, nodes, element.from as string, element.to as string);
        const s = readSource(element, info, ctx);
        if (s !== undefined) sources.push(s);
      } else if (info.family === 'two-port') {
        ids.add(element.id, 'two-port');
        recorder.add(TWO_PORT);
        for (const p of element.ports ?? []) recorder.branch(TWO_PORT, nodes, p.from, p.to);
        const t = readTwoPort(element, ctx);
        if (t !== undefined) twoPorts.push(t);
      } else {
        ids.add(element.id, 'mutual');
        recorder.add(MUTUAL);
        const m = readMutual(element, ctx);
        if (m !== undefined) mutualsRead.push(m);
      }
    }
  }
  return { ids, oneports, sources, twoPorts, mutualsRead, nodes, recorder };
}

/** The ids that mutual inductances and outputs name. */
function* referencedIds(mutuals: readonly MutualInductance[], outputs: readonly RawOutput[] | undefined): Iterable<string> {
  for (const m of mutuals) yield* [m.id, ...m.between];
  for (const o of outputs ?? []) if (typeof o.element === 'string') yield o.element;
}

/** The element with this ordinal. */
function elementAt(lists: readonly ElementList[], ordinal: number): RawElement {
  let o = ordinal;
  for (const list of lists) {
    if (o < list.items.length) return list.items[o];
    o -= list.items.length;
  }
  throw new RangeError(`no element ${ordinal}`);
}

/** "elements[3]" of the element with this ordinal. */
function pathOfOrdinal(lists: readonly ElementList[], ordinal: number): string {
  let o = ordinal;
  for (const list of lists) {
    if (o < list.items.length) return `${list.name}[${o}]`;
    o -= list.items.length;
  }
  return `element ${ordinal}`;
}

/** JSON text; a UTF-8 byte-order mark at the start (U+FEFF, as some editors save) is not part of the document. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    throw new SysgraphError('invalid-json', `the description is not valid JSON: ${e instanceof Error ? e.message : String(e)}`, {
      expected: 'a JSON object (see schema/system.schema.json)',
    });
  }
}
