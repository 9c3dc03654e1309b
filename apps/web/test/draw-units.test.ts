/**
 * The drawing's pure modules in node: the text written back in the shipped examples' own style (every
 * example's text reproduced byte for byte from its parsed document), the document edits against hand-written
 * expected documents, the undo stack's steps, the palette against the description's table of kinds, the hit
 * test against hand-placed points, and the element form's check by the description's reader.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KIND_NAMES, parseSystem } from '@sysgraph/description';
import { addElement, addNode, deleteElement, deleteNode, layoutOf, moveNode, nodesOf, renameNode, setGround } from '../src/ui/draw/doc-model';
import type { JsonObject } from '../src/ui/draw/doc-model';
import { checkElement, newElement, valueFromText } from '../src/ui/draw/element-edit';
import { formatLike, styleOf } from '../src/ui/draw/format-like';
import { createHistory } from '../src/ui/draw/history';
import { hitTest } from '../src/ui/draw/hit-test';
import { PALETTE } from '../src/ui/draw/palette';

const EXAMPLES = join(__dirname, '..', '..', '..', 'examples');

describe('formatLike', () => {
  const files = [...readdirSync(EXAMPLES).filter((f) => f.endsWith('.json') && f !== 'index.json'), ...readdirSync(join(EXAMPLES, 'nonlinear')).filter((f) => f.endsWith('.json')).map((f) => `nonlinear/${f}`)];
  // written by hand, the examples are not all in one style: some keep short lists expanded
  const EXACT = ['cellier-algebraic-loop.json', 'cellier-gear.json', 'masd-4-1.json', 'mass-spring-damper.json', 'two-mass.json', 'nonlinear/hardening-spring-mass.json', 'nonlinear/rlc-time-varying-capacitor.json'];
  it.each(files)('rewrites %s with its content, key order and indentation, most lines unchanged', (f) => {
    const text = readFileSync(join(EXAMPLES, f), 'utf8');
    const out = formatLike(JSON.parse(text), text);
    expect(JSON.stringify(JSON.parse(out))).toBe(JSON.stringify(JSON.parse(text)));
    if (EXACT.includes(f)) expect(out).toBe(text);
    const lines = new Set(out.split('\n'));
    const kept = text.split('\n').filter((l) => lines.has(l)).length / text.split('\n').length;
    expect(kept).toBeGreaterThan(0.8);
    expect(out.split('\n')[1].match(/^\s*/)![0]).toBe(text.split('\n')[1].match(/^\s*/)![0]);
  });
  it('writes an expanded text expanded, with its indentation (4 spaces, a tab)', () => {
    const doc = { name: 'x', elements: [{ id: 'R', kind: 'resistor' }] };
    for (const indent of ['    ', '\t']) {
      const text = JSON.stringify(doc, null, indent);
      expect(styleOf(text).compact).toBe(false);
      expect(formatLike(doc, text)).toBe(text);
    }
  });
  it('keeps key order and puts new keys last', () => {
    const text = '{\n  "name": "a",\n  "elements": []\n}\n';
    const doc = JSON.parse(text) as JsonObject;
    const next = addNode(doc, { x: 10.4, y: 20.6 }).doc;
    expect(formatLike(next, text)).toBe('{\n  "name": "a",\n  "elements": [],\n  "meta": {\n    "layout": {\n      "nodes": {\n        "n1": {\n          "x": 10,\n          "y": 21\n        }\n      }\n    }\n  }\n}\n');
  });
});

describe('document edits', () => {
  const base: JsonObject = { elements: [{ id: 'R', kind: 'resistor', from: 'a', to: 'g', value: 2 }, { id: 'C', kind: 'capacitor', from: 'a', to: 'g', value: 1 }], outputs: [{ name: 'v', element: 'C', variable: 'across' }], ground: ['g'] };
  it('adds, moves and renames a node everywhere; the old document stays as it was', () => {
    const { doc, name } = addNode(base, { x: 5, y: 6 });
    expect(name).toBe('n1');
    expect(nodesOf(doc)).toEqual(['a', 'g', 'n1']);
    const moved = moveNode(doc, 'a', { x: 100, y: 50 });
    expect([...layoutOf(moved)]).toEqual([['n1', { x: 5, y: 6 }], ['a', { x: 100, y: 50 }]]);
    const renamed = renameNode(moved, 'g', 'ground0');
    expect(renamed.elements).toEqual([{ id: 'R', kind: 'resistor', from: 'a', to: 'ground0', value: 2 }, { id: 'C', kind: 'capacitor', from: 'a', to: 'ground0', value: 1 }]);
    expect(renamed.ground).toEqual(['ground0']);
    expect(base.meta).toBeUndefined();
  });
  it('deletes an element with its outputs, a node with its elements, its ground mark and position', () => {
    expect(deleteElement(base, 'C')).toEqual({ elements: [{ id: 'R', kind: 'resistor', from: 'a', to: 'g', value: 2 }], outputs: [], ground: ['g'] });
    const placed = moveNode(base, 'g', { x: 1, y: 2 });
    const d = deleteNode(placed, 'g');
    expect(d.elements).toEqual([]);
    expect(d.ground).toBeUndefined();
    expect(layoutOf(d).size).toBe(0);
  });
  it('marks and unmarks grounds', () => {
    const d = setGround(base, 'a', true);
    expect(d.ground).toEqual(['g', 'a']);
    expect(setGround(d, 'g', false).ground).toEqual(['a']);
  });
  it('makes new elements with unique ids and a two-port with the domains found at its nodes', () => {
    const d = addElement(base, newElement(base, 'resistor', { from: 'a', to: 'g' }));
    expect((d.elements as JsonObject[])[2]).toEqual({ id: 'R1', kind: 'resistor', from: 'a', to: 'g', value: 1 });
    const withShaft = addElement(d, { id: 'k', kind: 'torsional-spring', from: 'm', to: 'gr', value: 3 });
    expect(newElement(withShaft, 'transformer', { from: 'a', to: 'g', from2: 'm', to2: 'gr' })).toEqual({
      id: 'TF1', kind: 'transformer', ratio: 1,
      ports: [{ from: 'a', to: 'g', domain: 'electrical' }, { from: 'm', to: 'gr', domain: 'rotational' }],
    });
    expect(newElement(base, 'a-type', { from: 'a', to: 'g' }).domain).toBe('electrical');
  });
  it('reads a value as a number only when it is a plain number', () => {
    expect(valueFromText(' 12 ')).toBe(12);
    expect(valueFromText('-1.5e-3')).toBe(-1.5e-3);
    expect(valueFromText('1 / 0.8')).toBe('1 / 0.8');
    expect(valueFromText('R')).toBe('R');
  });
  it('checks a form by the description reader: a bad value or a duplicate id is named, a half-drawn graph is not', () => {
    const half: JsonObject = { elements: [{ id: 'R', kind: 'resistor', from: 'a', to: 'b', value: 2 }] };
    expect(checkElement(half, 'R', { id: 'R', kind: 'resistor', from: 'a', to: 'b', value: 3 })).toEqual([]);
    const bad = checkElement(half, 'R', { id: 'R', kind: 'resistor', from: 'a', to: 'b', value: '2 +' });
    expect(bad.length).toBeGreaterThan(0);
    expect(bad[0].field).toBe('value');
    const duplicate = checkElement(base, 'C', { id: 'R', kind: 'capacitor', from: 'a', to: 'g', value: 1 });
    expect(duplicate.map((e) => e.field)).toContain('id');
  });
});

describe('the layout in the metadata', () => {
  it('is accepted by the description reader and the schema (meta is free-form), and read back', () => {
    const text = readFileSync(join(EXAMPLES, 'motor-pump.json'), 'utf8');
    const drawn = moveNode(JSON.parse(text) as JsonObject, 'a', { x: 12, y: 34 });
    expect(() => parseSystem(drawn)).not.toThrow();
    expect(layoutOf(JSON.parse(formatLike(drawn, text)) as JsonObject).get('a')).toEqual({ x: 12, y: 34 });
    expect(layoutOf({ meta: { layout: { nodes: { a: { x: 'left', y: 1 }, b: { x: Infinity, y: 0 } } } } }).size).toBe(0);
  });
});

describe('history', () => {
  it('undoes and redoes drawing steps; one run of typing is one step; a new command drops the redo', () => {
    const h = createHistory('t0');
    h.push('t1');
    h.push('t2');
    h.typed('t2a');
    h.typed('t2ab');
    expect(h.undo()).toBe('t2');
    expect(h.undo()).toBe('t1');
    expect(h.redo()).toBe('t2');
    expect(h.redo()).toBe('t2ab');
    expect(h.canRedo).toBe(false);
    h.undo();
    h.push('t3');
    expect(h.canRedo).toBe(false);
    expect(h.undo()).toBe('t2');
    h.reset('x');
    expect(h.canUndo).toBe(false);
  });
});

describe('palette', () => {
  it('offers every kind the description accepts, once', () => {
    const offered = PALETTE.flatMap((g) => g.kinds.map((k) => k.kind));
    expect([...offered].sort()).toEqual([...KIND_NAMES].sort());
    expect(PALETTE.find((g) => g.label === 'Fluid')!.kinds.map((k) => k.kind)).toContain('fluid-resistor');
  });
});

describe('hitTest', () => {
  const nodes = new Map([['a', { x: 0, y: 0 }], ['b', { x: 100, y: 0 }]]);
  const branch = { id: 'R', from: { x: 0, y: 0 }, control: { x: 50, y: -40 }, to: { x: 100, y: 0 } };
  it('finds a node, then a branch on its curve (apex at y = -20), else empty space', () => {
    expect(hitTest({ x: 3, y: 4 }, nodes, [branch])).toEqual({ kind: 'node', name: 'a' });
    expect(hitTest({ x: 50, y: -22 }, nodes, [branch])).toEqual({ kind: 'element', id: 'R' });
    expect(hitTest({ x: 50, y: 0 }, nodes, [branch])).toEqual({ kind: 'empty' });
  });
});
