/**
 * The JSON schema documents what readBondGraph reads: the example bond graphs satisfy it, and documents the
 * reader refuses for their shape (an unknown kind, a bond without an end, an output of neither bond nor element)
 * do not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { readBondGraph } from '../src/index';

const schema = JSON.parse(readFileSync(fileURLToPath(new URL('../schema/bondgraph.schema.json', import.meta.url)), 'utf8'));
const validate = new Ajv({ allErrors: true }).compile(schema);
const dir = fileURLToPath(new URL('../../../examples/bondgraph/', import.meta.url));
const examples = readdirSync(dir).filter((f) => f.endsWith('.bg.json'));

describe('bondgraph.schema.json', () => {
  it('has examples to check', () => expect(examples.length).toBeGreaterThanOrEqual(2));
  for (const f of examples) {
    it(`${f} satisfies the schema and reads`, () => {
      const doc = JSON.parse(readFileSync(`${dir}${f}`, 'utf8'));
      expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
      expect(() => readBondGraph(doc)).not.toThrow();
    });
  }
  it('refuses what the reader refuses for its shape', () => {
    const base = JSON.parse(readFileSync(`${dir}poster-rlc.bg.json`, 'utf8'));
    const bad = [
      { ...base, elements: [...base.elements, { id: 'X', kind: 'resistor' }] },
      { ...base, bonds: [...base.bonds, { id: 'b9', from: 'loop' }] },
      { ...base, outputs: [{ variable: 'flow' }] },
    ];
    for (const doc of bad) {
      expect(validate(doc)).toBe(false);
      expect(() => readBondGraph(doc)).toThrow();
    }
  });
});
