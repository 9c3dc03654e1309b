/**
 * reportCodePath: names the code path a run takes (simulate: the model family, reader and solver; statespace: the
 * family and the symbolic or linearised form) to the launcher (bin/launch.cjs), which keeps one V8 code cache per
 * command and rewrites it when a run took a path the cache does not hold. Without the launcher (the sources through
 * tsx, the tests) nobody listens: a no-op.
 */
/** The event name launch.cjs listens to (its CODE_PATH_EVENT). */
const CODE_PATH_EVENT = 'sysgraph:code-path';

export function reportCodePath(path: string): void {
  // process is an EventEmitter; its typings list only Node's own events
  (process as NodeJS.EventEmitter).emit(CODE_PATH_EVENT, path);
}
