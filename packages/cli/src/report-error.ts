/** Prints a typed error on stderr in one readable block; returns the exit code. */
import { SysgraphErrors, isSysgraphError } from '@sysgraph/core';
import type { SysgraphError } from '@sysgraph/core';

function line(e: SysgraphError): string {
  const where = [e.element, e.field].filter(Boolean).join('.');
  const extra = e.elements && e.elements.length > 0 ? ` [${e.elements.join(', ')}]` : '';
  return `error [${e.code}]${where ? ` ${where}` : ''}: ${e.message}${e.expected ? ` (expected ${e.expected})` : ''}${extra}`;
}

export function reportError(e: unknown, write: (s: string) => void = (s) => process.stderr.write(s)): number {
  if (e instanceof SysgraphErrors) {
    for (const x of e.errors) write(`${line(x)}\n`);
    return 1;
  }
  if (isSysgraphError(e)) {
    write(`${line(e)}\n`);
    return 1;
  }
  // a file-system failure that no reader turned into a typed error still names its path, without a stack trace
  const io = e as NodeJS.ErrnoException | undefined;
  if (io instanceof Error && typeof io.code === 'string' && typeof io.path === 'string' && typeof io.syscall === 'string') {
    write(`error [bad-file] ${io.path}: ${io.syscall} failed (${io.code}) (expected a path that can be ${io.syscall === 'open' || io.syscall === 'read' || io.syscall === 'stat' || io.syscall === 'scandir' ? 'read' : 'written'})\n`);
    return 1;
  }
  write(`internal error: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
  return 70;
}
