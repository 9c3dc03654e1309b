/**
 * A tank (fluid capacitor of area A) draining through an orifice, q = Cd·sqrt(v) (and Cd·sign(v)·sqrt(|v|)),
 * written as a JSON description and simulated by the command from empty, where d sqrt(v)/dv is infinite: the
 * secant retry of the command finds no finite secant for sqrt(v) at 0 (it evaluates the law at −δ), so the
 * simulator's stiff solvers use one-sided differences of f inside the law's domain and say so — never an
 * "internal error". Checked against a fine RK4 of the hand-written tank equation A h' = q_in − Cd sqrt(h), and,
 * draining from h0 without inflow, against its closed form sqrt(h) = sqrt(h0) − Cd t/(2A).
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseSystem } from '@sysgraph/description';
import { runSimulation } from '../src/commands/simulate';
import { rk4Trajectory } from './support/hand';
import { sysgraph } from './support/command';

const A = 2;
const Cd = 0.5;

function tankJson(law: string, inflow: number): string {
  return JSON.stringify({
    name: 'orifice-tank',
    parameters: { A, Cd, Q: inflow },
    elements: [
      { id: 'Qin', kind: 'flow-source', from: 'g', to: 'a', value: 'Q' },
      { id: 'T', kind: 'fluid-capacitor', from: 'a', to: 'g', value: 'A' },
      { id: 'orifice', kind: 'fluid-resistor', from: 'a', to: 'g', law: { through: law } },
    ],
    outputs: [{ name: 'level', element: 'T', variable: 'across' }],
    ground: 'g',
  });
}

const LAWS = ['Cd*sqrt(v)', 'Cd*sign(v)*sqrt(abs(v))'];

describe('the orifice tank from empty (a law not differentiable at the initial state)', () => {
  for (const law of LAWS) {
    it(`${law}, inflow 1: the default solver and the stiff ones against RK4 of A h' = q − Cd sqrt(h)`, () => {
      const desc = parseSystem(tankJson(law, 1), { name: 'orifice-tank' });
      const ref = rk4Trajectory((_t, [h]) => [(1 - Cd * Math.sqrt(Math.max(0, h))) / A], [0], 10, 20000, 1000);
      for (const solver of [undefined, 'stiff', 'trbdf2']) {
        const notes: string[] = [];
        const run = runSimulation(desc, { tEnd: 10, samples: 21, solver, rtol: 1e-8, atol: 1e-10, note: (l) => notes.push(l) });
        const level = run.result.columns[run.result.names.indexOf('level')];
        for (let k = 0; k < ref.length; k++) expect(Math.abs(level[k] - ref[k][0]), `${solver ?? 'auto'} at ${run.result.columns[0][k]}`).toBeLessThan(1e-5);
        // the level approaches Cd sqrt(h) = q: h = 4
        expect(level[20]).toBeGreaterThan(2);
        if (law === 'Cd*sqrt(v)' && run.result.solver !== 'dopri5') expect(notes.join('\n'), solver).toMatch(/one-sided differences/);
      }
    });

    it(`${law}, draining from h0 = 1: sqrt(h) = 1 − Cd t/(2A) until near empty`, () => {
      const desc = parseSystem(tankJson(law, 0), { name: 'orifice-tank' });
      const run = runSimulation(desc, { tEnd: 7, samples: 15, solver: 'stiff', rtol: 1e-9, atol: 1e-12, initial: ['v_T=1'] });
      const level = run.result.columns[run.result.names.indexOf('level')];
      run.result.columns[0].forEach((t, k) => expect(Math.abs(level[k] - (1 - (Cd * t) / (2 * A)) ** 2), `t = ${t}`).toBeLessThan(1e-7));
    });
  }

  it('without --t-end from empty: no time constant at the initial state, the default end time with the reason', () => {
    const desc = parseSystem(tankJson('Cd*sqrt(v)', 1), { name: 'orifice-tank' });
    const notes: string[] = [];
    const run = runSimulation(desc, { samples: 5, note: (l) => notes.push(l) });
    expect(run.tEnd).toBe(1);
    expect(notes.join('\n')).toMatch(/t-end = 1 s \(.*not differentiable.*no time constant/);
  });

  it('the command from a file: exit 0 and a CSV, no "internal error"', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sysgraph-tank-'));
    const file = join(dir, 'tank.json');
    writeFileSync(file, tankJson('Cd*sqrt(v)', 1));
    const r = sysgraph(['simulate', file, '--t-end', '10', '--samples', '3']);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^t,/);
  });
});
