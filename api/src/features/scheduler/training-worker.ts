import { Worker } from 'node:worker_threads';

export type TrainingResult = {
  parameters: number[];
  reviews: number;
  logLossBefore: number;
  logLossAfter: number;
  rmseBefore: number;
  rmseAfter: number;
};

type FromWorker =
  | { kind: 'progress'; progress: number }
  | { kind: 'result'; result: TrainingResult }
  | { kind: 'tooFew'; items: number }
  | { kind: 'failed'; message: string };

// Beside this module in the source tree; beside dist/server.js in the bundle (build.mjs copies it).
const WORKER_FILE = new URL('./train-worker.mjs', import.meta.url);

/** A worker left idle this long is ended (its memory goes back to the system). */
const IDLE_MS = 60_000;

/** Warm workers waiting for the next job: starting one (and loading fsrs-rs) takes a while. */
const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];

/**
 * One optimisation in a worker thread (train-worker.mjs): the log is handed over page by page as
 * it is read, and the worker turns each page into the binding's items at once, so neither the
 * items nor the training ever hold the thread that answers requests.
 */
export class Training {
  readonly #worker: Worker;
  #done = false;

  constructor() {
    const warm = idle.pop();
    if (warm) clearTimeout(warm.timer);
    this.#worker = warm?.worker ?? started();
  }

  /** A job for a learner in this zone (their days are counted in it). */
  start(timeZone: string): void {
    this.#worker.postMessage({ kind: 'start', timeZone });
  }

  /** Reviews "cardId,rating,state,seconds since the epoch" separated by ';', oldest first. */
  addPage(text: string): void {
    this.#worker.postMessage({ kind: 'page', text });
  }

  /**
   * Fits the parameters; judges them and `current` on the same items. Answers the items' count
   * instead when there are fewer than `minItems`. The worker goes back to the idle ones after.
   */
  train(
    current: readonly number[],
    minItems: number,
    onProgress: (progress: number) => void,
  ): Promise<{ result: TrainingResult } | { tooFew: number }> {
    const worker = this.#worker;
    return new Promise((resolve, reject) => {
      const finish = (ok: boolean) => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        this.#done = true;
        if (ok) park(worker);
        else void worker.terminate();
      };
      const onMessage = (m: FromWorker) => {
        if (m.kind === 'progress') return onProgress(m.progress);
        finish(m.kind !== 'failed');
        if (m.kind === 'result') resolve({ result: m.result });
        else if (m.kind === 'tooFew') resolve({ tooFew: m.items });
        else reject(new Error(m.message));
      };
      const onError = (err: Error) => {
        finish(false);
        reject(err);
      };
      const onExit = (code: number) => {
        finish(false);
        reject(new Error(`The training stopped (exit code ${code})`));
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ kind: 'train', current: [...current], minItems });
    });
  }

  /** Abandons the job (the log could not be read): the worker, holding part of it, is ended. */
  abandon(): void {
    if (this.#done) return;
    this.#done = true;
    void this.#worker.terminate();
  }
}

function started(): Worker {
  const worker = new Worker(WORKER_FILE);
  // A warm worker waiting for work must not keep the process alive.
  worker.unref();
  // Its job hears of an error; an idle one that dies leaves the idle ones.
  worker.on('error', () => {});
  worker.on('exit', () => {
    const at = idle.findIndex((e) => e.worker === worker);
    if (at >= 0) clearTimeout(idle.splice(at, 1)[0]?.timer);
  });
  return worker;
}

function park(worker: Worker): void {
  if (idle.length >= 1) return void worker.terminate();
  const entry = {
    worker,
    timer: setTimeout(() => void worker.terminate(), IDLE_MS).unref(),
  };
  idle.push(entry);
}

/** Ends the idle workers (the process is closing). */
export async function endIdleTrainings(): Promise<void> {
  const all = idle.splice(0);
  for (const { timer } of all) clearTimeout(timer);
  await Promise.all(all.map(({ worker }) => worker.terminate()));
}
