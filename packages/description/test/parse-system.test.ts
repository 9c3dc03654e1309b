import { describe, expect, it } from 'vitest';
import { ELEMENT_KINDS, evaluateExpression, parseSystem } from '../src/index';
import { parse, rc } from './helpers';

const twoTerminal = (kind: string, value: unknown, extra: Record<string, unknown> = {}) => ({
  parameters: { k: 4 },
  elements: [
    { id: 'S', kind: 'through-source', from: 'g', to: 'n' },
    { id: 'X', kind, from: 'n', to: 'g', value, ...extra },
  ],
});

describe('parseSystem: one-ports', () => {
  // Expected type, implied domain and generalised value, written from formulation.md section 1.
  it.each([
    ['capacitor', 'A', 'electrical', (k: number) => k],
    ['mass', 'A', 'translational', (k: number) => k],
    ['inertia', 'A', 'rotational', (k: number) => k],
    ['fluid-capacitor', 'A', 'fluid', (k: number) => k],
    ['thermal-capacitor', 'A', 'thermal', (k: number) => k],
    ['inductor', 'T', 'electrical', (k: number) => k],
    ['inertance', 'T', 'fluid', (k: number) => k],
    ['spring', 'T', 'translational', (k: number) => 1 / k],
    ['torsional-spring', 'T', 'rotational', (k: number) => 1 / k],
    ['resistor', 'D', 'electrical', (k: number) => k],
    ['fluid-resistor', 'D', 'fluid', (k: number) => k],
    ['thermal-resistor', 'D', 'thermal', (k: number) => k],
    ['damper', 'D', 'translational', (k: number) => 1 / k],
    ['rotational-damper', 'D', 'rotational', (k: number) => 1 / k],
    ['rotational-spring', 'T', 'rotational', (k: number) => 1 / k],
    ['translational-damper', 'D', 'translational', (k: number) => 1 / k],
  ])('%s is %s-type in the %s domain with the right generalised value', (kind, type, domain, generalised) => {
    for (const value of ['k', '2 * k', 3]) {
      const d = parse(twoTerminal(kind, value));
      const e = d.oneports[0];
      expect(e.type).toBe(type);
      expect(e.domain).toBe(domain);
      expect(e.kind).toBe(kind);
      const user = typeof value === 'number' ? value : value === 'k' ? 4 : 8;
      expect(evaluateExpression(e.userValue, d.parameters)).toBe(user);
      expect(evaluateExpression(e.value, d.parameters)).toBe(generalised(user));
    }
  });

  it('stores a spring of stiffness 250 as the exact fraction 1 / 250 and a spring k as 1 / (k)', () => {
    expect(parse(twoTerminal('spring', 250)).oneports[0].value.text).toBe('1 / 250');
    expect(parse(twoTerminal('spring', 3)).oneports[0].value.text).toBe('1 / 3');
    const k = parse(twoTerminal('spring', 'k')).oneports[0];
    expect(k.value.text).toBe('1 / (k)');
    expect(k.value.parameters).toEqual(['k']);
    expect(k.userValue.text).toBe('k');
  });

  it('takes the domain of the generic kinds from the domain field (default generic)', () => {
    expect(parse(twoTerminal('a-type', 'k', { domain: 'thermal' })).oneports[0]).toMatchObject({ type: 'A', domain: 'thermal' });
    expect(parse(twoTerminal('t-type', 'k')).oneports[0]).toMatchObject({ type: 'T', domain: 'generic' });
    // The generic kinds take the value in generalised form.
    const d = parse(twoTerminal('d-type', 'k', { domain: 'translational' }));
    expect(evaluateExpression(d.oneports[0].value, d.parameters)).toBe(4);
  });

  it('accepts the domain field when it agrees with the kind', () => {
    expect(parse(twoTerminal('spring', 'k', { domain: 'translational' })).oneports[0].domain).toBe('translational');
  });

  it('every kind in ELEMENT_KINDS with a class parses as that class', () => {
    for (const info of ELEMENT_KINDS) {
      if (info.family === 'one-port') {
        expect(parse(twoTerminal(info.kind, 2)).oneports[0].type).toBe(info.type);
      } else if (info.family === 'source') {
        const d = parse({
          elements: [
            { id: 'S', kind: info.kind, from: 'a', to: 'g' },
            { id: 'R', kind: 'd-type', from: 'a', to: 'g', value: 1 },
          ],
        });
        expect(d.sources[0]).toMatchObject({ type: info.type, domain: info.domain ?? 'generic', input: 'S' });
      }
    }
  });
});

describe('parseSystem: sources', () => {
  const withSource = (source: Record<string, unknown>, parameters: Record<string, unknown> = {}) =>
    parse({ parameters, elements: [{ id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g', ...source }, { id: 'R', kind: 'resistor', from: 'a', to: 'g', value: 1 }] });

  it('names the input by the id by default', () => {
    const s = withSource({}).sources[0];
    expect(s).toMatchObject({ id: 'Vs', type: 'E', domain: 'electrical', input: 'Vs' });
    expect(s.constant).toBeUndefined();
  });
  it('takes a non-parameter name in value as the input name', () => {
    expect(withSource({ value: 'u1' }).sources[0]).toMatchObject({ input: 'u1' });
    expect(withSource({ value: 'u1', input: 'u1' }).sources[0]).toMatchObject({ input: 'u1' });
  });
  it('keeps a number or an expression of parameters as the constant, the input still named by the id', () => {
    const s = withSource({ value: 12 }).sources[0];
    expect(s.input).toBe('Vs');
    expect(s.constant?.text).toBe('12');
    const t = withSource({ value: 'V0 / 2' }, { V0: 10 });
    expect(evaluateExpression(t.sources[0].constant!, t.parameters)).toBe(5);
    const u = withSource({ value: 'V0', input: 'supply' }, { V0: 10 }).sources[0];
    expect(u).toMatchObject({ input: 'supply' });
    expect(u.constant?.text).toBe('V0');
  });
  it('classes the through sources as J with their domains', () => {
    for (const [kind, domain] of [['current-source', 'electrical'], ['force-source', 'translational'], ['torque-source', 'rotational'], ['flow-source', 'fluid'], ['heat-source', 'thermal']]) {
      const d = parse({ elements: [{ id: 'J1', kind, from: 'g', to: 'a' }, { id: 'R', kind: 'd-type', from: 'a', to: 'g', value: 1 }] });
      expect(d.sources[0]).toMatchObject({ type: 'J', domain });
    }
  });
});

describe('parseSystem: two-ports and mutual inductances', () => {
  const tf = {
    parameters: { n: -2 },
    elements: [
      { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g' },
      { id: 'R1', kind: 'resistor', from: 'a', to: 'g', value: 1 },
      { id: 'R2', kind: 'resistor', from: 'b', to: 'h', value: 1 },
    ],
  };
  const port = (id: string, kind = 'transformer') => ({ id, kind, ports: [{ from: 'a', to: 'g', domain: 'electrical' }, { from: 'b', to: 'h', domain: 'rotational' }], ratio: 'n' });

  it('accepts two-ports in elements, twoPorts and two_ports alike', () => {
    for (const d of [
      parse({ ...tf, elements: [...tf.elements, port('T')] }),
      parse({ ...tf, twoPorts: [port('T')] }),
      parse({ ...tf, two_ports: [port('T')] }),
    ]) {
      expect(d.twoPorts).toHaveLength(1);
      const t = d.twoPorts[0];
      expect(t).toMatchObject({ id: 'T', kind: 'transformer', domain1: 'electrical', domain2: 'rotational' });
      expect(t.ports.map((p) => [p.from, p.to])).toEqual([['a', 'g'], ['b', 'h']]);
      expect(evaluateExpression(t.ratio, d.parameters)).toBe(-2); // negative ratios are fine
      expect(d.grounds).toEqual(['g', 'b']); // two components: one with a node named g, the other's first node is b
    }
  });

  it('reads gyrators', () => {
    expect(parse({ ...tf, twoPorts: [port('G', 'gyrator')] }).twoPorts[0].kind).toBe('gyrator');
  });

  const coupled = (m: Record<string, unknown>, where: 'elements' | 'mutuals' = 'mutuals') => {
    const base = {
      parameters: { L1: 1, L2: 4, M: 1 },
      elements: [
        { id: 'J', kind: 'current-source', from: 'g', to: 'a' },
        { id: 'L1', kind: 'inductor', from: 'a', to: 'g', value: 'L1' },
        { id: 'L2', kind: 'inductor', from: 'a', to: 'g', value: 'L2' },
      ],
    };
    return where === 'mutuals'
      ? parse({ ...base, mutuals: [m] })
      : parse({ ...base, elements: [...base.elements, { kind: 'mutual-inductance', ...m }] });
  };
  it('reads mutual inductances given as M or as a coupling, in mutuals or elements', () => {
    expect(coupled({ id: 'M12', between: ['L1', 'L2'], value: 'M' }).mutuals[0]).toMatchObject({ id: 'M12', between: ['L1', 'L2'], form: 'inductance' });
    expect(coupled({ id: 'M12', between: ['L1', 'L2'], coupling: 0.5 }, 'elements').mutuals[0]).toMatchObject({ form: 'coupling' });
  });
});

describe('parseSystem: nodes, grounds, outputs, names', () => {
  it('keeps nodes in order of first appearance', () => {
    expect(parse(rc()).nodes).toEqual(['a', 'g', 'b']);
  });

  it('picks the ground named g, ground, gnd or 0, else the first node', () => {
    const named = (name: string) => {
      const d = rc();
      d.elements = d.elements.map((e) => ({ ...e, ...(e.to === 'g' ? { to: name } : {}) }));
      return parse(d).grounds;
    };
    expect(named('g')).toEqual(['g']);
    expect(named('GND')).toEqual(['GND']);
    expect(named('0')).toEqual(['0']);
    expect(named('ground')).toEqual(['ground']);
    expect(named('z')).toEqual(['a']);
    expect(parse({ ...rc(), ground: 'b' }).grounds).toEqual(['b']);
    expect(parse({ ...rc(), ground: ['b'] }).grounds).toEqual(['b']);
  });

  it('gives outputs default names and references', () => {
    const d = parse({
      ...rc(),
      elements: [
        ...rc().elements,
        { id: 'T', kind: 'transformer', ports: [{ from: 'b', to: 'g' }, { from: 'c', to: 'h' }], ratio: 2 },
        { id: 'R2', kind: 'resistor', from: 'c', to: 'h', value: 1 },
      ],
      outputs: [
        { element: 'C1', variable: 'across' },
        { element: 'R1', variable: 'through' },
        { element: 'T', port: 1, variable: 'across' },
        { element: 'T', port: 2, variable: 'through' },
        { node: 'b' },
        { node: 'b', reference: 'a' },
        { node: 'c', name: 'vc' },
      ],
    });
    expect(d.outputs.map((o) => o.name)).toEqual(['v_C1', 'i_R1', 'v_T.1', 'i_T.2', 'v(b)', 'v(b,a)', 'vc']);
    expect(d.outputs[4]).toEqual({ name: 'v(b)', kind: 'node', node: 'b', reference: 'g' });
    expect(d.outputs[6]).toMatchObject({ reference: 'c' }); // second component, no named ground: its first node
    expect(d.grounds).toEqual(['g', 'c']);
  });

  it('takes the name from the input, else from the option, else "system"', () => {
    expect(parse(rc()).name).toBe('rc');
    const { name: _drop, ...unnamed } = rc();
    expect(parseSystem(unnamed, { name: 'file' }).name).toBe('file');
    expect(parseSystem(JSON.stringify(unnamed)).name).toBe('system');
  });

  it('accepts $schema and meta, and parameters in object form', () => {
    const d = parse({ ...rc(), $schema: 'x', meta: { anything: [1, 2] }, parameters: { R: { value: 2, unit: 'Ohm', description: 'load' }, C: null } });
    expect(d.parameters).toEqual(new Map([['R', 2], ['C', null]]));
    expect(d.parameterDetails?.get('R')).toEqual({ unit: 'Ohm', description: 'load' });
  });

  it('parses JSON text and objects to the same description', () => {
    const fromText = parseSystem(JSON.stringify(rc()));
    const fromObject = parse(rc());
    expect(fromText.nodes).toEqual(fromObject.nodes);
    expect(fromText.oneports.map((e) => e.value.text)).toEqual(fromObject.oneports.map((e) => e.value.text));
  });
});
