/**
 * The description's JSON Schema (schema/system.schema.json) compiled by ajv into a validation function, with the
 * options of schema/ajv-options.json: allErrors to report every violation at once, verbose for the messages
 * (the data and the parent schema of each error). It runs only for documents the hand-written fast path
 * (schema-fast-path.ts) refuses.
 *
 * This module is the one place ajv is imported. The command line's bundle (packages/cli/bin/bundle.mjs) replaces
 * it with ajv's standalone code of the same schema and options, generated when the bundle is built, so that no
 * run of the command evaluates ajv or compiles the schema; a test there checks that both give the same errors.
 */
import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import schema from '../schema/system.schema.json';
import options from '../schema/ajv-options.json';

/** The ajv validator of the schema. */
export function compileSchema(): ValidateFunction {
  // optimize off: compilation drops from about 200 ms to 60 ms; ajv runs only on invalid documents.
  const ajv = new Ajv({ ...options, code: { optimize: false } });
  return ajv.compile(schema);
}
