/** The readers every engine has: JSON descriptions and SPICE netlists. A new format registers itself the same way. */
import { jsonReader } from './json-reader';
import { netlistReader } from './netlist-reader';
import { registerReader } from './registry';

registerReader(jsonReader);
registerReader(netlistReader);
