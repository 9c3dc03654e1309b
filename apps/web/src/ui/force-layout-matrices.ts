/**
 * forceLayoutMatrices: a graph given as typed arrays (node count, branch ends) packed into the flat matrices
 * that ForceAtlas2's iteration reads (graphology-layout-forceatlas2's `iterate`, Jacomy et al. 2014), exactly as
 * the library's graphToByteArrays packs a graphology graph (edge weight 1): per node, PPN = 10 numbers
 * x, y, dx, dy, old dx, old dy, mass, convergence, size, fixed, with mass = 1 + (weighted) degree; per edge,
 * PPE = 3 numbers: the offsets of its two nodes in the node matrix (node index · PPN) and its weight. No
 * graphology graph is built: a large graph's layout runs in a worker from the engine's packed arrays alone.
 */

/** Numbers per node and per edge in the matrices (the library's PPN, PPE). */
export const PPN = 10;
export const PPE = 3;

export interface ForceLayoutMatrices {
  readonly nodes: Float32Array;
  readonly edges: Float32Array;
}

/**
 * @param x, y start positions, one per node
 * @param from, to the ends of each edge (node indices)
 * @param sizes node sizes (only read with adjustSizes), 1 when absent
 */
export function forceLayoutMatrices(x: ArrayLike<number>, y: ArrayLike<number>, from: ArrayLike<number>, to: ArrayLike<number>, sizes?: ArrayLike<number>): ForceLayoutMatrices {
  const n = x.length;
  const nodes = new Float32Array(n * PPN);
  for (let i = 0, j = 0; i < n; i++, j += PPN) {
    nodes[j] = x[i];
    nodes[j + 1] = y[i];
    // dx, dy, old dx, old dy stay 0
    nodes[j + 6] = 1; // mass: 1 + the weighted degree, below
    nodes[j + 7] = 1; // convergence
    nodes[j + 8] = sizes?.[i] || 1;
    // fixed: 0
  }
  const m = from.length;
  const edges = new Float32Array(m * PPE);
  for (let k = 0, j = 0; k < m; k++, j += PPE) {
    const s = from[k] * PPN;
    const t = to[k] * PPN;
    nodes[s + 6] += 1;
    nodes[t + 6] += 1;
    edges[j] = s;
    edges[j + 1] = t;
    edges[j + 2] = 1;
  }
  return { nodes, edges };
}
