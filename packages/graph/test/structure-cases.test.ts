import { describe, expect, it } from 'vitest';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure, signedToDense } from '../src/index';
import { caseToSystem, loadVerifiedCases } from './support/cases';

const cases = loadVerifiedCases();

describe('normal tree and states of the verified cases (formulation-cases.json)', () => {
  for (const c of cases.filter((c) => c.tree)) {
    it(c.name, () => {
      const s = analyzeStructure(parseSystem(caseToSystem(c)));
      const tree = [...s.loop.treeOrder.branches].map((k) => s.graph.branches[k].id);
      expect(new Set(tree)).toEqual(new Set(c.tree));
      expect(s.partition.states.map((x) => x.name).sort()).toEqual([...(c.states ?? [])].sort());
      const displaced = (c.displaced_capacitors ?? []) as string[];
      for (const d of displaced) {
        expect(s.partition.diagnostics.some((g) => g.code === 'D4' && g.elements[0] === d)).toBe(true);
      }
    });
  }
});

describe('D0, D0\', D0\'\' name the culprits', () => {
  it('transformer between two across sources: no admissible tree', () => {
    const c = cases.find((x) => x.name === 'tf_between_sources')!;
    expect(() => analyzeStructure(parseSystem(caseToSystem(c)))).toThrowError(expect.objectContaining({ code: 'no-admissible-tree', element: 'T' }));
  });
  it('a loop of across sources', () => {
    const sys = {
      elements: [
        { id: 'V1', kind: 'voltage-source', from: 'a', to: 'g' },
        { id: 'V2', kind: 'voltage-source', from: 'a', to: 'g' },
        { id: 'R1', kind: 'resistor', from: 'a', to: 'g', value: 1 },
      ],
    };
    try {
      analyzeStructure(parseSystem(sys));
      expect.unreachable();
    } catch (e) {
      expect(e).toMatchObject({ code: 'across-source-loop' });
      expect([...(e as { elements: string[] }).elements].sort()).toEqual(['V1', 'V2']);
    }
  });
  it('a cutset of through sources', () => {
    const sys = {
      elements: [
        { id: 'I1', kind: 'current-source', from: 'g', to: 'a' },
        { id: 'I2', kind: 'current-source', from: 'a', to: 'g' },
        { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 1 },
        { id: 'C1', kind: 'capacitor', from: 'b', to: 'a', value: 1 },
        { id: 'R2', kind: 'resistor', from: 'g', to: 'c', value: 1 },
        { id: 'R3', kind: 'resistor', from: 'c', to: 'g', value: 1 },
      ],
    };
    try {
      analyzeStructure(parseSystem(sys));
      expect.unreachable();
    } catch (e) {
      expect(e).toMatchObject({ code: 'through-source-cutset' });
      expect([...(e as { elements: string[] }).elements].sort()).toEqual(['I1', 'I2']);
    }
  });
});

describe('the loop matrix of the StateMint motor–pump case', () => {
  it('has the fundamental loops read off the graph by hand', () => {
    const c = cases.find((x) => x.name === 'statemint_motor_pump')!;
    const s = analyzeStructure(parseSystem(caseToSystem(c)));
    const rows = [...s.loop.linkOrder.branches].map((k) => s.graph.branches[k].id);
    const cols = [...s.loop.treeOrder.branches].map((k) => s.graph.branches[k].id);
    const F = signedToDense(s.loop.F);
    const at = (l: string, t: string) => F[rows.indexOf(l)][cols.indexOf(t)];
    // Link motor.1 (c → g): loop c → g, then back g → a (against Vs a→g), a → b (along R), b → c (along Lm).
    expect(at('motor.1', 'Vs')).toBe(-1);
    expect(at('motor.1', 'R')).toBe(1);
    expect(at('motor.1', 'Lm')).toBe(1);
    expect(at('motor.1', 'motor.2')).toBe(0);
    // Link k (m → p): back p → g (along pump.1 p→g), g → m (against motor.2 m→g).
    expect(at('k', 'pump.1')).toBe(1);
    expect(at('k', 'motor.2')).toBe(-1);
    // Link Rf (f → g) in parallel with pump.2 (f → g), same orientation: −1.
    expect(at('Rf', 'pump.2')).toBe(-1);
    expect(rows.sort()).toEqual(['Rf', 'k', 'motor.1'].sort());
  });
});
