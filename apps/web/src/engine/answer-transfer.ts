/**
 * answerTransfer: the buffers of an answer that postMessage transfers instead of copying — the trace's columns,
 * a large model's entries, the packed graph and derivation — each once (a buffer listed twice is a
 * DataCloneError). After the transfer the worker's copies are detached: an answer is sent once.
 */
import type { RunAnswer, TraceView } from './protocol';
import { packedDerivationBuffers } from './packed-derivation';
import { packedGraphBuffers } from './packed-graph';
import { sparseBuffers } from './sparse-view';

export const traceBuffers = (trace: TraceView): ArrayBuffer[] => trace.columns.map((c) => c.buffer as ArrayBuffer);

export function answerTransfer(a: RunAnswer): ArrayBuffer[] {
  if (!a.ok) return [];
  const transfer: ArrayBuffer[] = [...packedGraphBuffers(a.graph), ...packedDerivationBuffers(a.derivation)];
  if (a.simulation.ok) transfer.push(...traceBuffers(a.simulation.trace));
  if (a.model.large) for (const m of Object.values(a.model.large.matrices)) transfer.push(...sparseBuffers(m));
  return [...new Set(transfer)];
}
