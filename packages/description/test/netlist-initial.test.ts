/**
 * Initial conditions of a netlist: `.ic v(node)=value`, `IC=` on C and L cards, `.tran … uic`; read as data,
 * nodes resolved wherever the card stands; typed errors naming the line, the element and the field.
 */
import { describe, expect, it } from 'vitest';
import { readSpiceNetlist } from '../src/index';
import { expectError, parser } from './helpers';

const read = (text: string) => readSpiceNetlist(text, { expressions: parser.expressions });
const CIRCUIT = 'V1 a 0 DC 1\nR1 a b 1k\nC1 b 0 1u\nL1 b c 1m\nR2 c 0 1k\n';

describe('initial conditions', () => {
  it('reads .ic node voltages (before or after the cards naming the nodes) and IC= of C and L cards', () => {
    const n = read(`t\n.ic v(B)=0.25 V(c)=-1m\n${CIRCUIT.replace('1u', '1u IC=0.5').replace('L1 b c 1m', 'L1 b c 1m ic=2m')}.tran 1u 1m uic\n`);
    expect(n.initial.nodes.map(({ node, value }) => [node, value])).toEqual([['b', 0.25], ['c', -1e-3]]);
    expect(n.initial.elements.map(({ element, value }) => [element, value])).toEqual([['C1', 0.5], ['L1', 2e-3]]);
    expect(n.tran?.uic).toBe(true);
    expect(n.description.oneports.map((e) => e.id)).toEqual(['R1', 'C1', 'L1', 'R2']);
  });

  it('is empty without .ic or IC=; the last value of a node given twice wins', () => {
    expect(read(`t\n${CIRCUIT}`).initial).toEqual({ nodes: [], elements: [] });
    expect(read(`t\n${CIRCUIT}.ic v(b)=1 v(b)=2\n`).initial.nodes.map((e) => e.value)).toEqual([2]);
  });

  it('rejects malformed entries, unknown nodes, ground and i(…) with typed errors', () => {
    expectError(() => read(`t\n${CIRCUIT}.ic v(zz)=1\n`), { code: 'bad-netlist', element: 'zz', field: 'node', path: 'line 7' });
    expectError(() => read(`t\n${CIRCUIT}.ic v(0)=1\n`), { code: 'bad-netlist', element: '0', field: 'node', path: 'line 7' });
    expectError(() => read(`t\n${CIRCUIT}.ic v(b)\n`), { code: 'bad-netlist', element: '.ic', field: 'node', path: 'line 7' });
    expectError(() => read(`t\n${CIRCUIT}.ic\n`), { code: 'bad-netlist', element: '.ic', field: 'node', path: 'line 7' });
    expectError(() => read(`t\n${CIRCUIT}.ic i(L1)=1\n`), { code: 'unsupported', element: '.ic', field: 'node', path: 'line 7' });
    expectError(() => read(`t\n${CIRCUIT}.ic v(b)=x\n`), { code: 'bad-netlist', element: '.ic', field: 'b', path: 'line 7' });
    expectError(() => read(`t\nC9 b 0 1u IC=q\n${CIRCUIT}`), { code: 'bad-netlist', element: 'C9', field: 'ic', path: 'line 2' });
    expectError(() => read(`t\nC9 b 0 1u IC=1 m=2\n${CIRCUIT}`), { code: 'unsupported', element: 'C9', field: 'ic', path: 'line 2' });
  });
});
