/**
 * parseSystem: JSON text or object → validated SystemDescription, the first stage of the pipeline
 * (docs/style.md: validate once, at the boundary). Order of work: JSON → schema → parameters → elements
 * (aliases resolved, values in generalised form) → ids, nodes, dangling nodes, components and grounds →
 * mutual inductances → outputs → numeric value checks. Every independent error is collected; one is thrown as a
 * SysgraphError, several as SysgraphErrors.
 */
import { SysgraphError } from '@sysgraph/core';
import { checkMutuals } from './check-mutuals';
import { checkValues } from './check-values';
import { ErrorList } from './error-list';
import { createExpressionParser } from './expression';
import { withExpressionCache } from './expression-cache';
import type { ExpressionParser } from './expression';
import { assignGrounds, findComponents } from './grounds';
import { elementKind } from './kinds';
import type { ElementClass, RawElement, RawSystem, SitedElement } from './raw-input';
import type { ReadContext } from './read-context';
import { readMutual } from './read-mutual';
import { readOnePort } from './read-one-port';
import { readOutputs } from './read-outputs';
import { readParameters } from './read-parameters';
import { readSource } from './read-source';
import { readTwoPort } from './read-two-port';
import { createSchemaValidator } from './schema-validator';
import type { SchemaValidator } from './schema-validator';
import { checkDanglingNodes, collectTerminals, nodesInOrder } from './terminals';
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
 * A parser with its schema compiled once (ajv compilation costs tens of milliseconds); keep one per call site
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
  const schemaErrors = schema.validate(doc);
  const errors = new ErrorList();
  for (const e of schemaErrors) errors.addThrown(e);
  errors.throwIfAny();
  const raw = doc as RawSystem;

  const { values: parameters, details } = readParameters(raw.parameters, parser, errors);
  const ctx: ReadContext = { parser: withExpressionCache(parser), parameters, errors };

  // Every element in input order, with where it was written.
  const sited: SitedElement[] = [
    ...site(raw.elements, 'elements'),
    ...site(raw.twoPorts, 'twoPorts'),
    ...site(raw.two_ports, 'two_ports'),
    ...site(raw.mutuals, 'mutuals', 'mutual-inductance'),
  ];
  const pathOf = new Map<string, string>();
  for (const s of sited) {
    const first = pathOf.get(s.raw.id);
    if (first !== undefined) {
      errors.add('duplicate-id', `${s.path}.id: "${s.raw.id}" is already the id of ${first}`, {
        element: s.raw.id,
        field: 'id',
        path: `${s.path}.id`,
        expected: 'ids unique across elements, two-ports and mutual inductances',
      });
    } else {
      pathOf.set(s.raw.id, s.path);
    }
  }

  const oneports: OnePort[] = [];
  const sources: Source[] = [];
  const twoPorts: TwoPort[] = [];
  const mutualsRead: MutualInductance[] = [];
  // What each id is, from the input alone (so that an element with a bad value causes no follow-up errors).
  const classOf = new Map<string, ElementClass>();
  for (const s of sited) {
    const info = elementKind(s.raw.kind);
    if (info === undefined) continue; // the schema lists every kind; unreachable
    if (!classOf.has(s.raw.id)) classOf.set(s.raw.id, 'type' in info ? info.type : info.family);
    if (info.family === 'one-port') push(oneports, readOnePort(s, info, ctx));
    else if (info.family === 'source') push(sources, readSource(s, info, ctx));
    else if (info.family === 'two-port') push(twoPorts, readTwoPort(s, ctx));
    else push(mutualsRead, readMutual(s, ctx));
  }

  const { terminals, branches } = collectTerminals(sited);
  const nodes = nodesInOrder(terminals);
  checkDanglingNodes(terminals, errors);
  const components = findComponents(nodes, branches);
  const grounds = assignGrounds(raw.ground, nodes, components, errors);

  const mutuals = checkMutuals(mutualsRead, classOf, pathOf, errors);

  const idsOf = (...classes: ElementClass[]) => new Set([...classOf].filter(([, c]) => classes.includes(c)).map(([id]) => id));
  const outputs = readOutputs(
    raw.outputs ?? [],
    { branches: idsOf('A', 'T', 'D', 'E', 'J'), twoPorts: idsOf('two-port'), mutuals: idsOf('mutual'), components, grounds },
    errors,
  );

  for (const e of checkValues({ parameters, oneports, sources, twoPorts, mutuals }, pathOf)) errors.addThrown(e);
  errors.throwIfAny();

  return {
    name: raw.name ?? options.name ?? 'system',
    ...(raw.title !== undefined ? { title: raw.title } : {}),
    ...(raw.description !== undefined ? { description: raw.description } : {}),
    parameters,
    oneports,
    sources,
    twoPorts,
    mutuals,
    outputs,
    grounds,
    nodes,
    ...(details.size > 0 ? { parameterDetails: details } : {}),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new SysgraphError('invalid-json', `the description is not valid JSON: ${e instanceof Error ? e.message : String(e)}`, {
      expected: 'a JSON object (see schema/system.schema.json)',
    });
  }
}

function site(list: readonly RawElement[] | undefined, name: string, defaultKind?: string): SitedElement[] {
  return (list ?? []).map((raw, k) => ({
    raw: defaultKind !== undefined && raw.kind === undefined ? { ...raw, kind: defaultKind } : raw,
    path: `${name}[${k}]`,
  }));
}

function push<T>(list: T[], item: T | undefined): void {
  if (item !== undefined) list.push(item);
}
