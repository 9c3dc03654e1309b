/**
 * The SPICE netlist (packages/description/src/netlist/README.md): its elements as a description, its analysis
 * cards (.tran, .options, .save, .ic, uic, source waveforms) as simulation defaults (netlist-defaults.ts).
 * Sniffed by a card at the start of a line: .tran, .end, .model, .subckt, .ic, .save, .print.
 */
import { SysgraphError } from '@sysgraph/core';
import { readSpiceNetlist } from '@sysgraph/description';
import { netlistDefaults } from '../netlist/netlist-defaults';
import type { Reader } from './reader';

/** SPICE netlists are recognised by these extensions. */
export const NETLIST_EXTENSIONS = ['.cir', '.sp', '.spi', '.spice', '.net', '.ckt'];

export const netlistReader: Reader = {
  name: 'spice',
  extensions: NETLIST_EXTENSIONS,
  sniff: (text) => !/^\s*\{/.test(text) && /^\s*\.(tran|end|model|subckt|ic|save|print|options)\b/im.test(text),
  read: (input, options) => {
    if (typeof input !== 'string') throw new SysgraphError('bad-option', 'a SPICE netlist is read from text', { field: 'input', expected: 'the netlist text' });
    const read = readSpiceNetlist(input, options.name !== undefined ? { name: options.name } : {});
    return { description: read.description, netlist: netlistDefaults(read) };
  },
};
