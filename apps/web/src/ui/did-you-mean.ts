/**
 * didYouMean: the closest name to a misspelt one (an unknown kind against the description stage's KIND_NAMES,
 * an unknown element id against the ids of the description), by the optimal-string-alignment distance
 * (Levenshtein with adjacent transpositions); none when nothing is within max(1, ⌊length / 3⌋) edits.
 */
import { KIND_NAMES } from '@sysgraph/description';
import type { ErrorInfo } from '../engine/protocol';

/** d(i, j) = min(d(i−1, j) + 1, d(i, j−1) + 1, d(i−1, j−1) + [a_i ≠ b_j], d(i−2, j−2) + 1 if a transposition). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[(i - 1) * cols + j] + 1, d[i * cols + j - 1] + 1, d[(i - 1) * cols + j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[(i - 2) * cols + j - 2] + 1);
      d[i * cols + j] = v;
    }
  }
  return d[rows * cols - 1];
}

/** The closest candidate within the allowed distance (case-insensitive), ties to the first in the list. */
export function closestName(word: string, candidates: Iterable<string>): string | undefined {
  const w = word.toLowerCase();
  const limit = Math.max(1, Math.floor(w.length / 3));
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    if (c === word) continue;
    const dist = editDistance(w, c.toLowerCase());
    if (dist <= limit && dist < bestD) {
      best = c;
      bestD = dist;
    }
  }
  return best;
}

/** The element ids of a description's text, when it parses as JSON. */
function elementIds(text: string): string[] {
  try {
    const raw = JSON.parse(text) as { elements?: unknown };
    if (!Array.isArray(raw.elements)) return [];
    return raw.elements.flatMap((e) => (e && typeof e === 'object' && typeof (e as { id?: unknown }).id === 'string' ? [(e as { id: string }).id] : []));
  } catch {
    return [];
  }
}

export interface Suggestion {
  readonly wrong: string;
  readonly right: string;
}

/** A suggestion for an error that quotes an unknown kind or element id in its message. */
export function suggestFor(error: ErrorInfo, text: string): Suggestion | undefined {
  const quoted = /"([^"]{1,80})"/.exec(error.message)?.[1];
  if (quoted === undefined) return undefined;
  const isKind = error.code === 'unknown-kind' || error.field === 'kind' || (error.field ?? '').endsWith('.kind');
  const right = closestName(quoted, isKind ? KIND_NAMES : elementIds(text));
  return right === undefined ? undefined : { wrong: quoted, right };
}
