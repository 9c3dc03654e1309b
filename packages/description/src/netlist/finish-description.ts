/**
 * finishDescription: the checks that need the whole netlist, then the SystemDescription, in parse-system.ts's
 * order and with its builders: diode laws from their `.model` cards, waveforms against `.tran`, mutual couplings (check-mutuals.ts), dangling nodes,
 * grounds (grounds.ts: the ground node is the given ground of its component), outputs (read-outputs.ts) and the
 * numeric checks of check-values.ts where mutual inductances need them (every other value is a positive literal,
 * checked as read). Every error found is thrown together, as parseSystem does.
 * Cost: O(N + B) plus O(#probes + #couplings).
 */
import { checkMutuals } from '../check-mutuals';
import { checkValues } from '../check-values';
import { assignGrounds } from '../grounds';
import type { RawOutput } from '../raw-input';
import { readOutputs } from '../read-outputs';
import type { MutualInductance, SystemDescription } from '../types';
import { fail, tokenText } from './netlist-context';
import type { NetlistContext } from './netlist-context';
import type { SourceWaveform } from './netlist-types';
import { resolveDiodes } from './read-diode-card';
import { waveformSignal } from './source-waveform';

export interface FinishedNetlist {
  readonly description: SystemDescription;
  readonly waveforms: SourceWaveform[];
  readonly signals: Record<string, string>;
}

export function finishDescription(ctx: NetlistContext, name: string, title: string): FinishedNetlist {
  const errors = ctx.errors;
  const pathOf = (id: string): string | undefined => {
    const k = ctx.ids.find(id);
    return k < 0 ? undefined : `line ${ctx.ids.lineOf(k)}`;
  };
  const classOf = (id: string) => {
    const k = ctx.ids.find(id);
    return k < 0 ? undefined : ctx.ids.classOf(k);
  };

  // Diodes, now that every .model (wherever it stands) is known.
  resolveDiodes(ctx);

  // Waveforms, now that .tran (wherever it stands) is known.
  const waveforms: SourceWaveform[] = [];
  const signals: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const w of ctx.waveforms) {
    const r = waveformSignal(w.spice, w.arguments, ctx.tran);
    if ('error' in r) {
      fail(ctx, r.unsupported ? 'unsupported' : 'bad-netlist', w.line, `${w.id}: ${r.error}`, { element: w.id, field: 'waveform', expected: r.expected });
      continue;
    }
    waveforms.push({ input: w.id, spice: w.spice, arguments: w.arguments, signal: r.signal, line: w.line });
    signals[w.id] = r.signal;
  }

  // K cards: the coupled inductors by name (any case), then the structural checks of the JSON path.
  const read: MutualInductance[] = [];
  for (const m of ctx.mutuals) {
    const between: string[] = [];
    for (const [j, t] of [m.first, m.second].entries()) {
      const k = ctx.ids.findRange(ctx.text, ctx.tokens.start[t], ctx.tokens.end[t]);
      if (k < 0) {
        const written = tokenText(ctx, t);
        fail(ctx, 'unknown-element', m.line, `${m.id}: no element "${written}"`, {
          element: m.id,
          field: `between[${j}]`,
          elements: [written],
          expected: 'the name of an inductor',
        });
      } else between.push(ctx.ids.names[k]);
    }
    if (between.length === 2) read.push({ id: m.id, between: [between[0], between[1]], form: 'coupling', value: m.value });
  }
  const mutuals = checkMutuals(read, classOf, pathOf, errors);

  // Dangling nodes: a node with one terminal, named at each such terminal, in netlist order (the terminals are
  // walked only when there is one).
  const nodes = ctx.nodes;
  const names = nodes.names;
  const branchNodes = ctx.branchNodes.array;
  const dangling = nodes.anyDangling();
  for (let b = 0; dangling && b < ctx.branchElement.length; b++) {
    for (let side = 0; side < 2; side++) {
      const node = branchNodes[2 * b + side];
      if (nodes.terminalCount(node) !== 1) continue;
      const e = ctx.branchElement.at(b);
      const id = e >= 0 ? ctx.ids.names[e] : ctx.duplicates[-1 - e];
      const field = side === 0 ? 'from' : 'to';
      fail(ctx, 'dangling-node', ctx.ids.lineOf(ctx.ids.find(id)), `${id}.${field}: node "${names[node]}" is connected to nothing else`, {
        element: id,
        field,
        elements: [names[node]],
        expected: 'a node shared with at least one other terminal (check the spelling)',
      });
    }
  }

  const nodeIndex = nodes.index();
  const components = nodes.components();
  const given = nodes.ground >= 0 ? [names[nodes.ground]] : undefined;
  const grounds = assignGrounds(given, names as string[], components, errors);

  const outputs = readOutputs(probeOutputs(ctx), { classOf, components, grounds }, errors);
  if (mutuals.length > 0) {
    const scope = { parameters: new Map<string, number | null>(), oneports: ctx.oneports, sources: ctx.sources, twoPorts: [], mutuals };
    for (const e of checkValues(scope, pathOf)) errors.addThrown(e);
  }
  errors.throwIfAny();

  const description: { -readonly [K in keyof SystemDescription]: SystemDescription[K] } = {
    name,
    parameters: new Map(),
    oneports: ctx.oneports,
    sources: ctx.sources,
    twoPorts: [],
    mutuals,
    outputs,
    grounds,
    nodes: names as string[],
    nodeIndex,
    // The branches as the linear graph numbers them (ids in code-unit order), as parseSystem records them, and
    // the components of the nodes, which every branch joined as it was read (NetlistNodes.connect).
    branchNumbering: ctx.branches.numbering(ctx.ids.order(), components),
  };
  if (title !== '') description.title = title;
  return { description, waveforms, signals };
}

/** The probes as outputs (each once), after checking that their nodes and elements exist. */
function probeOutputs(ctx: NetlistContext): RawOutput[] {
  const out: RawOutput[] = [];
  const seen = new Set<string>();
  const { start, end } = ctx.tokens;
  for (const p of ctx.probes) {
    if (p.kind === 'v') {
      const a = ctx.nodes.find(ctx.text, start[p.first], end[p.first]);
      const b = p.second < 0 ? ctx.nodes.ground : ctx.nodes.find(ctx.text, start[p.second], end[p.second]);
      const missing = a < 0 ? p.first : p.second >= 0 && b < 0 ? p.second : -1;
      if (missing >= 0) {
        fail(ctx, 'bad-output', p.line, `no node "${tokenText(ctx, missing)}"`, {
          element: tokenText(ctx, missing),
          field: missing === p.first ? 'node' : 'reference',
          expected: 'a node of the circuit',
        });
        continue;
      }
      const key = `v ${a} ${b}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const node = ctx.nodes.names[a];
      out.push(b < 0 ? { node } : { node, reference: ctx.nodes.names[b] });
    } else {
      const k = ctx.ids.findRange(ctx.text, start[p.first], end[p.first]);
      const cls = k < 0 ? undefined : ctx.ids.classOf(k);
      if (cls === undefined || cls === 'mutual' || cls === 'two-port') {
        fail(ctx, 'bad-output', p.line, `i(${tokenText(ctx, p.first)}): no branch of that name`, {
          element: tokenText(ctx, p.first),
          field: 'element',
          expected: 'the name of an R, L, C, V or I element',
        });
        continue;
      }
      const key = `i ${k}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const id = ctx.ids.names[k];
      out.push({ name: `i(${id.toLowerCase()})`, element: id, variable: 'through' });
    }
  }
  return out;
}
