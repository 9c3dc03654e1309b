/**
 * The Engineer In a Box poster's series RLC as a bond graph (examples/bondgraph/poster-rlc.bg.json): in the
 * bond-graph states (p on I, q on C), the b2 choice, p' = 9 − (2/121) p − q/5, q' = p/121, the poster's
 * equations; and its Euler against RK4 comparison, both against the closed form of L q'' + R q' + q/C = V.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyze, compile, simulate } from '../../src/index';

const path = fileURLToPath(new URL('../../../../examples/bondgraph/poster-rlc.bg.json', import.meta.url));
const text = readFileSync(path, 'utf8');
const [V, R, L, C] = [9, 2, 121, 5];

const model = compile({ text, path }, { stateChoice: 'b2' });

describe('the poster RLC as a bond graph', () => {
  it('is read by the bond-graph reader from its extension and from its text', () => {
    expect(model.format).toBe('bondgraph');
    expect(compile(text).format).toBe('bondgraph');
    expect(compile({ text, format: 'bondgraph' }).format).toBe('bondgraph');
    // saved as plain .json: the text says it is a bond graph, the generic extension only that it is JSON
    expect(compile({ text, path: '/tmp/poster.json' }).format).toBe('bondgraph');
    expect(compile({ text: '{"name": "x", "elements": []}', path: '/tmp/x.json' }).format).toBe('json');
  });

  it("gives the poster's p' = V − (R/L) p − q/C, q' = p/L with p = λ of I and q = q of C (A and B exactly)", () => {
    const ss = model.linear().numeric!;
    const A = ss.A as number[][];
    const B = ss.B as number[][];
    const p = ss.states.findIndex((s) => s.includes('L1'));
    const q = ss.states.findIndex((s) => s.includes('C1'));
    expect(p).toBeGreaterThanOrEqual(0);
    expect(q).toBeGreaterThanOrEqual(0);
    expect(ss.inputs).toEqual(['Vs']);
    expect(A[p][p]).toBe(-R / L);
    expect(A[p][q]).toBe(-1 / C);
    expect(A[q][p]).toBe(1 / L);
    expect(A[q][q]).toBe(0);
    expect(B[p][0]).toBe(1);
    expect(B[q][0]).toBe(0);
    // the source's constant V is its default signal: the poster's "9"
    expect(model.defaultSignals.Vs).toContain('9');
  });

  it('Euler against RK4 at the poster’s steps (0.1 s and 10 s), against the closed form', () => {
    // L q'' + R q' + q/C = V, q(0) = q'(0) = 0: q = CV + e^{αt}(a cos ωt + b sin ωt)
    const alpha = -R / (2 * L);
    const omega = Math.sqrt(1 / (L * C) - alpha * alpha);
    const a = -C * V;
    const b = (-alpha * a) / omega;
    const qExact = (t: number) => C * V + Math.exp(alpha * t) * (a * Math.cos(omega * t) + b * Math.sin(omega * t));
    const pExact = (t: number) => L * Math.exp(alpha * t) * ((alpha * a + omega * b) * Math.cos(omega * t) + (alpha * b - omega * a) * Math.sin(omega * t));
    const tEnd = 400;
    const error = (solver: string, dt: number) => {
      const run = simulate(model, { solver, dt, tEnd, samples: Math.round(tEnd / dt) + 1, signals: { Vs: `step(${V})` } });
      const names = run.result.names;
      const t = run.result.columns[0];
      const p = run.result.columns[names.findIndex((n) => n.includes('L1'))];
      const q = run.result.columns[names.findIndex((n) => n.includes('C1'))];
      let worst = 0;
      for (let k = 0; k < t.length; k++) worst = Math.max(worst, Math.abs(q[k] - qExact(t[k])) / (C * V), Math.abs(p[k] - pExact(t[k])) / (C * V));
      return worst;
    };
    const euler10 = error('euler', 10);
    const rk4_10 = error('rk4', 10);
    const euler01 = error('euler', 0.1);
    const euler005 = error('euler', 0.05);
    const rk4_01 = error('rk4', 0.1);
    // RK4 at 10 s is still close (|hλ| ≈ 0.41: local error ≈ |hλ|⁵/120 ≈ 1e-4 per step, 40 steps); Euler at
    // 10 s is far off (the poster's conclusion: |1 + hλ| ≈ 0.9997 keeps it barely stable, its phase drifts)
    expect(rk4_10).toBeLessThan(0.01);
    expect(euler10).toBeGreaterThan(0.1);
    expect(euler10).toBeGreaterThan(20 * rk4_10);
    // at 0.1 s both are close; Euler is first order (halving the step halves the error), RK4 fourth
    expect(euler01).toBeLessThan(0.05);
    expect(euler01 / euler005).toBeGreaterThan(1.8);
    expect(euler01 / euler005).toBeLessThan(2.2);
    expect(rk4_01).toBeLessThan(1e-9);
  });
});

describe("the poster's mechanical equivalent (translational, effort = force)", () => {
  const mpath = fileURLToPath(new URL('../../../../examples/bondgraph/poster-mass-spring-damper.bg.json', import.meta.url));
  const mech = compile({ text: readFileSync(mpath, 'utf8'), path: mpath }, { stateChoice: 'b2' });

  it('is a mass (A-type), a spring (T-type) and a damper in the mobility linear graph, with the same A and B', () => {
    const kinds = Object.fromEntries(mech.description.oneports.map((e) => [e.id, e.type]));
    expect(kinds).toEqual({ damper: 'D', mass: 'A', spring: 'T' });
    const ss = mech.linear().numeric!;
    const A = ss.A as number[][];
    const B = ss.B as number[][];
    const p = ss.states.findIndex((s) => s.includes('mass'));
    const q = ss.states.findIndex((s) => s.includes('spring'));
    // p' = F − (b/m) p − q/C, q' = p/m with the momentum p and the displacement q
    expect(A[p][p]).toBe(-R / L);
    expect(A[p][q]).toBe(-1 / C);
    expect(A[q][p]).toBe(1 / L);
    expect(A[q][q]).toBe(0);
    expect(B[p][0]).toBe(1);
    expect(B[q][0]).toBe(0);
  });

  it('the same outputs as the RLC: spring force ↔ capacitor voltage, velocity ↔ current, at several s', () => {
    for (const s of [{ re: 0.2, im: 0.1 }, { re: 0, im: 0.05 }, { re: -0.01, im: 1 }]) {
      const hm = analyze(mech, { at: [s] }).H![0].value;
      const he = analyze(model, { at: [s] }).H![0].value;
      for (const i of [0, 1]) expect(Math.hypot(hm[i][0].re - he[i][0].re, hm[i][0].im - he[i][0].im)).toBeLessThan(1e-12 * Math.max(1, Math.hypot(he[i][0].re, he[i][0].im)));
    }
  });
});
