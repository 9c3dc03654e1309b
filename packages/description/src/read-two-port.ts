/**
 * readTwoPort: a transformer (v1 = TF·v2, i1 = −i2/TF) or gyrator (v1 = GY·i2, i1 = −v2/GY) → TwoPort
 * (formulation.md section 1). The laws are stored, not applied, here.
 */
import type { TwoPortKind } from '@sysgraph/core';
import type { RawElement } from './raw-input';
import { checkSelfLoop, resolveDomain } from './read-context';
import type { ReadContext } from './read-context';
import { readValue } from './read-value';
import type { Port, TwoPort } from './types';

export function readTwoPort(raw: RawElement, ctx: ReadContext): TwoPort | undefined {
  const rawPorts = raw.ports ?? [];
  const domains = rawPorts.map((p, j) => resolveDomain(undefined, p.domain, raw.id, `ports[${j}].domain`, ctx));
  const ports = rawPorts.map((p, j): Port => {
    checkSelfLoop(p.from, p.to, raw.id, `ports[${j}].to`, ctx);
    return { from: p.from, to: p.to, ...(p.label !== undefined ? { label: p.label } : {}) };
  });
  const ratio = readValue(raw.ratio as number | string, ctx, raw.id, 'ratio');
  if (ratio === undefined || ports.length !== 2) return undefined;
  return {
    id: raw.id,
    kind: raw.kind as TwoPortKind,
    domain1: domains[0],
    domain2: domains[1],
    ports: [ports[0], ports[1]],
    ratio,
    ...(raw.label !== undefined ? { label: raw.label } : {}),
  };
}
