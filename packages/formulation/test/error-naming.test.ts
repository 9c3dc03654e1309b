/**
 * Formulation errors name the element and the field (issue 18 item 4): singular storage, a singular static
 * network, a zero tree resistance or two-port ratio.
 */
import { describe, expect, it } from 'vitest';
import { SysgraphError } from '@sysgraph/core';
import { runEngine } from './support/engine';
import { numericBackend } from '../src/index';
import { standardForm } from '../src/standard-form';

function errorOf(description: unknown): SysgraphError {
  try {
    runEngine(description);
  } catch (e) {
    if (e instanceof SysgraphError) return e;
    throw e;
  }
  throw new Error('expected a SysgraphError');
}

const V = { id: 'V', kind: 'voltage-source', from: 'a', to: 'g' };

describe('formulation errors name an element and a field', () => {
  it('a singular generalised mass matrix: singular-storage names the state nearest the failing pivot, field value', () => {
    // E = [[1, 1], [1, 1]] (two storage elements perfectly coupled): the second pivot is a cancellation.
    const d = { E: [[1, 1], [1, 1]], A0: [[0, 0], [0, 0]], B0: [[1], [0]], B1: [[0], [0]], Sx: [], Su: [], Gx: [], Gu: [] };
    let e: SysgraphError | undefined;
    try {
      standardForm(d, numericBackend(new Map()), () => ['C1', 'L1']);
    } catch (x) {
      if (x instanceof SysgraphError) e = x;
    }
    expect(e?.code).toBe('singular-storage');
    expect(e?.element).toBe('L1');
    expect(e?.field).toBe('value');
  });

  it('a transformer loop of gain one feeding a capacitor: singular-static-network naming a two-port ratio or a resistor value', () => {
    // Two transformers of ratio 2 and 1/2 in a loop: the static network has a free circulating variable.
    const e = errorOf({
      elements: [V, { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 1 }, { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 1 }],
      twoPorts: [
        { id: 'T1', kind: 'transformer', ports: [{ from: 'b', to: 'g' }, { from: 'c', to: 'g' }], ratio: 2 },
        { id: 'T2', kind: 'transformer', ports: [{ from: 'c', to: 'g' }, { from: 'b', to: 'g' }], ratio: 0.5 },
      ],
    });
    expect(e.code).toBe('singular-static-network');
    expect(['T1', 'T2', 'R1']).toContain(e.element);
    expect(['ratio', 'value']).toContain(e.field);
  });

  it('a tree resistor of 0 Ω (a law v = i³, slope 0 at the origin): bad-value on its value', () => {
    const e = errorOf({
      elements: [{ id: 'I', kind: 'current-source', from: 'g', to: 'a' }, { id: 'R0', kind: 'resistor', from: 'a', to: 'g', law: { across: 'i^3' } }, { id: 'C', kind: 'capacitor', from: 'a', to: 'b', value: 1 }, { id: 'R2', kind: 'resistor', from: 'b', to: 'g', value: 1 }],
    });
    expect(e.code).toBe('bad-value');
    expect(e.element).toBe('R0');
    expect(e.field).toBe('value');
  });
});
