/**
 * forceLayoutMatrices packs typed arrays into ForceAtlas2's matrices exactly as the library packs a graphology
 * graph (its own graphToByteArrays, the oracle), so that the layout worker's iterations are the library's on the
 * same graph: parallel branches, a node of high degree (a ground) and a node with no branch included.
 */
import { describe, expect, it } from 'vitest';
import { MultiDirectedGraph } from 'graphology';
import { graphToByteArrays } from 'graphology-layout-forceatlas2/helpers';
import iterate from 'graphology-layout-forceatlas2/iterate';
import DEFAULTS from 'graphology-layout-forceatlas2/defaults';
import { forceLayoutMatrices, PPE, PPN } from '../src/ui/force-layout-matrices';

describe('the force layout matrices', () => {
  const x = Float32Array.from([0, 10, 20, 30, 5.5]);
  const y = Float32Array.from([1, -4, 7, 0.25, 3]);
  // node 0 the ground: every other branch ends there; 1 → 2 twice (parallel); node 4 has no branch
  const from = Int32Array.from([1, 2, 3, 1, 1]);
  const to = Int32Array.from([0, 0, 0, 2, 2]);
  const graph = new MultiDirectedGraph();
  for (let i = 0; i < x.length; i++) graph.addNode(String(i), { x: x[i], y: y[i] });
  for (let k = 0; k < from.length; k++) graph.addDirectedEdge(String(from[k]), String(to[k]));

  it('equals the library packing of the same graph (edge weight 1)', () => {
    const ours = forceLayoutMatrices(x, y, from, to);
    const theirs = graphToByteArrays(graph, () => 1);
    expect(ours.nodes.length).toBe(x.length * PPN);
    expect(ours.edges.length).toBe(from.length * PPE);
    expect([...ours.nodes]).toEqual([...theirs.nodes]);
    expect([...ours.edges]).toEqual([...theirs.edges]);
    // mass = 1 + degree: the ground has 3 branches, node 1 has 3, node 4 none
    expect(ours.nodes[0 * PPN + 6]).toBe(4);
    expect(ours.nodes[1 * PPN + 6]).toBe(4);
    expect(ours.nodes[4 * PPN + 6]).toBe(1);
  });

  it('moves the nodes as the library would: the same positions after the same iterations', () => {
    const settings = { ...DEFAULTS, gravity: 0.05, scalingRatio: 10, strongGravityMode: true, slowDown: 5 };
    const ours = forceLayoutMatrices(x, y, from, to);
    const theirs = graphToByteArrays(graph, () => 1);
    for (let k = 0; k < 20; k++) {
      iterate(settings, ours.nodes, ours.edges);
      iterate(settings, theirs.nodes, theirs.edges);
    }
    expect([...ours.nodes]).toEqual([...theirs.nodes]);
    // and they did move
    expect(ours.nodes[PPN]).not.toBe(10);
  });
});
