import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Gc = (options: { type: 'major'; execution: 'async' }) => Promise<void>;

const gc: Gc | undefined = (() => {
  // The flag gives `gc` to contexts made after it; the main context stays as it was.
  setFlagsFromString('--expose-gc');
  const found: unknown = runInNewContext('typeof gc === "function" ? gc : undefined');
  return typeof found === 'function' ? (found as Gc) : undefined;
})();

/**
 * A full collection, for work that makes large short-lived buffers faster than V8 collects them:
 * V8 collects buffers outside its heap only once tens of MB of them have piled up, and glibc keeps
 * much of what is then freed. Unzipping a package of scans makes about six times each image in such
 * buffers: collected after each image, the commit of a 185 MB package peaked 33–37 MB above idle
 * and took 3.8–4.1 s; left to V8, 72–83 MB and 2.1 s (docs/anki.md, "Memory").
 * It runs as a task of its own, not inside the caller's stack, and settles once done; the process
 * pauses meanwhile (about 50 ms here).
 */
export function collectGarbage(): Promise<void> {
  // A runtime that refuses the flag gives no `gc`: the import then uses more memory, never fails.
  return gc ? gc({ type: 'major', execution: 'async' }) : Promise.resolve();
}
