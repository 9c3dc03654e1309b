/**
 * The printed ∂f/∂x of the symbolic model is complete (issue 13, item 5): a dependence through an implicitly solved
 * law shows as (∂f/∂z)·D(z, x), never as a missing term. E drives an inductor L1 in series with a resistor D1 whose
 * law i = 2v + v³ sits in the tree (which needs v from i): v_D1 is implicit, f = (E − v_D1)/L with
 * dv_D1/di_L1 = 1/g'(v_D1), so ∂f/∂i_L1 = −1/(L g'(v)) (−0.5 at rest), while the held-fixed partial is 0.
 */
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { create, all } from 'mathjs';
import { describe, expect, it } from 'vitest';
import { formatNonlinear, nonlinearModel, nonlinearToLatex } from '../src/index';

const json = {
  name: 'implicit-resistor',
  parameters: { L: 1 },
  elements: [
    { id: 'E', kind: 'voltage-source', from: 'a', to: 'g' },
    { id: 'L1', kind: 'inductor', from: 'a', to: 'b', value: 'L' },
    { id: 'D1', kind: 'resistor', from: 'b', to: 'g', law: { through: '2*v + v^3' } },
  ],
};

describe('the printed Jacobian through an implicit variable', () => {
  const nl = nonlinearModel(analyzeStructure(parseSystem(json)));

  it('shows the implicit term where the held-fixed partial is 0', () => {
    expect(nl.system.implicit.map((z) => z.name)).toEqual(['v_D1']);
    expect(nl.symbolic.dfdx[0][0].toString()).toBe('0');
    const text = formatNonlinear(nl);
    const row = text.split('\n').find((l) => l.startsWith('  [i_L1, i_L1]'))!;
    expect(row).toContain('D(v_D1, i_L1)');
    expect(text).toContain('D(z, w) = dz/dw');
    expect(nonlinearToLatex(nl).dfdx).toContain('\\mathrm{D}\\left( v\\_D1, i\\_L1\\right)');
    // ∂f/∂u: E enters directly (1/L) and not through v_D1 (its residual reads i_L1 only).
    expect(nl.symbolic.dfduTotal[0][0].toString()).not.toContain('D(');
  });

  it('evaluates, with D = dz/dx by hand, to the numeric Jacobian', () => {
    const math = create(all);
    for (const i of [0, 0.7, -1.3]) {
      // v with 2v + v³ = i (bisection, independent of the model's solver), D = 1/g'(v)
      let lo = -10;
      let hi = 10;
      for (let k = 0; k < 200; k++) {
        const mid = 0.5 * (lo + hi);
        if (2 * mid + mid ** 3 < i) lo = mid;
        else hi = mid;
      }
      const v = 0.5 * (lo + hi);
      const scope = { L: 1, i_L1: i, v_D1: v, E: 0.3, D: () => 1 / (2 + 3 * v * v) };
      const printed = Number(math.evaluate(nl.symbolic.dfdxTotal[0][0].toString(), scope));
      const numeric = nl.model.jacobian(0, Float64Array.of(i), Float64Array.of(0.3), Float64Array.of(0))[0][0];
      expect(printed).toBeCloseTo(-1 / (2 + 3 * v * v), 12);
      expect(numeric).toBeCloseTo(printed, 9);
    }
  });
});
