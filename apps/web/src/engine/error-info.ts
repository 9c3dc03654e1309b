/** toErrorInfo: a thrown SysgraphError (or several, or anything else) as plain ErrorInfo data for the page. */
import { SysgraphError, SysgraphErrors } from '@sysgraph/core';
import type { ErrorInfo } from './protocol';

export function toErrorInfo(e: unknown, stage: ErrorInfo['stage']): ErrorInfo[] {
  if (e instanceof SysgraphErrors) return e.errors.flatMap((x) => toErrorInfo(x, stage));
  if (e instanceof SysgraphError) {
    return [
      {
        stage,
        code: e.code,
        message: e.message,
        ...(e.element !== undefined ? { element: e.element } : {}),
        ...(e.field !== undefined ? { field: e.field } : {}),
        ...(e.expected !== undefined ? { expected: e.expected } : {}),
        ...(e.elements !== undefined ? { elements: [...e.elements] } : {}),
        ...(e.path !== undefined ? { path: e.path } : {}),
      },
    ];
  }
  return [{ stage: 'internal', code: 'internal', message: e instanceof Error ? e.message : String(e) }];
}
