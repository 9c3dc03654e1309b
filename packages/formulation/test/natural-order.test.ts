/**
 * Natural order in the printed structured and MASD forms (src/export/natural-order.ts): lists, equations, terms and
 * the rows and columns of labelled tables read v_C1, v_C2, …, v_C10; the model (its state vector, the JSON's arrays
 * and indices) keeps its own order. The equations of a 12-section RLC ladder with ids C1 … C12 are checked against
 * KCL and KVL written here by hand.
 */
import { describe, expect, it } from 'vitest';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { masdTable, masdTableToJson, masdTableToText, structuredForm, structuredTable, structuredToJson, structuredToText, symbolicBackend } from '../src/index';
import { naturalOrder, naturalPermutation } from '../src/export/natural-order';

const N = 12;
/** Vs – R1 – L1 – node 1 (C1 to ground) – R2 – L2 – node 2 (C2) … – node N; ids without leading zeros. */
function ladder() {
  const elements: Record<string, unknown>[] = [{ id: 'Vs', kind: 'voltage-source', from: 'n0', to: 'g', value: 1 }];
  for (let k = 1; k <= N; k++) {
    elements.push({ id: `R${k}`, kind: 'resistor', from: `n${k - 1}`, to: `m${k}`, value: 'R' });
    elements.push({ id: `L${k}`, kind: 'inductor', from: `m${k}`, to: `n${k}`, value: 'L' });
    elements.push({ id: `C${k}`, kind: 'capacitor', from: `n${k}`, to: 'g', value: 'C' });
  }
  return parseSystem(JSON.stringify({ name: 'ladder', parameters: { R: 1, L: 1e-3, C: 1e-6 }, elements, ground: 'g' }));
}

const natural = (prefix: string) => Array.from({ length: N }, (_, k) => `${prefix}${k + 1}`);

describe('natural order of printed names', () => {
  it('orders digit runs by value within names of one shape, other shapes keeping their places', () => {
    expect(naturalOrder(['v_C1', 'v_C10', 'v_C11', 'v_C2', 'i_L1', 'i_L10', 'i_L2'])).toEqual(['v_C1', 'v_C2', 'v_C10', 'v_C11', 'i_L1', 'i_L2', 'i_L10']);
    // shapes interleaved: each keeps its slots
    expect(naturalOrder(['x10', 'y', 'x9', 'z2', 'x1'])).toEqual(['x1', 'y', 'x9', 'z2', 'x10']);
    // leading zeros: by value, then by the names
    expect(naturalOrder(['C2', 'C01', 'C1', 'C001'])).toEqual(['C001', 'C01', 'C1', 'C2']);
    // several runs, and numbers past 2^53
    expect(naturalOrder(['a2b10', 'a2b9', 'a10b1', 'n123456789012345678901', 'n99999999999999999999'])).toEqual(['a2b9', 'a2b10', 'a10b1', 'n99999999999999999999', 'n123456789012345678901']);
    expect(Array.from(naturalPermutation(['b10', 'b2']))).toEqual([1, 0]);
  });

  it('the structured form prints the ladder in natural order, and the model keeps its order', () => {
    const desc = ladder();
    const { backend, cells } = symbolicBackend(desc);
    const t = structuredTable(desc.name, structuredForm(analyzeStructure(desc), backend), backend, cells, desc.parameters);
    // the model's order compares ids by code unit: C10 before C2
    expect(t.states.indexOf('v_C10')).toBeLessThan(t.states.indexOf('v_C2'));
    expect((structuredToJson(t) as { states: string[] }).states).toEqual(t.states);
    const text = structuredToText(t);
    const line = (head: string) => text.split('\n').find((l) => l.startsWith(head))!;
    expect(line('states x:')).toBe(`states x:          ${[...natural('v_C'), ...natural('i_L')].join(', ')}`);
    expect(line('static unknowns z:')).toBe(`static unknowns z: ${natural('v_R').join(', ')}`);
    // KCL at node k: C v_Ck' = i_Lk − i_L(k+1); KVL around section k: L i_Lk' = v_C(k−1) − v_Ck − v_Rk (v_C0 = Vs)
    const dynamic = text.split('\n').filter((l) => /^ {2}[CL]·/.test(l));
    const kcl = Array.from({ length: N }, (_, j) => `  C·v_C${j + 1}' = i_L${j + 1}${j + 1 < N ? ` - i_L${j + 2}` : ''}`);
    const kvl = Array.from({ length: N }, (_, j) => `  L·i_L${j + 1}' = ${j === 0 ? '-v_C1 - v_R1 + Vs' : `v_C${j} - v_C${j + 1} - v_R${j + 1}`}`);
    expect(dynamic).toEqual([...kcl, ...kvl]);
  });

  it('the MASD form prints its states and its labelled tables in natural order; its JSON keeps the model\'s', () => {
    const desc = ladder();
    const { backend, cells } = symbolicBackend(desc);
    const t = masdTable(desc.name, analyzeStructure(desc), backend, cells);
    const text = masdTableToText(t);
    expect(text.split('\n')[1]).toBe(`  states x̃: ${[...natural('v_C'), ...natural('i_L')].join(', ')}`);
    // F_LC: L_k meets C_k (+1) and C_(k−1) (−1), rows and columns in natural order
    const block = text.split('\n\n').find((b) => b.startsWith('F_LC'))!.split('\n');
    expect(block[1].trim().split(/\s+/)).toEqual(natural('C'));
    for (let k = 1; k <= N; k++) {
      const row = block[1 + k].trim().split(/\s+/);
      expect(row[0]).toBe(`L${k}`);
      expect(row.slice(1).map(Number)).toEqual(Array.from({ length: N }, (_, j) => (j === k - 1 ? 1 : j === k - 2 ? -1 : 0)));
    }
    const json = masdTableToJson(t) as { states: string[]; quantities: { name: string; cols: string[] }[] };
    expect(json.states).toEqual(t.states);
    expect(json.quantities.find((q) => q.name === 'F_LC')!.cols.indexOf('C10')).toBeLessThan(json.quantities.find((q) => q.name === 'F_LC')!.cols.indexOf('C2'));
  });
});
