/**
 * SPICE netlists of the benchmark's three linear families (an RC ladder, an RC grid, a lossy RLC line), written
 * here in the form the benchmark writes them (values to 15 significant digits, a PWL ramp source, .save, .tran and
 * an ngspice .control block the reader skips), so that the reader's tests need nothing from the benchmarks.
 */
const w = (x: number) => String(Number(x.toPrecision(15)));

function tail(probes: readonly string[], tstep: number, tstop: number): string[] {
  const v = probes.map((p) => `v(${p})`).join(' ');
  return [`.save ${v}`, `.tran ${w(tstep)} ${w(tstop)}`, '.control', 'run', 'set wr_vecnames', `wrdata /tmp/o ${v}`, 'quit', '.endc', '.end'];
}

/** N sections of R = 1 kΩ/N in series and C = 1 µF/N to ground, driven by a 1 V ramp of 4 µs. */
export function rcLadderNetlist(N: number): string {
  const lines = [`* rc-ladder N = ${N}`, 'VVs n0 0 PWL(0 0 0.000004 1)'];
  for (let k = 1; k <= N; k++) lines.push(`RR${k} n${k - 1} n${k} ${w(1e3 / N)}`, `CC${k} n${k} 0 ${w(1e-6 / N)}`);
  return [...lines, ...tail(['n1', `n${N}`], 2e-5, 4e-3)].join('\n') + '\n';
}

/** k × k nodes, 1 Ω between neighbours, 0.25 mF to ground, a current ramp into the corner, 1 Ω load at the far corner. */
export function rcGridNetlist(k: number): string {
  const lines = [`* rc-grid ${k}×${k}`, 'IIs 0 x0_0 PWL(0 0 0.000002 1)'];
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      lines.push(`CC${i}_${j} x${i}_${j} 0 0.00025`);
      if (j + 1 < k) lines.push(`RRh${i}_${j} x${i}_${j} x${i}_${j + 1} 1`);
      if (i + 1 < k) lines.push(`RRv${i}_${j} x${i}_${j} x${i + 1}_${j} 1`);
    }
  }
  lines.push(`RRload x${k - 1}_${k - 1} 0 1`);
  return [...lines, ...tail(['x0_0', `x${k - 1}_${k - 1}`], 1e-5, 2e-3)].join('\n') + '\n';
}

/** N sections of a series R–L and a shunt C ∥ R_g (a lossy line), driven by a 1 V ramp of 2.5 ns. */
export function rlcLineNetlist(N: number): string {
  const lines = [`* rlc-line N = ${N}`, 'VVs n0 0 PWL(0 0 2.5e-9 1)'];
  for (let k = 1; k <= N; k++) {
    lines.push(`RR${k} n${k - 1} m${k} ${w(10 / N)}`, `LL${k} m${k} n${k} ${w(2.5e-7 / N)}`, `CC${k} n${k} 0 ${w(1e-10 / N)}`, `RRg${k} n${k} 0 ${w(1e3 * N)}`);
  }
  return [...lines, ...tail(['n1', `n${N}`], 2.5e-10, 5e-8)].join('\n') + '\n';
}
