/**
 * OutputSink: where a command writes its result — standard output, or a file (--output FILE) — in pieces, so that
 * a large result is never one giant string. Pieces are gathered up to CHUNK characters and written synchronously
 * (process.stdout is synchronous for files, pipes and terminals on POSIX; a file is written with writeSync), so a
 * command's output is complete when it returns.
 *
 * Compact or indented JSON: indented when standard output is a terminal (a person reads it), compact when it goes
 * to a pipe or a file (a program reads it; 10^5-branch results shrink by half), unless --indent says otherwise.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { SysgraphError } from '@sysgraph/core';

/** Characters gathered before a write. */
export const CHUNK = 1 << 16;

export interface OutputSink {
  write(text: string): void;
  /** Writes what is gathered and closes the file (standard output stays open). */
  close(): void;
  /** Whether the destination is a terminal. */
  readonly isTTY: boolean;
}

/** A typed error for a path that cannot be written, naming it and the option that gave it. */
export function unwritable(path: string, option: string, e: unknown): SysgraphError {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const why = code === 'EISDIR' ? 'is a directory' : code === 'ENOENT' ? 'is in a folder that does not exist' : code === 'EACCES' || code === 'EPERM' ? 'may not be written' : `cannot be written (${code ?? String(e)})`;
  return new SysgraphError('bad-file', `${option} ${path}: ${why}`, { field: option, path, expected: 'a path of a file that can be written' });
}

/** A sink on a file (created or truncated), or on standard output when `path` is undefined. */
export function openSink(path: string | undefined, option = '--output'): OutputSink {
  let pending: string[] = [];
  let size = 0;
  if (path === undefined) {
    const flush = () => {
      if (size === 0) return;
      process.stdout.write(pending.join(''));
      pending = [];
      size = 0;
    };
    return {
      isTTY: process.stdout.isTTY === true,
      write(text) {
        pending.push(text);
        size += text.length;
        if (size >= CHUNK) flush();
      },
      close: flush,
    };
  }
  let fd: number;
  try {
    fd = openSync(path, 'w');
  } catch (e) {
    throw unwritable(path, option, e);
  }
  const flush = () => {
    if (size === 0) return;
    const bytes = Buffer.from(pending.join(''));
    pending = [];
    size = 0;
    try {
      for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
    } catch (e) {
      throw unwritable(path, option, e);
    }
  };
  return {
    isTTY: false,
    write(text) {
      pending.push(text);
      size += text.length;
      if (size >= CHUNK) flush();
    },
    close() {
      flush();
      closeSync(fd);
    },
  };
}

/** The indentation of JSON written to `sink`: --indent N when given, else 2 on a terminal and 0 elsewhere. */
export function jsonIndent(sink: Pick<OutputSink, 'isTTY'>, requested: number | undefined): number {
  if (requested !== undefined) return requested;
  return sink.isTTY ? 2 : 0;
}
