/**
 * ErrorList: collects the independent input errors of one validation pass, so that a user sees all of them at
 * once; throws one SysgraphError, or SysgraphErrors when there are several (packages/core errors.ts). Messages
 * are cut to a readable length (readable-message.ts: a 10 MB node name is not quoted whole).
 */
import { SysgraphError, SysgraphErrors } from '@sysgraph/core';
import type { SysgraphErrorCode, SysgraphErrorDetails } from '@sysgraph/core';
import { readableMessage } from './readable-message';

export class ErrorList {
  private readonly list: SysgraphError[] = [];

  add(code: SysgraphErrorCode, message: string, details: SysgraphErrorDetails = {}): void {
    this.list.push(new SysgraphError(code, readableMessage(message), details.expected === undefined ? details : { ...details, expected: readableMessage(details.expected) }));
  }

  /** Adds an error thrown by a helper (a SysgraphErrors is flattened); rethrows anything else. */
  addThrown(e: unknown): void {
    if (e instanceof SysgraphErrors) for (const x of e.errors) this.list.push(x);
    else if (e instanceof SysgraphError) this.list.push(e);
    else throw e;
  }

  get size(): number {
    return this.list.length;
  }

  get errors(): readonly SysgraphError[] {
    return this.list;
  }

  throwIfAny(): void {
    throwAll(this.list);
  }
}

/** Throws nothing for an empty list, the error itself for one, SysgraphErrors for several. */
export function throwAll(errors: readonly SysgraphError[]): void {
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new SysgraphErrors(errors);
}
