/** The JSON form: the schema accepts the examples (both spellings), and the JSON and text forms derive the same model. */
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { deriveModel, parseEquationSet } from '@sysgraph/equations';
import type { LinearEquationModel } from '@sysgraph/equations';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const schema = JSON.parse(read('../schema/equations.schema.json')) as object;
const validate = new Ajv2020({ strict: false }).compile(schema);

describe('the JSON form of an equation file', () => {
  it('the schema accepts the example and the StateMint spelling, and refuses an unknown field', () => {
    expect(validate(JSON.parse(read('../../../examples/equations/nonzero-e.eqn.json')))).toBe(true);
    expect(validate({ InVars: 'u', StVarElEqns: "x' = -x + u", OutputVars: 'x' })).toBe(true);
    expect(validate({ states: ["x' = -x"], outputs: ['x'], state: [] })).toBe(false);
  });

  it('derives the same model as the text form', () => {
    const a = deriveModel(parseEquationSet(read('../../../examples/equations/nonzero-e.eqn.json'))) as LinearEquationModel;
    const b = deriveModel(parseEquationSet(read('../../../examples/equations/nonzero-e.sm'))) as LinearEquationModel;
    expect(a.numeric).toEqual(b.numeric);
    expect(a.name).toBe('nonzero-e-json');
  });
});
