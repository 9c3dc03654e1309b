/**
 * The worker's view of MASD's closed form (closed-form-view.ts through runPipeline): the named quantities with
 * the paper's equation numbers, numbers checked against the description's values by hand.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSystemParser } from '@sysgraph/description';
import { createRestrictedParser } from '@sysgraph/simulate';
import { runPipeline } from '../src/engine/run-pipeline';
import { DEFAULT_SETTINGS } from '../src/engine/settings';
import { WEB_ROOT } from './support/build-page';

const context = () => ({ system: createSystemParser(), signals: createRestrictedParser() });
const example = (file: string) => readFileSync(join(WEB_ROOT, '..', '..', 'examples', file), 'utf8');

describe('closed form view', () => {
  it('MASD 4.1: C, L, T1…T12 with equation numbers; C holds the masses, L the springs compliances', () => {
    const run = runPipeline({ id: 1, text: example('masd-4-1.json'), settings: { ...DEFAULT_SETTINGS, formulation: 'masd', style: 'symbolic' } }, context());
    const a = run.answer;
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    const cf = a.closedForm!;
    expect(cf).toBeDefined();
    const byName = new Map(cf.quantities.map((q) => [q.name, q]));
    for (let k = 1; k <= 12; k++) expect(byName.has(`T${k}`)).toBe(true);
    expect(byName.get('C')!.equation).toBe('(6)');
    expect(byName.get('L')!.equation).toBe('(7)');
    expect(byName.get('T1')!.equation).toBe('(10)');
    expect(byName.get('T12')!.equation).toBe('(21)');
    // the file's values: masses M1 = M2 = 3, springs K1 = K2 = 1.8, K3 = 1.5 (L = 1/K), dampers B2 = B3 = 1.2, B1 = B4 = 1.9 (R = 1/B)
    expect(byName.get('C')!.values).toEqual([[3, 0], [0, 3]]);
    const L = byName.get('L')!.values;
    [1 / 1.8, 1 / 1.8, 1 / 1.5].forEach((v, i) => expect(L[i][i]).toBeCloseTo(v, 14));
    expect(byName.get('G')!.values).toEqual([[1.2, 0], [0, 1.2]]);
    expect(byName.get('R')!.values[0][0]).toBeCloseTo(1 / 1.9, 14);
    expect(byName.get('C')!.symbolic).toContain('\\mathit{M1}');
    expect(byName.get('L')!.symbolic).toContain('\\frac{1}{\\mathit{K3}}');
  });

  it('keeps only the named parameters symbolic', () => {
    const settings = { ...DEFAULT_SETTINGS, formulation: 'masd' as const, style: 'symbolic' as const, symbolicParams: ['M1'] };
    const a = runPipeline({ id: 1, text: example('masd-4-1.json'), settings }, context()).answer;
    if (!a.ok) throw new Error('no model');
    const c = a.closedForm!.quantities.find((q) => q.name === 'C')!.symbolic!;
    expect(c).toContain('\\mathit{M1}');
    expect(c).not.toContain('M2');
    expect(a.model.matrices.A.symbolic).toBeDefined();
  });

  it('is absent for the general formulation', () => {
    const a = runPipeline({ id: 1, text: example('masd-4-1.json'), settings: DEFAULT_SETTINGS }, context()).answer;
    if (!a.ok) throw new Error('no model');
    expect(a.closedForm).toBeUndefined();
  });
});
