/**
 * readSpiceNetlist: the same description as parseSystem for the same circuit written as JSON (the benchmark's
 * netlists and random circuits), the suffix table against Number() of the shifted decimal, continuation and
 * comments, waveforms, and typed errors naming the line, element and field.
 */
import { SysgraphError, SysgraphErrors } from '@sysgraph/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSpiceNumber, readSpiceNetlist } from '../src/index';
import type { RawElement, RawSystem, SystemDescription } from '../src/index';
import { rcLadderNetlist } from './support/spice-networks';
import { errorsOf, expectError, expectSameDescription, parser } from './helpers';

const read = (text: string, options = {}) => readSpiceNetlist(text, { expressions: parser.expressions, ...options });
const num = (s: string) => parseSpiceNumber(s, 0, s.length);

describe('parseSpiceNumber', () => {
  it('applies the scale factors as decimal exponents and ignores unit letters', () => {
    const cases: [string, number][] = [
      ['1', 1], ['-2.5', -2.5], ['.5', 0.5], ['5.', 5], ['+3e2', 300], ['1E-3', 1e-3],
      ['10uF', 10e-6], ['1k', 1e3], ['1K', 1e3], ['2.2MEG', 2.2e6], ['2.2meg', 2.2e6], ['4.7m', 4.7e-3],
      ['1M', 1e-3], ['1F', 1e-15], ['3p', 3e-12], ['7n', 7e-9], ['1g', 1e9], ['2T', 2e12], ['1e3k', 1e6],
      ['100nH', 100e-9], ['1kOhm', 1e3], ['0.1', 0.1], ['1e-10', 1e-10], ['12345678901234567890', 12345678901234567890],
      ['1.23456789012345678e-5u', 1.23456789012345678e-11],
    ];
    for (const [text, expected] of cases) expect(num(text), text).toBe(expected);
    expect(num('5mil')).toBe(5 * 25.4e-6);
  });

  it('rejects what is not a number', () => {
    for (const text of ['', 'k', 'abc', '1e', '1e+', '1k5', '--1', '.', '1.2.3', '1e400', '{R}', '1_k']) expect(num(text), text).toBeNaN();
  });

  it('equals Number() of the decimal shifted by the scale factor (random numbers)', () => {
    const suffixes: [string, number][] = [['', 0], ['f', -15], ['p', -12], ['n', -9], ['u', -6], ['m', -3], ['k', 3], ['meg', 6], ['g', 9], ['t', 12]];
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{1,20}$/),
        fc.stringMatching(/^[0-9]{0,20}$/),
        fc.integer({ min: -30, max: 30 }),
        fc.constantFrom(...suffixes),
        fc.constantFrom('', 'V', 'Ohm', 'H'), // unit letters that are no scale factor
        (int, frac, exp, [suffix, shift], unit) => {
          const text = `${int}.${frac}e${exp}${suffix}${unit}`;
          const expected = Number(`${int}${frac}e${exp + shift - frac.length}`);
          expect(num(text)).toBe(expected);
        },
      ),
      { seed: 20240611, numRuns: 400 },
    );
  });
});

describe('the ground', () => {
  it('is the node 0 by default', () => {
    const d = read(rcLadderNetlist(3)).description;
    expect(d.grounds).toEqual(['0']);
    expect(d.nodes).toContain('0');
    expect(d.nodes).not.toContain('gnd');
  });
});

describe('random circuits', () => {
  /** A random connected circuit of R, L, C, V and I on nodes 0 … m, written both ways. */
  const circuit = fc
    .record({
      nodes: fc.integer({ min: 2, max: 6 }),
      branches: fc.array(
        fc.record({
          letter: fc.constantFrom('R', 'L', 'C', 'V', 'I'),
          a: fc.nat(),
          b: fc.nat(),
          value: fc.double({ min: 1e-12, max: 1e9, noNaN: true }),
          dc: fc.boolean(),
        }),
        { minLength: 1, maxLength: 25 },
      ),
    })
    .map(({ nodes, branches }) => {
      const lines = ['random circuit'];
      const elements: RawElement[] = [];
      const kinds: Record<string, string> = { R: 'resistor', L: 'inductor', C: 'capacitor', V: 'voltage-source', I: 'current-source' };
      // A spanning chain first, so that no node dangles: node k − 1 → k by a resistor.
      const all = [...Array.from({ length: nodes }, (_, k) => ({ letter: 'R', a: k, b: k + 1, value: 1 + k, dc: false })), ...branches];
      all.forEach((e, k) => {
        const a = e.a % (nodes + 1);
        let b = e.b % (nodes + 1);
        if (b === a) b = (a + 1) % (nodes + 1);
        const node = (i: number) => (i === 0 ? '0' : `n${i}`);
        const id = `${e.letter}${k}`;
        const text = e.value.toString();
        lines.push(`${k % 2 === 0 ? id : id.toLowerCase()} ${node(a)} ${node(b)} ${e.letter === 'V' || e.letter === 'I' ? (e.dc ? `DC ${text}` : text) : text}`);
        elements.push({ id: k % 2 === 0 ? id : id.toLowerCase(), kind: kinds[e.letter], from: node(a), to: node(b), value: Number(text) });
      });
      lines.push('.end');
      return { text: lines.join('\n'), json: { name: 'system', title: 'random circuit', elements, ground: '0' } as RawSystem };
    });

  it('give the description of the same circuit as JSON (deep-equal)', () => {
    fc.assert(
      fc.property(circuit, ({ text, json }) => {
        let expected: unknown;
        try {
          expected = parser.parse(json);
        } catch (e) {
          // Both ways must then fail with the same codes.
          const codes = (f: () => unknown) => errorsOf(f).map((x) => x.code).sort();
          expect(codes(() => read(text))).toEqual(codes(() => parser.parse(json)));
          return;
        }
        expectSameDescription(read(text).description, expected as SystemDescription);
      }),
      { seed: 7031, numRuns: 200 },
    );
  });
});

describe('syntax', () => {
  it('reads continuation lines, comments, any case, and skips .control blocks and what follows .end', () => {
    const text = [
      'Title line',
      '* a comment',
      'V1 IN 0',
      '+ PWL(0 0',
      '* a comment between a card and its continuation',
      '+ 1u 1) ; inline comment',
      'r1 in Out 1k $ another comment',
      '   C1 out GND 1uF',
      '.control',
      'run',
      'this line is not SPICE at all',
      '.endc',
      '.SAVE V(OUT) i(v1)',
      '.TRAN 1u 1m',
      '.end',
      'junk after the end',
    ].join('\r\n');
    const n = read(text);
    const d = n.description;
    expect(d.nodes).toEqual(['in', '0', 'out']);
    expect(d.oneports.map((e) => [e.id, e.kind, e.from, e.to, e.value.text])).toEqual([
      ['r1', 'resistor', 'in', 'out', '1000'],
      ['C1', 'capacitor', 'out', '0', '1e-6'],
    ]);
    expect(d.sources).toEqual([{ id: 'V1', kind: 'voltage-source', type: 'E', domain: 'electrical', from: 'in', to: '0', input: 'V1' }]);
    expect(n.signals).toEqual({ V1: 'pwl(0, 0, 0.000001, 1)' });
    expect(d.outputs).toEqual([
      { name: 'v(out)', kind: 'node', node: 'out', reference: '0' },
      { name: 'i(v1)', kind: 'branch', element: 'V1', variable: 'through' },
    ]);
    expect(n.title).toBe('Title line');
  });

  it('reads DC sources (0 when no value), AC values skipped, and K couplings', () => {
    const d = read('t\nV1 a 0 DC 5 AC 1 0\nI1 0 b\nR1 a b 1\nL1 b 0 1m\nL2 a 0 2m\nK1 L1 l2 0.5\n').description;
    expect(d.sources.map((s) => [s.id, s.kind, s.constant?.text])).toEqual([['V1', 'voltage-source', '5'], ['I1', 'current-source', '0']]);
    expect(d.mutuals).toEqual([{ id: 'K1', between: ['L1', 'L2'], form: 'coupling', value: expect.objectContaining({ text: '0.5' }) }]);
  });

  it('maps SIN and PULSE onto signals where exact', () => {
    const n = read('t\nV1 a 0 SIN(1 2 50 0 0 90)\nV2 b 0 SIN(0 1 1k 1m)\nV3 c 0 PULSE(0 5 1u 2u 3u 4u 20u)\nR1 a b 1\nR2 b c 1\nR3 c a 1\n.tran 1u 50u\n');
    expect(n.signals.V1).toBe(`sine(2, 50, ${Math.PI / 2}, 1)`);
    expect(n.signals.V2).toBe(`0 + 1 * sin(${2 * Math.PI * 1000} * max(t - 0.001, 0))`);
    // Periods start at 1u, 21u, 41u (< tstop = 50u): corners td + k per + (0, tr, tr + pw, tr + pw + tf).
    const corners = [0, 1, 2].map((k) => 1e-6 + k * 20e-6).flatMap((t0) => [t0, 0, t0 + 2e-6, 5, t0 + 2e-6 + 4e-6, 5, t0 + 2e-6 + 4e-6 + 3e-6, 0]);
    expect(n.signals.V3).toBe(`pwl(${corners.join(', ')})`);
    expect(n.waveforms.map((w) => w.spice)).toEqual(['sin', 'sin', 'pulse']);
  });
});

describe('errors', () => {
  const R = 'R1 a 0 1\nR2 a 0 1\n';
  it('name the line, the element and the field', () => {
    expectError(() => read(`t\n${R}R3 a 0 1k5\n`), { code: 'bad-netlist', element: 'R3', field: 'value', path: 'line 4' });
    expectError(() => read(`t\n${R}R3 a\n`), { code: 'bad-netlist', element: 'R3', field: 'to', path: 'line 4' });
    expectError(() => read(`t\n${R}C3 a 0 -1p\n`), { code: 'non-positive-value', element: 'C3', field: 'value', path: 'line 4' });
    expectError(() => read(`t\n${R}r1 a 0 1\n`), { code: 'duplicate-id', element: 'r1', field: 'id', path: 'line 4' });
    expectError(() => read(`t\n${R}R3 a b 1\n`), { code: 'dangling-node', element: 'R3', field: 'to', path: 'line 4' });
    expectError(() => read(`t\n${R}R3 a A 1\n`), { code: 'self-loop', element: 'R3', field: 'to', path: 'line 4' });
    expectError(() => read(`t\n${R}R3 a 0 1k ic=0\n`), { code: 'unsupported', element: 'R3', field: 'ic', path: 'line 4' });
    expectError(() => read(`t\n${R}C3 a 0 1u m=2\n`), { code: 'unsupported', element: 'C3', field: 'm', path: 'line 4' });
    expectError(() => read(`t\n${R}E1 a 0 b 0 2\n`), { code: 'unsupported', element: 'E1', field: 'kind', path: 'line 4' });
    expectError(() => read(`t\n${R}Q1 a b 0 npn\n`), { code: 'unsupported', element: 'Q1', field: 'kind', path: 'line 4' });
    expectError(() => read(`t\n${R}1R a 0 1\n`), { code: 'bad-netlist', element: '1R', field: 'kind', path: 'line 4' });
    expectError(() => read(`t\n${R}.subckt foo a b\n`), { code: "unsupported", element: ".subckt", path: "line 4" });
    expectError(() => read(`t\n${R}.frobnicate\n`), { code: 'bad-netlist', element: '.frobnicate', path: 'line 4' });
    expectError(() => read(`t\n+ R1 a 0 1\n${R}`), { code: 'bad-netlist', field: 'continuation', path: 'line 2' });
    expectError(() => read(`t\n${R}.control\nrun\n`), { code: 'bad-netlist', element: '.control', path: 'line 4' });
    expectError(() => read(`t\n${R}V1 a 0 EXP(0 1)\n`), { code: 'unsupported', element: 'V1', field: 'waveform', path: 'line 4' });
    expectError(() => read(`t\n${R}V1 a 0 PWL(0 1 2)\n`), { code: 'bad-netlist', element: 'V1', field: 'waveform', path: 'line 4' });
    expectError(() => read(`t\n${R}V1 a 0 PULSE(0 1)\n`), { code: 'bad-netlist', element: 'V1', field: 'waveform', path: 'line 4' });
    expectError(() => read(`t\n${R}V1 a 0 SIN(0 1 1k 1m 0 30)\n.tran 1u 1m\n`), { code: 'unsupported', element: 'V1', field: 'waveform', path: 'line 4' });
    expectError(() => read(`t\n${R}.save v(zz)\n`), { code: 'bad-output', element: 'zz', field: 'node', path: 'line 4' });
    expectError(() => read(`t\n${R}.tran 0 1m\n`), { code: 'bad-netlist', element: '.tran', field: 'tstep', path: 'line 4' });
    expectError(() => read(`t\n${R}L1 a 0 1m\nL2 a 0 1m\nK1 L1 L3 0.5\n`), { code: 'unknown-element', element: 'K1', field: 'between[1]', path: 'line 6' });
    expectError(() => read(`t\n${R}L1 a 0 1m\nL2 a 0 1m\nK1 L1 L2 1.5\n`), { code: 'bad-mutual-inductance', element: 'K1' });
  });

  it('are collected: every bad line is reported at once', () => {
    const errors = errorsOf(() => read('t\nR1 a 0 x\nR2 a 0 y\nD1 a 0 d\n'));
    expect(errors.map((e) => e.path)).toEqual(['line 2', 'line 3', 'line 4']);
  });

  it('never crash or hang on random text or on mutated valid netlists', () => {
    const valid = rcLadderNetlist(4);
    const check = (text: string) => {
      try {
        read(text);
      } catch (e) {
        if (!(e instanceof SysgraphError || e instanceof SysgraphErrors)) throw e;
      }
    };
    fc.assert(fc.property(fc.string({ maxLength: 300 }), check), { seed: 99, numRuns: 300 });
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => check(Buffer.from(bytes).toString('latin1'))), { seed: 100, numRuns: 300 });
    const pieces = ['\n', '+', '(', ')', '=', ',', ';', '$', '*', '.end', '.control', 'PWL(', 'SIN(', 'PULSE(', '0', 'k', 'meg', 'K1 R1 C1 2', ' '];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(valid.length), fc.nat(20), fc.constantFrom(...pieces)), { maxLength: 6 }), (edits) => {
        let text = valid;
        for (const [at, cut, piece] of edits) text = text.slice(0, at % (text.length + 1)) + piece + text.slice((at % (text.length + 1)) + (cut % 4));
        check(text);
      }),
      { seed: 101, numRuns: 400 },
    );
  });
});
