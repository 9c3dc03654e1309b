/**
 * StateMint-style equation files (packages/equations/README.md): the text form (.sm, .statemint, .eqn) and the
 * JSON form (.eqn.json; also the StateMint web tool's own keys InVars, StVarElEqns, …). Sniffed by a section
 * header [states] / [inputs] / [elemental] / [constraints] at the start of a line. Errors name the line (or the
 * JSON pointer) in the user's file.
 */
import { SysgraphError } from '@sysgraph/core';
import { deriveModel, parseEquationSet } from '@sysgraph/equations';
import type { Reader } from './reader';

export const EQUATION_EXTENSIONS = ['.sm', '.statemint', '.eqn', '.eqn.json'];

export const equationsReader: Reader = {
  name: 'statemint',
  extensions: EQUATION_EXTENSIONS,
  sniff: (text) => !/^\s*\{/.test(text) && /^\s*\[\s*(states|inputs|elemental|constraints)\s*\]/im.test(text),
  read: (input, options) => {
    if (input === null || (typeof input !== 'string' && typeof input !== 'object')) {
      throw new SysgraphError('bad-option', 'an equation file is read from text or a JSON object', { field: 'input', expected: 'the text of an equation file' });
    }
    const set = parseEquationSet(input, options.name !== undefined ? { name: options.name } : {});
    return { set, equations: deriveModel(set) };
  },
};
