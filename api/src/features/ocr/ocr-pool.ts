import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { AppError } from '../../lib/errors';
import { UNREADABLE_IMAGE } from './image-data';

// English data from the @tesseract.js-data/eng package: nothing is downloaded at run time.
const require = createRequire(import.meta.url);
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');

export type OcrPoolOptions = { size: number; queueLimit: number; recycleAfter: number };

type Slot = { worker: Promise<Worker> | null; jobs: number; busy: boolean };
type Job = { image: Buffer; resolve: (text: string) => void; reject: (err: unknown) => void };

/**
 * A long-lived pool of tesseract workers shared by every request. Workers start on first use,
 * are replaced after `recycleAfter` jobs (tesseract's memory grows with use), and at most
 * `queueLimit` jobs wait: past that the caller gets 429 rather than an ever-longer wait.
 */
export class OcrPool {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private closed = false;

  constructor(private readonly options: OcrPoolOptions) {
    this.slots = Array.from({ length: options.size }, () => ({ worker: null, jobs: 0, busy: false }));
  }

  recognize(image: Buffer): Promise<string> {
    if (this.closed) return Promise.reject(new AppError(503, 'Text extraction is shutting down'));
    const waiting = this.queue.length + this.slots.filter((s) => s.busy).length - this.slots.length;
    if (waiting >= this.options.queueLimit) {
      return Promise.reject(new AppError(429, 'Text extraction is busy right now; try again in a moment'));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ image, resolve, reject });
      this.pump();
    });
  }

  /** Starts the workers now, so the first learner does not wait for them (and the bench measures warm). */
  async warm(): Promise<void> {
    await Promise.all(this.slots.map((s) => this.workerOf(s)));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new AppError(503, 'Text extraction is shutting down'));
    await Promise.all(
      this.slots.map(async (s) => {
        const w = s.worker;
        s.worker = null;
        if (w) await (await w).terminate().catch(() => undefined);
      }),
    );
  }

  private workerOf(slot: Slot): Promise<Worker> {
    slot.worker ??= createWorker('eng', OEM.LSTM_ONLY, {
      langPath: LANG_PATH,
      gzip: true,
      cacheMethod: 'none',
      // Without a handler tesseract.js rethrows a failed job inside its message listener, where
      // nothing can catch it and the process dies. The job's own promise carries the error.
      errorHandler: () => undefined,
    });
    return slot.worker;
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.busy || this.queue.length === 0) continue;
      const job = this.queue.shift() as Job;
      slot.busy = true;
      void this.run(slot, job);
    }
  }

  private async run(slot: Slot, job: Job): Promise<void> {
    try {
      const worker = await this.workerOf(slot).catch((err) => {
        slot.worker = null; // a worker that failed to start is tried afresh next time
        throw err;
      });
      try {
        const { data } = await worker.recognize(job.image);
        job.resolve(data.text);
      } catch {
        // The header was fine but the image data is not. The worker may be left half-way through
        // a decode: start a new one rather than trust it.
        this.replace(slot);
        job.reject(new AppError(422, UNREADABLE_IMAGE));
      }
    } catch (err) {
      job.reject(err);
    } finally {
      slot.jobs += 1;
      if (slot.jobs >= this.options.recycleAfter) this.replace(slot);
      slot.busy = false;
      if (!this.closed) this.pump();
    }
  }

  private replace(slot: Slot): void {
    const old = slot.worker;
    slot.worker = null;
    slot.jobs = 0;
    void old?.then((w) => w.terminate()).catch(() => undefined);
  }
}
