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

/**
 * One optimisation in a worker thread (train-worker.mjs): the log is handed over page by page as
 * it is read, and the worker turns each page into the binding's items at once, so neither the
 * items nor the training ever hold the thread that answers requests.
 */
export class Training {
  readonly #worker: Worker;
  #done = false;
  /** Ended before its job was done (a worker kept ready may die idle). */
  #exited: number | undefined;
  /** Resolves once the thread is gone, and its memory with it. */
  readonly ended: Promise<void>;

  constructor() {
    // Started before its job (the optimiser keeps one ready), so fsrs-rs is loaded when the first
    // page of the log arrives. Not kept for the next job: a worker kept after its job held on to
    // that job's memory (peak RSS past 1 GB).
    this.#worker = new Worker(WORKER_FILE);
    this.#worker.on('error', () => {}); // its job hears of it through train()
    this.ended = new Promise((resolve) =>
      this.#worker.once('exit', (code) => {
        this.#exited = code;
        resolve();
      }),
    );
    // Waiting for a job, it keeps no process alive.
    this.#worker.unref();
  }

  /** A job for a learner in this zone (their days are counted in it). */
  start(timeZone: string): void {
    this.#worker.ref();
    this.#worker.postMessage({ kind: 'start', timeZone });
  }

  /** Cards in the order of their ids, ';' between them; a card's reviews "rating,state,seconds since the epoch", oldest first, ' ' between them. */
  addPage(text: string): void {
    this.#worker.postMessage({ kind: 'page', text });
  }

  /**
   * Fits the parameters; judges them and `current` on the same items. Answers the items' count
   * instead when there are fewer than `minItems`. The worker is ended after.
   */
  train(
    current: readonly number[],
    minItems: number,
    onProgress: (progress: number) => void,
  ): Promise<{ result: TrainingResult } | { tooFew: number }> {
    const worker = this.#worker;
    return new Promise((resolve, reject) => {
      const finish = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        this.#done = true;
        void worker.terminate();
      };
      const onMessage = (m: FromWorker) => {
        if (m.kind === 'progress') return onProgress(m.progress);
        finish();
        if (m.kind === 'result') resolve({ result: m.result });
        else if (m.kind === 'tooFew') resolve({ tooFew: m.items });
        else reject(new Error(m.message));
      };
      const onError = (err: Error) => {
        finish();
        reject(err);
      };
      const onExit = (code: number) => {
        finish();
        reject(new Error(`The training stopped (exit code ${code})`));
      };
      if (this.#exited !== undefined) return onExit(this.#exited);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ kind: 'train', current: [...current], minItems });
    });
  }

  /** Abandons the job (the log could not be read), or the worker kept ready: it is ended. */
  abandon(): void {
    if (this.#done) return;
    this.#done = true;
    void this.#worker.terminate();
  }
}
