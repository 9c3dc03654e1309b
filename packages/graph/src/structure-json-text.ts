/**
 * writeStructureJson: the compact JSON text of structureToJson's value,
 *   JSON.stringify({ ...structureToJson(s), derivationOmitted })
 * byte for byte, written in pieces without making the value's per-branch objects: the branch records
 * { id, element, kind, type, domain, from, to } and F's triplets [row, column, value] are concatenated from the
 * graph's arrays and the description's lists (forEachBranchRecord, the records' one definition), every node name
 * and branch id quoted once (JSON.stringify of the string) and reused wherever it appears. At 10^5 branches that
 * is 2·10^5 objects and arrays fewer to make, to keep alive across scavenges and to walk in the native stringify.
 * Every other member (the id lists, groups, states, placement, diagnostics) comes from structureJsonParts, the
 * same values structureToJson returns, through the native JSON.stringify.
 * The value without the derivation only (the derivation is a deep tree: structureToJson and a walking writer
 * serve it). Cost O(B + N + nnz(F)) and the text's length.
 */
import type { Structure } from './structure';
import { forEachBranchRecord, structureJsonParts } from './structure';

/** Branch records or triplets per piece handed to `write`. */
const ROWS = 4096;

/** A JSON number as JSON.stringify writes it (non-finite → null). */
function jsonNumber(x: number): string {
  return Number.isFinite(x) ? String(x) : 'null';
}

/**
 * Writes JSON.stringify({ ...structureToJson(s), derivationOmitted }) (derivationOmitted left out when undefined)
 * to `write`, in pieces.
 */
export function writeStructureJson(s: Structure, write: (piece: string) => void, derivationOmitted?: string): void {
  const parts = structureJsonParts(s);
  const treeText = JSON.stringify(parts.tree);
  const linkText = JSON.stringify(parts.links);
  write(`{"name":${JSON.stringify(parts.name)},"nodes":${JSON.stringify(parts.nodes)},"branches":[`);
  writeBranches(s, write);
  write(`],"tree":${treeText},"links":${linkText},"groups":${JSON.stringify(parts.groups)}`);
  write(`,"states":${JSON.stringify(parts.states)},"inputs":${JSON.stringify(parts.inputs)},"placement":${JSON.stringify(parts.placement)}`);
  write(`,"F":{"rows":${linkText},"columns":${treeText},"nnz":${jsonNumber(parts.nnz)},"nonzeros":[`);
  writeTriplets(s, write);
  write(`]},"diagnostics":${JSON.stringify(parts.diagnostics)}`);
  write(derivationOmitted === undefined ? '}' : `,"derivationOmitted":${JSON.stringify(derivationOmitted)}}`);
}

/** Whether JSON.stringify(s) is s in quotes: no quote, backslash, control character or surrogate to escape. */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * The branch records, comma-separated, ROWS at a time: every record's pieces pushed on one array that is joined
 * per ROWS records (one flat string each time, no string per record or per field).
 */
function writeBranches(s: Structure, write: (piece: string) => void): void {
  const lg = s.graph;
  const quotedNode = lg.nodeNames.map((name) => JSON.stringify(name));
  const quotedWord = new Map<string, string>(); // kinds, classes, domains: a few distinct words
  const quote = (word: string): string => {
    let q = quotedWord.get(word);
    if (q === undefined) {
      q = JSON.stringify(word);
      quotedWord.set(word, q);
    }
    return q;
  };
  let rows: string[] = [];
  let first = true;
  forEachBranchRecord(s, (k, element, kind, type, domain) => {
    const id = lg.ids[k];
    const qid = NEEDS_ESCAPE.test(id) ? JSON.stringify(id) : `"${id}"`;
    const qel = element === id ? qid : NEEDS_ESCAPE.test(element) ? JSON.stringify(element) : `"${element}"`;
    rows.push(`{"id":${qid},"element":${qel},"kind":${quote(kind)},"type":${quote(type)},"domain":${quote(domain)},"from":${quotedNode[lg.from[k]]},"to":${quotedNode[lg.to[k]]}}`);
    if (rows.length === ROWS) {
      write(first ? rows.join(',') : `,${rows.join(',')}`);
      first = false;
      rows = [];
    }
  });
  const pieces = rows;
  if (pieces.length > 0) write(first ? pieces.join(',') : `,${pieces.join(',')}`);
}

/** F's triplets [row, column, value] in row order, comma-separated, ROWS at a time (pieces joined as above). */
function writeTriplets(s: Structure, write: (piece: string) => void): void {
  const F = s.loop.F;
  const pieces: (string | number)[] = [];
  let rows = 0;
  let first = true;
  for (let r = 0; r < F.rows; r++) {
    const open = `[${r},`;
    for (let p = F.rowPtr[r]; p < F.rowPtr[r + 1]; p++) {
      const v = F.values[p];
      if (rows > 0) pieces.push(',');
      pieces.push(open, F.colIdx[p], v === 1 ? ',1]' : v === -1 ? ',-1]' : `,${jsonNumber(v)}]`);
      if (++rows === ROWS) {
        write(first ? pieces.join('') : `,${pieces.join('')}`);
        first = false;
        rows = 0;
        pieces.length = 0;
      }
    }
  }
  if (rows > 0) write(first ? pieces.join('') : `,${pieces.join('')}`);
}
