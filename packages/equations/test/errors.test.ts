/** Malformed equation sets: typed errors naming the line (or JSON pointer) in the user's own file. */
import { describe, expect, it } from 'vitest';
import { SysgraphError } from '@sysgraph/core';
import { deriveModel, parseEquationSet } from '@sysgraph/equations';

const failure = (text: string): SysgraphError => {
  try {
    deriveModel(parseEquationSet(text, { name: 'bad' }));
  } catch (e) {
    expect(e).toBeInstanceOf(SysgraphError);
    return e as SysgraphError;
  }
  throw new Error('expected a typed error');
};

const base = (extra: string) => `[parameters]\nR = 2\n[inputs]\nu\n[states]\nx' = -x + R*v\n${extra}\n[outputs]\nx`;

describe('malformed equation files', () => {
  it('a variable defined twice: the second line, naming the first', () => {
    const e = failure(base('[elemental]\nv = u\n[constraints]\nv = 2*u'));
    expect(e.code).toBe('bad-equation');
    expect(e.path).toBe('line 10');
    expect(e.element).toBe('v');
    expect(e.elements).toEqual(['line 8', 'line 10']);
  });

  it('a missing equation: the variable used but never defined, at the line that uses it', () => {
    const e = failure(`[inputs]\nu\n[states]\nx' = -x + w\n[outputs]\nx`);
    expect(e.code).toBe('bad-equation');
    expect(e.path).toBe('line 4');
    expect(e.element).toBe('w');
  });

  it('an unknown symbol (a parameter not declared)', () => {
    const e = failure(base('[elemental]\nv = Q*u'));
    expect(e.code).toBe('bad-equation');
    expect(e.path).toBe('line 8');
    expect(e.element).toBe('Q');
  });

  it('a syntax error', () => {
    const e = failure(base('[elemental]\nv = (u + '));
    expect(e.code).toBe('bad-equation');
    expect(e.path).toBe('line 8');
    expect(e.element).toBe('v');
  });

  it('not an equation, a section unknown, a line before any section', () => {
    expect(failure(base('[elemental]\nv + u')).path).toBe('line 8');
    expect(failure(base('[elementals]\nv = u')).path).toBe('line 7');
    expect(failure(`x' = 1\n[states]`).path).toBe('line 1');
  });

  it("a state equation without its prime, an input defined by an equation, a parameter's derivative", () => {
    expect(failure(`[inputs]\nu\n[states]\nx = -x + u\n[outputs]\nx`).path).toBe('line 4');
    expect(failure(base('[constraints]\nu = v')).element).toBe('u');
    expect(failure(base("[elemental]\nv = R'*u")).element).toBe('R');
  });

  it('an output that is not a variable', () => {
    const e = failure(`[inputs]\nu\n[states]\nx' = -x + u\n[outputs]\nz`);
    expect(e.path).toBe('line 6');
    expect(e.element).toBe('z');
  });

  it('inconsistent equations: a = b + u and b = a contradict each other (0 = u)', () => {
    const e = failure(`[inputs]\nu\n[states]\nx' = -x + a\n[elemental]\na = b + u\n[constraints]\nb = a\n[outputs]\nx`);
    expect(e.code).toBe('bad-equation');
    expect(e.elements).toEqual(['line 6', 'line 8']);
    expect(e.expected).toMatch(/consistent/);
  });

  it('underdetermined: a = b and b = a leave a and b undetermined', () => {
    const e = failure(`[inputs]\nu\n[states]\nx' = -x + a + u\n[elemental]\na = b\n[constraints]\nb = a\n[outputs]\nx`);
    expect(e.code).toBe('bad-equation');
    expect(e.elements).toEqual(['line 6', 'line 8']);
    expect(e.expected).toMatch(/independent equation/);
  });

  it('state derivatives not determined: x1\' = x2\', x2\' = x1\'', () => {
    const e = failure(`[inputs]\nu\n[states]\nx1' = x2'\nx2' = x1'\n[outputs]\nx1`);
    expect(e.code).toBe('bad-equation');
    expect(e.elements).toEqual(['line 4', 'line 5']);
  });

  it('a second derivative, and an algebraic loop in a nonlinear set, are unsupported naming the line', () => {
    expect(failure(base("[elemental]\nv = u''")).code).toBe('unsupported');
    const loop = failure(`[inputs]\nu\n[states]\nx' = -x + a\n[elemental]\na = sin(b)\n[constraints]\nb = a + u\n[outputs]\nx`);
    expect(loop.code).toBe('unsupported');
    expect(loop.path).toMatch(/^line [68]$/);
  });

  it('JSON: the pointer of the item at fault', () => {
    const e = failure(JSON.stringify({ inputs: ['u'], states: ["x' = -x + u", "x' = 2"], outputs: ['x'] }));
    expect(e.code).toBe('bad-equation');
    expect(e.path).toBe('/states/1');
  });
});
