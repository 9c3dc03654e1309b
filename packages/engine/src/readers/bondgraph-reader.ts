/**
 * The bond graph (packages/bondgraph, schema/bondgraph.schema.json): read, checked, converted to its equivalent
 * linear graph. Chosen by `--from bondgraph`, by the extension .bg.json (registered before JSON, whose .json it
 * ends with), or by a JSON text with a "bonds" array. Errors name the bond or element of the bond graph.
 */
import { bondGraphToDescription, readBondGraph } from '@sysgraph/bondgraph';
import type { Reader } from './reader';

export const BOND_GRAPH_EXTENSIONS = ['.bg.json', '.bondgraph.json'];

export const bondGraphReader: Reader = {
  name: 'bondgraph',
  extensions: BOND_GRAPH_EXTENSIONS,
  sniff: (text) => /^\s*\{/.test(text) && /"bonds"\s*:\s*\[/.test(text.slice(0, 20000)),
  read: (input, options) => ({ description: bondGraphToDescription(readBondGraph(input, options.name !== undefined ? { name: options.name } : {})) }),
};
