import { describe, expect, it } from 'vitest';
import { formatDescription } from '../src/index';
import { parse } from './helpers';

describe('formatDescription', () => {
  it('prints every part of a description as aligned tables', () => {
    const d = parse({
      name: 'demo',
      title: 'Demo',
      parameters: { k: { value: 4, unit: 'N/m' }, m: null },
      elements: [
        { id: 'F', kind: 'force-source', from: 'g', to: 'v', value: 2 },
        { id: 'M', kind: 'mass', from: 'v', to: 'g', value: 'm' },
        { id: 'K', kind: 'spring', from: 'v', to: 'g', value: 'k' },
      ],
      outputs: [{ element: 'K', variable: 'through' }, { node: 'v' }],
    });
    // Written by hand from the description above.
    const expected = [
      'system demo — Demo',
      '',
      'parameters',
      '  name  value       unit  description',
      '  k     4           N/m',
      '  m     (symbolic)',
      '',
      'one-ports',
      '  id  kind    type  domain         from → to  value (C, L, R)  as given',
      '  M   mass    A     translational  v → g      m                m',
      '  K   spring  T     translational  v → g      1 / (k)          k',
      '',
      'sources',
      '  id  kind          type  domain         from → to  input  constant',
      '  F   force-source  J     translational  g → v      F      2',
      '',
      'outputs',
      '  name  of',
      '  i_K   through of K',
      '  v(v)  potential of v relative to g',
      '',
      'nodes: g, v',
      'grounds: g',
    ].join('\n');
    expect(formatDescription(d)).toBe(expected);
  });

  it('prints two-ports and mutual inductances', () => {
    const d = parse({
      parameters: { n: 2 },
      elements: [
        { id: 'J', kind: 'current-source', from: 'g', to: 'a' },
        { id: 'L1', kind: 'inductor', from: 'a', to: 'g', value: 1 },
        { id: 'L2', kind: 'inductor', from: 'b', to: 'h', value: 1 },
        { id: 'T', kind: 'gyrator', ports: [{ from: 'a', to: 'g' }, { from: 'b', to: 'h', domain: 'fluid' }], ratio: 'n' },
      ],
      mutuals: [{ id: 'M', between: ['L1', 'L2'], coupling: 0.5 }],
    });
    const text = formatDescription(d);
    expect(text).toContain('  T   gyrator  a → g (generic)  b → h (fluid)  n      v1 = r i2, i1 = -v2/r');
    expect(text).toContain('  M   L1, L2   k         0.5');
  });
});
