import { Worker } from 'node:worker_threads';
import type { TrainingData } from './training-data';

export type TrainingResult = {
  parameters: number[];
  reviews: number;
  logLossBefore: number;
  logLossAfter: number;
  rmseBefore: number;
  rmseAfter: number;
};

// Beside this module in the source tree; beside dist/server.js in the bundle (build.mjs copies it).
const WORKER_FILE = new URL('./train-worker.mjs', import.meta.url);

/** Fits FSRS parameters to `data` in a worker thread of its own, ended when done. */
export function trainInWorker(
  data: TrainingData,
  current: readonly number[],
  onProgress: (progress: number) => void,
): Promise<TrainingResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, {
      workerData: { ...data, current: [...current] },
      transferList: [data.ratings.buffer, data.deltas.buffer, data.starts.buffer] as ArrayBuffer[],
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.on('message', (m: { kind: 'progress'; progress: number } | { kind: 'result'; result: TrainingResult }) => {
      if (m.kind === 'progress') onProgress(m.progress);
      else settle(() => resolve(m.result));
    });
    worker.on('error', (err) => settle(() => reject(err)));
    worker.on('exit', (code) => settle(() => reject(new Error(`The training stopped (exit code ${code})`))));
  });
}
