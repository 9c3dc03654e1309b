/**
 * The benchmark's netlists (what ngspice reads) give, through the netlist reader of @sysgraph/description, the
 * description of the benchmark's own JSON for the same network: one file feeds both tools.
 */
import { describe, expect, it } from 'vitest';
import { createSystemParser, descriptionToJSON, readSpiceNetlist } from '@sysgraph/description';
import type { RawElement, RawSystem } from '@sysgraph/description';
import { rcLadderNetwork } from '../src/spice/rc-ladder-network';
import { rcGridNetwork } from '../src/spice/rc-grid-network';
import { rlcLineNetwork } from '../src/spice/rlc-line-network';
import { networkToDescription } from '../src/spice/network-description';
import type { Network } from '../src/spice/network';
import { writeSpiceNetlist } from '../src/spice/spice-netlist';

const parser = createSystemParser();
const read = (text: string, options = {}) => readSpiceNetlist(text, { expressions: parser.expressions, ...options });

/**
 * The JSON of a benchmark network as its netlist says it: SPICE names are the kind letter + the id (the writer
 * writes R + "R1" = "RR1"), the ramp source is an input (no constant), values as written (15 digits).
 */
function jsonOf(n: Network, title: string): RawSystem {
  const raw = networkToDescription(n);
  const written = (x: number) => Number(x.toPrecision(15));
  const sourceName = `${n.source.kind === 'voltage' ? 'V' : 'I'}${n.source.id}`;
  const elements = (raw.elements as RawElement[]).map((e, k): RawElement => {
    if (k === 0) return { id: sourceName, kind: e.kind, from: e.from, to: e.to };
    return { ...e, id: `${n.elements[k - 1].kind}${e.id}`, value: written(e.value as number) };
  });
  return { name: 'net', title, elements, ground: raw.ground, outputs: n.probes.map((p) => ({ node: p.node })) };
}

describe('the benchmark netlists', () => {
  const networks = [rcLadderNetwork(40), rcGridNetwork(5), rlcLineNetwork(12)];
  for (const n of networks) {
    it(`${n.family} gives the description of its JSON`, () => {
      const text = writeSpiceNetlist(n, { label: 'x', options: { reltol: 1e-6, method: 'gear' }, intervals: 200 }, '/tmp/out.txt');
      const netlist = read(text, { name: 'net', ground: 'gnd' });
      const title = text.slice(0, text.indexOf('\n')).trim();
      expect(descriptionToJSON(netlist.description)).toEqual(descriptionToJSON(parser.parse(jsonOf(n, title))));
      expect(netlist.title).toBe(title);
      const s = n.source;
      expect(netlist.signals[`${s.kind === 'voltage' ? 'V' : 'I'}${s.id}`]).toBe(`pwl(0, 0, ${Number(s.rise.toPrecision(15))}, ${s.amplitude})`);
      expect(netlist.tran).toMatchObject({ tstep: Number((n.tEnd / 200).toPrecision(15)), tstop: n.tEnd, tstart: 0, uic: false });
      expect(netlist.options.get('reltol')).toBe(1e-6);
      expect(netlist.options.get('method')).toBe('gear');
    });
  }
});
