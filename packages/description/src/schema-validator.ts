/**
 * The JSON Schema check of a description (schema/system.schema.json, draft-07). A valid document passes the
 * hand-written check of schema-fast-path.ts alone; otherwise ajv's validator of the schema (schema-compile.ts,
 * made on the first such document, then kept by this validator) finds the violations, piece by piece, up to
 * MAX_SCHEMA_ERRORS, and validate() turns each into a SysgraphError that names the element (by id), the field and
 * what is expected, with the most specific code the location allows.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { SysgraphError } from '@sysgraph/core';
import type { SysgraphErrorCode } from '@sysgraph/core';
import schema from '../schema/system.schema.json';
import { locate, pointerTokens } from './input-path';
import { satisfiesSchema } from './schema-fast-path';
import { compileSchema } from './schema-compile';
import { schemaPieces } from './schema-pieces';
import { readableMessage } from './readable-message';

export interface SchemaValidator {
  /** Every schema violation of `input`, in document order (at most MAX_SCHEMA_ERRORS). Empty when valid. */
  validate(input: unknown): SysgraphError[];
}

/** Reporting stops after this many errors: garbage input gets a bounded answer. */
export const MAX_SCHEMA_ERRORS = 50;

/** The schema document itself (for the docs and the web app's editor). */
export const SYSTEM_SCHEMA: unknown = schema;

export { compileSchema } from './schema-compile';

export function createSchemaValidator(): SchemaValidator {
  let check: ValidateFunction | undefined;
  return {
    validate(input) {
      if (satisfiesSchema(input)) return [];
      check ??= compileSchema();
      const seen = new Set<string>();
      const out: SysgraphError[] = [];
      // ajv's allErrors collects every violation before returning: the document is checked in pieces
      // (schema-pieces.ts) and checking stops once MAX_SCHEMA_ERRORS are found, so garbage costs what its first
      // pieces cost.
      for (const piece of schemaPieces(input)) {
        if (check(piece.document)) continue;
        for (const e of check.errors ?? []) {
          if (e.keyword === 'if') continue;
          const err = toSysgraphError(input, { ...e, instancePath: piece.pointer(e.instancePath) });
          const key = `${err.code}|${err.path}|${err.message}`;
          if (seen.has(key)) continue;
          seen.add(key);
          out.push(err);
          if (out.length >= MAX_SCHEMA_ERRORS) return out;
        }
      }
      return out;
    },
  };
}

const NODE_FIELDS = new Set(['from', 'to']);
const VALUE_FIELDS = new Set(['value', 'ratio', 'coupling', 'domain']);
const PORT_FIELDS = new Set(['from', 'to', 'domain']);

function toSysgraphError(input: unknown, e: ErrorObject): SysgraphError {
  const tokens = pointerTokens(e.instancePath);
  const params = e.params as Record<string, unknown>;
  // The property the error is about, when ajv reports it on the parent object.
  const property =
    typeof params.missingProperty === 'string'
      ? params.missingProperty
      : typeof params.additionalProperty === 'string'
        ? params.additionalProperty
        : typeof params.propertyName === 'string'
          ? params.propertyName
          : undefined;
  const full = property === undefined ? tokens : [...tokens, property];
  const where = locate(input, full);
  const code = codeFor(full, e.keyword);
  const expected = expectedFor(e, property);
  // The whole document (not an object at all): there is no element or field to name, and the message says so.
  const subject = where.element !== undefined && where.field !== where.path ? `${where.element}.${where.field}` : where.path || 'the description as a whole (no element or field: the document itself)';
  return new SysgraphError(code, readableMessage(`${subject}: ${describe(e, property)}`), {
    element: where.element,
    field: where.field || undefined,
    expected,
    path: where.path,
  });
}

function codeFor(tokens: readonly string[], keyword: string): SysgraphErrorCode {
  const top = tokens[0];
  const last = tokens[tokens.length - 1];
  if (top === 'outputs') return 'bad-output';
  if (top === 'ground') return 'bad-ground';
  if (last === 'kind' && keyword === 'enum') return 'unknown-kind';
  if (keyword === 'required') return 'missing-field';
  if (tokens.length === 3 && NODE_FIELDS.has(last) && keyword !== 'false schema') return 'missing-field';
  if (tokens.length === 5 && tokens[2] === 'ports' && PORT_FIELDS.has(last) && keyword !== 'false schema') {
    return last === 'domain' ? 'bad-value' : 'missing-field';
  }
  if (keyword !== 'false schema' && keyword !== 'additionalProperties') {
    if (VALUE_FIELDS.has(last) && tokens.length === 3) return 'bad-value';
    if (top === 'parameters' && tokens.length >= 2) return 'bad-value';
  }
  return 'schema';
}

function expectedFor(e: ErrorObject, property: string | undefined): string {
  const params = e.params as Record<string, unknown>;
  const parent = e.parentSchema as Record<string, unknown> | undefined;
  switch (e.keyword) {
    case 'required':
      return `a "${property}" field`;
    case 'additionalProperties': {
      const allowed = parent?.properties ? Object.keys(parent.properties as object) : [];
      return `only the fields ${allowed.join(', ')}`;
    }
    case 'false schema':
      return 'no such field for this kind';
    case 'enum':
      return `one of: ${(params.allowedValues as unknown[]).map((v) => String(v)).join(', ')}`;
    case 'type':
      return `a value of type ${String(params.type)}`;
    case 'pattern':
      return 'an identifier: a letter or underscore, then letters, digits or underscores';
    case 'minLength':
      return 'a non-empty string';
    case 'minItems':
    case 'maxItems':
      return `${String(params.limit)} items`;
    default:
      return (parent?.description as string | undefined) ?? `to satisfy ${e.keyword}`;
  }
}

function describe(e: ErrorObject, property: string | undefined): string {
  switch (e.keyword) {
    case 'required':
      return `the field "${property}" is missing`;
    case 'additionalProperties':
      return `unknown field "${property}"`;
    case 'false schema':
      return 'this field is not allowed for this kind';
    case 'propertyNames':
      return `"${property}" is not a valid name`;
    case 'enum':
      return `${shorten(JSON.stringify(e.data) ?? String(e.data))} is not one of the allowed values`;
    default:
      return e.message ?? e.keyword;
  }
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
