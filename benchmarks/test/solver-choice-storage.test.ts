/**
 * auto picks by one rule whatever form the model is stored in: the 200-state RLC line read from the benchmark's
 * netlist by the engine (explicit form x̃' = A x̃ + B u, A = M⁻¹A₀ with entries 1/C, 1/L: the dense backend) and
 * by the in-process benchmark (descriptor form E x̃' = A₀ x̃ + B₀ u, E = diag(C, L): the sparse backend) has the same
 * spectrum; the chooser's rectangle is taken on the balanced matrix (balanced-scaling.ts), so both go to
 * Chebyshev. Both traces are checked against the line's closed-form modal response (line-reference.ts).
 */
import { describe, expect, it } from 'vitest';
import { createSystemParser } from '@sysgraph/description';
import { compile, simulate } from '@sysgraph/engine';
import { rlcLineNetwork } from '../src/spice/rlc-line-network';
import { writeSpiceNetlist, SPICE_DEFAULTS } from '../src/spice/spice-netlist';
import { runSysgraph } from '../src/spice/run-sysgraph';
import { lineModalReference } from '../src/spice/line-reference';
import { maxDeviation, peakOf } from '../src/spice/compare-traces';

const RTOL = 1e-6;
const ATOL = 1e-9;

describe('solver choice independent of the storage form', { timeout: 120_000 }, () => {
  const network = rlcLineNetwork(100);

  it('the netlist through the engine (dense explicit form) picks chebyshev and matches the closed form', () => {
    const text = writeSpiceNetlist(network, SPICE_DEFAULTS, '/tmp/sysgraph-unused.txt');
    const model = compile({ text, path: 'line.cir' });
    const run = simulate(model, { solver: 'auto', rtol: RTOL, atol: ATOL, samples: 201, tEnd: network.tEnd });
    expect(run.result.solver).toBe('chebyshev');
    const col = (name: string) => run.result.columns[run.result.names.indexOf(name)];
    const t = col('t');
    const exact = lineModalReference(network, t);
    const probes = network.probes.map((p) => col(`v(${p.node})`));
    const peak = peakOf(exact);
    expect(maxDeviation(probes, exact, peak)).toBeLessThan(10 * RTOL + ATOL / peak);
  });

  it('the same netlist in process (sparse descriptor form) picks chebyshev too', () => {
    const run = runSysgraph(network, { rtol: RTOL, atol: ATOL, samples: 201, solver: 'auto', input: 'netlist' }, createSystemParser());
    expect(run.solver).toBe('chebyshev');
    const exact = lineModalReference(network, run.t);
    expect(maxDeviation(run.probes, exact, peakOf(exact))).toBeLessThan(10 * RTOL + ATOL / peakOf(exact));
  });
});
