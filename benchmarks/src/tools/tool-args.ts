/**
 * The command line shared by the stage tools (pipeline-stages, model-stages, simulate-stage):
 *   <family> <size> [--repeats R] [--warm W] [--flag …]
 * family: rc-ladder (N sections), rc-grid (side), rlc-line (N sections); the network is built from them.
 */
import type { Network } from '../spice/network';
import { rcGridNetwork } from '../spice/rc-grid-network';
import { rcLadderNetwork } from '../spice/rc-ladder-network';
import { rlcLineNetwork } from '../spice/rlc-line-network';

export interface ToolArgs {
  readonly family: string;
  readonly size: number;
  readonly repeats: number;
  readonly warm: number;
  readonly network: Network;
  /** Whether a flag such as --netlist was given. */
  has(flag: string): boolean;
}

export function toolArgs(argv: readonly string[], defaultRepeats: number): ToolArgs {
  const option = (name: string, fallback: number) => {
    const k = argv.indexOf(name);
    return k >= 0 ? Number(argv[k + 1]) : fallback;
  };
  const [family = 'rc-ladder', sizeText = '10000'] = argv.filter((a, i) => !a.startsWith('--') && !['--repeats', '--warm'].includes(argv[i - 1]));
  const size = Number(sizeText);
  const network = family === 'rc-ladder' ? rcLadderNetwork(size) : family === 'rc-grid' ? rcGridNetwork(size) : rlcLineNetwork(size);
  return { family, size, repeats: option('--repeats', defaultRepeats), warm: option('--warm', 5), network, has: (flag) => argv.includes(flag) };
}
