/**
 * sysgraph energy: the energy audit of a simulated trajectory (packages/sensitivity, energy/): each element's
 * stored energy and power, Tellegen's residual, the balance of stored energy against the integral of the power,
 * and the passivity checks; as text, JSON or CSV (the columns).
 */
import type { SystemDescription } from '@sysgraph/description';
import { compile, initialValues, parsePairs } from '@sysgraph/engine';
import { formatTable } from '@sysgraph/graph';
import { energyAudit } from '@sysgraph/sensitivity';
import type { EnergyAudit } from '@sysgraph/sensitivity';

export interface EnergyCommandOptions {
  readonly tEnd?: number;
  readonly input: readonly string[];
  readonly initial: readonly string[];
  readonly solver?: string;
  readonly rtol?: number;
  readonly atol?: number;
  readonly dt?: number;
  readonly samples?: number;
  readonly tolerance?: number;
  readonly format: 'text' | 'json' | 'csv';
}

const num = (x: number) => (Number.isNaN(x) ? 'NaN' : String(Number(x.toPrecision(6))));

/** ∫ P dt by the trapezoid rule on the samples. */
function integral(t: Float64Array, p: Float64Array): number {
  let s = 0;
  for (let r = 1; r < t.length; r++) s += 0.5 * (t[r] - t[r - 1]) * (p[r] + p[r - 1]);
  return s;
}

export function energyReport(desc: SystemDescription, opts: EnergyCommandOptions): string {
  const model = compile({ description: desc });
  const audit = energyAudit(model, {
    tEnd: opts.tEnd,
    signals: parsePairs([...opts.input], '--input'),
    initial: initialValues([...opts.initial]),
    solver: opts.solver,
    rtol: opts.rtol,
    atol: opts.atol,
    dt: opts.dt,
    samples: opts.samples,
    tolerance: opts.tolerance,
  });
  if (opts.format === 'json') return JSON.stringify(toJson(audit), null, 2);
  if (opts.format === 'csv') return toCsv(audit);
  return toText(desc, audit);
}

function summary(a: EnergyAudit) {
  const last = a.t.length - 1;
  return {
    tEnd: a.t[last],
    solver: a.solver,
    stored: { start: a.stored[0], end: a.stored[last] },
    supplied: integral(a.t, a.supplied),
    dissipated: integral(a.t, a.dissipated),
    tellegen: a.tellegen,
    balance: a.balance,
    passivity: a.passivity,
    elements: a.branches.map((b) => ({
      name: b.branch.name,
      kind: b.branch.kind,
      role: b.branch.role,
      domain: b.branch.domain,
      absorbed: integral(a.t, b.power),
      peakPower: b.power.reduce((m, x) => Math.max(m, Math.abs(x)), 0),
      ...(b.energy ? { stored: { start: b.energy[0], end: b.energy[last] } } : {}),
    })),
    notes: a.notes,
  };
}

function toJson(a: EnergyAudit) {
  return {
    ...summary(a),
    columns: {
      t: Array.from(a.t),
      stored: Array.from(a.stored),
      supplied: Array.from(a.supplied),
      dissipated: Array.from(a.dissipated),
      delivered: Array.from(a.delivered),
    },
  };
}

function toCsv(a: EnergyAudit): string {
  const names = ['t', 'stored', 'supplied', 'dissipated', 'delivered', 'balance residual', ...a.branches.map((b) => `P(${b.branch.name})`), ...a.branches.filter((b) => b.energy).map((b) => `W(${b.branch.name})`)];
  const residual = Float64Array.from(a.stored, (w, r) => w - a.stored[0] - a.delivered[r]);
  const cols = [a.t, a.stored, a.supplied, a.dissipated, a.delivered, residual, ...a.branches.map((b) => b.power), ...a.branches.filter((b) => b.energy).map((b) => b.energy!)];
  const lines = [names.join(',')];
  for (let r = 0; r < a.t.length; r++) lines.push(cols.map((c) => String(c[r])).join(','));
  return lines.join('\n') + '\n';
}

function toText(desc: SystemDescription, a: EnergyAudit): string {
  const s = summary(a);
  const lines = [`${desc.title ?? desc.name}: energy audit over [0, ${num(s.tEnd)}] s (solver ${s.solver}, ${a.t.length} samples)`, ''];
  lines.push(formatTable(['element', 'kind', 'role', 'stored at start', 'stored at end', '∫ v·i dt (absorbed)', 'peak |v·i|'], s.elements.map((e) => [e.name, e.kind, e.role, e.stored ? num(e.stored.start) : '', e.stored ? num(e.stored.end) : '', num(e.absorbed), num(e.peakPower)])));
  lines.push(
    '',
    `stored energy: ${num(s.stored.start)} → ${num(s.stored.end)}`,
    `supplied by the sources: ${num(s.supplied)}; dissipated: ${num(s.dissipated)}`,
    `Tellegen (Σ v·i over every branch): largest residual ${a.tellegen.toExponential(2)} of Σ|v·i|`,
    `balance W(t) − W(0) − ∫(supplied − dissipated) dt: largest residual ${a.balance.residual.toExponential(2)} of the energy scale ${num(a.balance.scale)} at t = ${num(a.balance.at)} (quadrature ≈ ${a.balance.quadrature.toExponential(1)}, tolerance ${a.balance.tolerance}): ${a.balance.holds ? 'holds' : 'FAILS'}`,
  );
  const p = a.passivity;
  const pr = p.positiveReal;
  lines.push(
    `passivity: storage function ½Σ C v² + ½ iᵀ L i ${p.storagePositive ? 'positive definite, resistances ≥ 0' : `not positive: ${p.failures.map((f) => `${f.element}.${f.field} = ${num(f.value)} (${f.why})`).join('; ')}`}` +
      (pr ? `; at the source ports ${pr.ports.join(', ')}: ${pr.unstable ? 'unstable (a pole in the right half-plane), ' : ''}min λ(H + Hᴴ)/2 = ${pr.minimum.toExponential(2)} of |H| over ${pr.frequencies} frequencies (${pr.positiveReal ? 'positive real' : `not positive real at ω = ${num(pr.at)} rad/s`})` : ''),
  );
  if (a.notes.length > 0) lines.push('', ...a.notes.map((n) => `note: ${n}`));
  return lines.join('\n');
}
