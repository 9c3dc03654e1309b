/**
 * The exact method under impedance scaling: MASD 4.1 with every mass, damper and spring coefficient divided by k
 * (R and L times k, C over k, in the electrical analogy) is the same system in other units: driven by forces, its
 * velocities scale by k and its forces not at all. At k = 1e-6 the unbalanced exponential gave the velocities
 * (6 orders below the forces) with the wrong sign, 5.3e-4 of their peak off, and later refused. The states are
 * balanced before the exponential (balanced-scaling.ts) and its rounding is bounded per component. Reference: an
 * independent solve of the unscaled model (dopri5 at rtol 1e-12), scaled by k; each column within
 * 10·rtol·peak of it at k = 1, 1e-6, 1e6.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, simulate } from '@sysgraph/engine';

const text = readFileSync(resolve(fileURLToPath(new URL('.', import.meta.url)), '../../examples/masd-4-1.json'), 'utf8');
const base = JSON.parse(text).parameters as Record<string, { value: number }>;
const SCALED = ['M1', 'M2', 'B1', 'B2', 'B3', 'B4', 'K1', 'K2', 'K3'];
const SIGNALS = { Fa1: 'step(1)', Fa2: 'sine(1, 0.3)' };

function run(k: number, solver: string, rtol: number, atol: number) {
  const parameters = Object.fromEntries(SCALED.map((name) => [name, base[name].value / k]));
  return simulate(compile(text, { parameters }), { solver, tEnd: 20, samples: 41, signals: SIGNALS, rtol, atol }).result;
}

describe('exact method under impedance scaling (MASD 4.1)', { timeout: 120_000 }, () => {
  const reference = run(1, 'dopri5', 1e-12, 1e-15);
  for (const k of [1, 1e-6, 1e6]) {
    for (const rtol of [1e-6, 1e-10]) {
      it(`k = ${k}, rtol ${rtol}: every column within 10·rtol·peak of the unscaled solve, scaled`, () => {
        const r = run(k, 'exact', rtol, rtol * 1e-3 * Math.min(1, k));
        expect(r.solver).toBe('exact');
        r.names.forEach((name, c) => {
          if (c === 0) return;
          // velocities (across, v_) scale by k; forces (through, i_) do not
          const factor = name.startsWith('v_') ? k : 1;
          const ref = reference.columns[c];
          let peak = 0;
          let err = 0;
          for (let i = 0; i < ref.length; i++) {
            peak = Math.max(peak, Math.abs(factor * ref[i]));
            err = Math.max(err, Math.abs(r.columns[c][i] - factor * ref[i]));
          }
          expect(err / peak, `${name}`).toBeLessThan(10 * rtol);
        });
      });
    }
  }
});
