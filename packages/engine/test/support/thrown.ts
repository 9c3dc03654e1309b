/** The typed SysgraphError `f` throws; anything else thrown, or nothing, fails the test. */
import { isSysgraphError } from '@sysgraph/core';
import type { SysgraphError } from '@sysgraph/core';

export function thrown(f: () => unknown): SysgraphError {
  try {
    f();
  } catch (e) {
    if (isSysgraphError(e)) return e;
    throw new Error(`not a SysgraphError: ${String(e)}`);
  }
  throw new Error('nothing thrown');
}
