/**
 * The readers every engine has: JSON descriptions, SPICE netlists, StateMint-style equation files. A new format
 * registers itself the same way (the bond-graph reader goes after the equations').
 */
import { equationsReader } from './equations-reader';
import { jsonReader } from './json-reader';
import { netlistReader } from './netlist-reader';
import { registerReader } from './registry';

registerReader(jsonReader);
registerReader(netlistReader);
registerReader(equationsReader);
