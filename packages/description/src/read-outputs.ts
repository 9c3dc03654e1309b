/**
 * readOutputs: requested outputs → OutputSpec with resolved names and references. A branch output names a
 * one-port, a source or a port of a two-port; a node output is φ(node) − φ(reference), the reference defaulting
 * to the ground of the node's component. Default names: v_<id>, i_<id>, v_<id>.1, v(<node>), v(<node>,<ref>).
 */
import type { ErrorList } from './error-list';
import type { Components } from './node-table';
import type { ElementClass, RawOutput } from './raw-input';
import type { OutputSpec } from './types';

export interface OutputScope {
  /** What each id is: a one-port's or source's branch type, two-port or mutual. */
  readonly classOf: (id: string) => ElementClass | undefined;
  readonly components: Components;
  /** Ground of each component. */
  readonly grounds: readonly string[];
}

export function readOutputs(raw: readonly RawOutput[], scope: OutputScope, errors: ErrorList): OutputSpec[] {
  const out: OutputSpec[] = [];
  const names = new Map<string, number>();
  raw.forEach((o, k) => {
    const at = `outputs[${k}]`;
    const bad = (field: string, message: string, expected: string, element?: string): void => {
      errors.add('bad-output', `${at}.${field}: ${message}`, {
        element: element ?? o.name,
        field: `${at}.${field}`,
        path: `${at}.${field}`,
        expected,
      });
    };
    let spec: OutputSpec | undefined;
    if (o.node !== undefined) {
      const c = scope.components.componentOf(o.node);
      if (c === undefined) {
        bad('node', `no node "${o.node}"`, 'a node of the system', o.node);
      } else {
        const ground = scope.grounds[c];
        const reference = o.reference ?? ground;
        const rc = scope.components.componentOf(reference);
        if (rc === undefined) bad('reference', `no node "${reference}"`, 'a node of the system', reference);
        else if (rc !== c) {
          bad('reference', `"${reference}" is not connected to "${o.node}"`, 'a node of the same connected component', reference);
        } else {
          const name = o.name ?? (reference === ground ? `v(${o.node})` : `v(${o.node},${reference})`);
          spec = { name, kind: 'node', node: o.node, reference };
        }
      }
    } else {
      const id = o.element as string;
      const variable = o.variable as 'across' | 'through';
      const letter = variable === 'across' ? 'v' : 'i';
      const cls = scope.classOf(id);
      if (cls !== undefined && cls !== 'two-port' && cls !== 'mutual') {
        if (o.port !== undefined) bad('port', `"${id}" is a one-port or source and has no ports`, 'no port field', id);
        else spec = { name: o.name ?? `${letter}_${id}`, kind: 'branch', element: id, variable };
      } else if (cls === 'two-port') {
        if (o.port === undefined) bad('port', `"${id}" is a two-port: say which port`, 'port 1 or 2', id);
        else spec = { name: o.name ?? `${letter}_${id}.${o.port}`, kind: 'branch', element: id, port: o.port, variable };
      } else if (cls === 'mutual') {
        bad('element', `"${id}" is a mutual inductance, which has no branch variables`, 'a one-port, source or two-port', id);
      } else {
        bad('element', `no element "${id}"`, 'the id of a one-port, source or two-port', id);
      }
    }
    if (spec === undefined) return;
    const previous = names.get(spec.name);
    if (previous !== undefined) {
      bad('name', `the name "${spec.name}" is already used by outputs[${previous}]`, 'unique output names', spec.name);
      return;
    }
    names.set(spec.name, k);
    out.push(spec);
  });
  return out;
}
