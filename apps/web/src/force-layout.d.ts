/** Types of the two modules of graphology-layout-forceatlas2 that ship none (iterate.js, defaults.js). */
declare module 'graphology-layout-forceatlas2/iterate' {
  import type { ForceAtlas2Settings } from 'graphology-layout-forceatlas2';
  /** One iteration of ForceAtlas2 on the packed matrices (positions updated in place). */
  export default function iterate(options: Required<ForceAtlas2Settings>, nodes: Float32Array, edges: Float32Array): void;
}
declare module 'graphology-layout-forceatlas2/defaults' {
  import type { ForceAtlas2Settings } from 'graphology-layout-forceatlas2';
  const defaults: Required<ForceAtlas2Settings>;
  export default defaults;
}
declare module 'graphology-layout-forceatlas2/helpers' {
  import type Graph from 'graphology-types';
  /** The library's packing of a graphology graph into ForceAtlas2's node and edge matrices. */
  export function graphToByteArrays(graph: Graph, getEdgeWeight: (edge: string, attributes: Record<string, unknown>) => number): { nodes: Float32Array; edges: Float32Array };
}
