/**
 * OutputSink: where a command writes its result — standard output, or a file (--output FILE) — in pieces, so that
 * a large result is never one giant string. Pieces are gathered up to CHUNK characters and written synchronously
 * (a file with writeSync; standard output with its writes made blocking, see blockingWrites), so a command's
 * output is complete when it returns and no more than CHUNK characters of it are held at a time.
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

/**
 * Makes the writes of standard output block until the reader has taken them, when it is a pipe or a socket. Node
 * opens such a stream non-blocking: once the pipe is full (64 KiB on Linux; the reader is slower than a
 * 10^5-branch structure is written) every later write is queued in memory, so the whole answer (17 MB) was held
 * as strings and copied by the garbage collector until the event loop wrote it out after the command returned.
 * uv_stream_set_blocking (the handle's setBlocking, which Node itself calls for pipes on Windows) makes each
 * write complete before it returns. Files and terminals are written synchronously already (no such handle).
 */
function blockingWrites(stream: NodeJS.WriteStream): void {
  const handle = (stream as { _handle?: { setBlocking?: (blocking: boolean) => number } })._handle;
  handle?.setBlocking?.(true);
}

/** A sink on a file (created or truncated), or on standard output when `path` is undefined. */
export function openSink(path: string | undefined, option = '--output'): OutputSink {
  let pending: string[] = [];
  let size = 0;
  if (path === undefined) {
    blockingWrites(process.stdout);
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
