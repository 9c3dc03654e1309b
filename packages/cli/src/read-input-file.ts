/**
 * readInputFile: the text of an input file, or a typed error naming the path — never a raw EISDIR, ENOENT or
 * EACCES with a stack trace. Refused: a directory, a path that is missing or cannot be read, an empty file, and
 * bytes that are not text (a NUL byte, or bytes that are not UTF-8), which no description or netlist contains.
 */
import { readFileSync, statSync } from 'node:fs';
import { SysgraphError } from '@sysgraph/core';

const EXPECTED = 'a readable text file: a JSON description, a SPICE netlist or an equation file';

function refuse(path: string, why: string): SysgraphError {
  return new SysgraphError('bad-file', `${path} ${why}`, { field: 'FILE', path, expected: EXPECTED });
}

export function readInputFile(path: string): string {
  let bytes: Buffer;
  try {
    if (statSync(path).isDirectory()) throw refuse(path, 'is a directory');
    bytes = readFileSync(path);
  } catch (e) {
    if (e instanceof SysgraphError) throw e;
    const code = (e as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw refuse(path, 'does not exist');
    if (code === 'EISDIR') throw refuse(path, 'is a directory');
    if (code === 'EACCES' || code === 'EPERM') throw refuse(path, 'may not be read');
    throw refuse(path, `cannot be read (${code ?? (e instanceof Error ? e.message : String(e))})`);
  }
  if (bytes.length === 0) throw refuse(path, 'is empty');
  if (bytes.includes(0)) throw refuse(path, 'is not a text file (it holds NUL bytes)');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse(path, 'is not a text file (its bytes are not UTF-8)');
  }
  if (text.trim() === '') throw refuse(path, 'holds only white space');
  return text;
}
