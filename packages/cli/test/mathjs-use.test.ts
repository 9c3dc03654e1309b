/**
 * Which commands build mathjs's typed functions (parse, derivative, simplify: 0.15–0.5 s of set-up each): the
 * bundle's `create` lists every instance a run makes when SYSGRAPH_TRACE_MATHJS=1 (bin/bundle.mjs). Numeric
 * commands — linear and nonlinear simulation (the reservoirs of MASD example 4.2 too), a SPICE netlist, numeric
 * state space, structure — make only instances of the expression node classes; printing a nonlinear model
 * symbolically makes a differentiating one.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = join(root, 'packages/cli/bin/sysgraph.mjs');

/** The factory lists of the mathjs instances a run makes. */
function instances(args: string[]): string[][] {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, SYSGRAPH_TRACE_MATHJS: '1' } });
  expect(r.status, r.stderr).toBe(0);
  return r.stderr
    .split('\n')
    .filter((l) => l.startsWith('mathjs instance: '))
    .map((l) => l.slice('mathjs instance: '.length).split(' '));
}

const NODE_CLASSES = new Set(['ConstantNodeDependencies', 'NodeDependencies', 'OperatorNodeDependencies', 'ParenthesisNodeDependencies', 'createFunctionNode', 'createSymbolNode']);

describe('mathjs typed functions only where symbolic work needs them', { timeout: 180_000 }, () => {
  it('numeric commands make node classes only', () => {
    for (const args of [
      ['simulate', 'rlc-series', '--samples', '3'],
      ['simulate', 'examples/nonlinear/diode-rc.json', '--samples', '3'],
      // laws with secants and a switch from dopri5 to the stiff solver (MASD example 4.2)
      ['simulate', 'examples/nonlinear/masd-4-2-reservoirs.json', '--samples', '3'],
      ['simulate', 'examples/spice/rc-ladder.cir'],
      ['statespace', 'motor-pump'],
      ['structure', 'rlc-series', '--format', 'json'],
    ]) {
      const made = instances(args);
      for (const factories of made) expect(factories.filter((f) => !NODE_CLASSES.has(f)), args.join(' ')).toEqual([]);
    }
  });

  it('one signal parser per run, however many inputs: the description\'s node classes and the engine\'s parser', () => {
    // three inputs (D1, D2, Qin), each read at t = 0 for the start and the end time, then by the solver: before,
    // each of those reads built a parser of its own (8 instances)
    const made = instances(['simulate', 'examples/nonlinear/masd-4-2-reservoirs.json', '--samples', '3']);
    expect(made.length).toBeLessThanOrEqual(2);
  });

  it('printing a nonlinear model differentiates with mathjs', () => {
    const made = instances(['statespace', 'examples/nonlinear/diode-rc.json']);
    expect(made.some((factories) => factories.includes('derivativeDependencies'))).toBe(true);
  });
});
