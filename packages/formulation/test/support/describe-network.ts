/**
 * The printable form of an oracle network: one line per branch, two-port and mutual inductance (for failure messages).
 */
import type { OracleNetwork } from './oracle-network';

const NAMES = { E: 'across-source', J: 'through-source', C: 'capacitor', L: 'inductor', R: 'resistor' } as const;

function num(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toPrecision(6);
}

export function describeNetwork(net: OracleNetwork): string {
  const lines: string[] = [];
  for (const b of net.branches) {
    const value = b.value === undefined ? `input ${b.id}` : `${b.kind} = ${num(b.value)}`;
    lines.push(`${b.id.padEnd(6)} ${NAMES[b.kind].padEnd(14)} ${b.from} → ${b.to}   ${value}`);
  }
  for (const t of net.twoPorts) {
    const name = t.kind === 'TF' ? 'transformer' : 'gyrator';
    lines.push(
      `${t.id.padEnd(6)} ${name.padEnd(14)} port 1 ${t.port1.from} → ${t.port1.to}, port 2 ${t.port2.from} → ${t.port2.to}   ${t.kind} = ${num(t.ratio)}`,
    );
  }
  for (const m of net.mutuals) lines.push(`M(${m.a}, ${m.b}) = ${num(m.M)}${m.k !== undefined ? ` (given as k = ${num(m.k)})` : ''}`);
  return lines.join('\n');
}
