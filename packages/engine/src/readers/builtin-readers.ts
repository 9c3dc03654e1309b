/**
 * The readers every engine has: JSON descriptions, SPICE netlists, StateMint-style equation files and bond graphs.
 * A new format registers itself the same way.
 */
import { bondGraphReader } from './bondgraph-reader';
import { equationsReader } from './equations-reader';
import { jsonReader } from './json-reader';
import { netlistReader } from './netlist-reader';
import { registerReader } from './registry';

registerReader(bondGraphReader); // before JSON: .bg.json ends with .json, and its text is JSON too
registerReader(jsonReader);
registerReader(netlistReader);
registerReader(equationsReader);
