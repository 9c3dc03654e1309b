/**
 * The worker's side of a parameter sweep: one point per task (setTimeout 0), so that a cancel or a newer sweep,
 * arriving between points, stops it; each point is posted as it is done (the page draws the family as it grows).
 */
import type { SystemParser } from '@sysgraph/description';
import { toErrorInfo } from '../engine/error-info';
import type { SweepDone, SweepPoint, SweepRequest } from '../engine/protocol';
import { sweepPoint, sweepValues } from '../engine/sweep-points';

export interface SweepRunner {
  start(req: SweepRequest): void;
  cancel(id: number): void;
}

export function createSweepRunner(parser: SystemParser, post: (m: SweepPoint | SweepDone, transfer: Transferable[]) => void): SweepRunner {
  let running: { id: number; cancelled: boolean } | undefined;
  const finish = (run: { id: number; cancelled: boolean }, done: SweepDone) => {
    if (running === run) running = undefined;
    post(done, []);
  };
  return {
    start(req) {
      if (running) {
        running.cancelled = true;
        post({ kind: 'sweep-done', id: running.id, cancelled: true }, []);
      }
      const run = { id: req.id, cancelled: false };
      running = run;
      let values: number[];
      try {
        values = sweepValues(req);
      } catch (e) {
        finish(run, { kind: 'sweep-done', id: req.id, cancelled: false, errors: toErrorInfo(e, 'simulate') });
        return;
      }
      const step = (k: number) => {
        if (run.cancelled) return;
        if (k === values.length) return finish(run, { kind: 'sweep-done', id: req.id, cancelled: false });
        try {
          const { t, y } = sweepPoint(req, values[k], parser);
          const point: SweepPoint = { kind: 'sweep-point', id: req.id, index: k, value: values[k], t: Float64Array.from(t), y: Float64Array.from(y) };
          post(point, [point.t.buffer as ArrayBuffer, point.y.buffer as ArrayBuffer]);
        } catch (e) {
          return finish(run, { kind: 'sweep-done', id: req.id, cancelled: false, errors: toErrorInfo(e, 'simulate') });
        }
        setTimeout(() => step(k + 1), 0);
      };
      setTimeout(() => step(0), 0);
    },
    cancel(id) {
      if (running?.id !== id) return;
      running.cancelled = true;
      finish(running, { kind: 'sweep-done', id, cancelled: true });
    },
  };
}
