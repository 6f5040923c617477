import { createReadStream } from 'node:fs';
import { type AsyncFlateStreamHandler, Unzip, type UnzipDecoder, UnzipInflate } from 'fflate';
import { collectGarbage } from '../../lib/collect-garbage';
import { AppError } from '../../lib/errors';
import { notAnkiPackage } from './package-error';
import type { UnpackBudget } from './unpack-budget';

/** A package in memory, or staged on disk (an upload is streamed there as it arrives). */
export type ZipSource = Uint8Array | { path: string };

const NOT_A_ZIP = 'This file is not a zip archive, so it is not an Anki package (.apkg or .colpkg).';
const DAMAGED = 'This Anki package is damaged: a file inside it cannot be unpacked.';
/** Read from disk a quarter of a megabyte at a time: the package is never whole in memory. */
const CHUNK = 256 * 1024;
/** Collected after a file once this much has been unpacked since the last collection (collect-garbage.ts). */
const COLLECT_AFTER = 4 * 1024 * 1024;

/**
 * Streams the zip once (fflate's streaming Unzip) and hands each wanted file to `onFile` as the
 * pieces it was unpacked in (a fraction of a megabyte each), one file at a time, as soon as it is
 * unpacked: only that file is in memory, never the package. The pieces are not joined here: a
 * buffer the size of a 5 MB scan, once freed, has the C allocator keep every later quarter-megabyte
 * buffer in memory it does not give back (glibc raises its mmap threshold to the size freed), and
 * a commit of 37 scans then held tens of MB more than it used.
 * Unwanted files are unpacked and dropped as they pass. Every file's declared size is charged to the
 * budget (a file without one is charged as it unpacks), so a zip bomb stops early. Returns the
 * names of every file in the zip.
 */
export async function eachZipFile(
  source: ZipSource,
  wanted: (name: string) => boolean,
  onFile: (name: string, pieces: Uint8Array[]) => void | Promise<void>,
  budget: UnpackBudget,
): Promise<Set<string>> {
  const names = new Set<string>();
  const ready: [string, Uint8Array[]][] = [];
  let unpacked = 0;
  const unzip = new Unzip((file) => {
    names.add(file.name);
    // What every file declares counts, read or not: a package that claims to unpack past the limit is refused unread.
    if (file.originalSize !== undefined) budget.take(file.originalSize);
    if (!wanted(file.name)) {
      // Started and dropped: fflate keeps the data of a file nobody starts, in case it is started later.
      file.ondata = () => undefined;
      file.start();
      return;
    }
    const chunks: Uint8Array[] = [];
    file.ondata = (err, chunk, final) => {
      if (err) throw err;
      if (file.originalSize === undefined) budget.take(chunk.length);
      unpacked += chunk.length;
      chunks.push(chunk);
      if (final) ready.push([file.name, chunks]);
    };
    file.start();
  });
  unzip.register(inflateUnlessUnwanted(wanted));

  let first = true;
  const push = async (chunk: Uint8Array, final: boolean) => {
    if (first && chunk.length) {
      if (chunk[0] !== 0x50 || chunk[1] !== 0x4b) throw notAnkiPackage(NOT_A_ZIP);
      first = false;
    }
    try {
      unzip.push(chunk, final);
    } catch (err) {
      throw err instanceof AppError ? err : notAnkiPackage(DAMAGED);
    }
    // Handed over one by one, so a slow consumer (a database insert) holds the reading back.
    for (let next = ready.shift(); next; next = ready.shift()) {
      await onFile(next[0], next[1]);
      // What inflating this file made is garbage now: collected before the next file adds to it.
      if (unpacked >= COLLECT_AFTER) {
        unpacked = 0;
        await collectGarbage();
      }
    }
  };

  if (source instanceof Uint8Array) await push(source, true);
  else {
    for await (const chunk of createReadStream(source.path, { highWaterMark: CHUNK }))
      await push(chunk as Buffer, false);
    await push(new Uint8Array(0), true);
  }
  if (first) throw notAnkiPackage(NOT_A_ZIP);
  return names;
}

const NOTHING = new Uint8Array(0);

/**
 * Deflate for the files that are read; a file nobody reads, whose compressed size the zip declares
 * (so fflate knows where it ends), passes by uninflated. Inflated and dropped, the images a preview
 * skips made about six times their size in short-lived buffers (fflate copies as it inflates): for
 * a 200 MB package of scans a gigabyte, tens of MB of it still waiting for the collector when the
 * commit began. A file of undeclared size is inflated, as its end is known only by inflating it.
 */
function inflateUnlessUnwanted(wanted: (name: string) => boolean) {
  return class implements UnzipDecoder {
    static compression = 8;
    ondata: AsyncFlateStreamHandler = () => undefined;
    readonly #inflate?: UnzipInflate;
    constructor(name: string, size?: number) {
      if (size !== undefined && !wanted(name)) return;
      const inflate = new UnzipInflate();
      inflate.ondata = (err, data, final) => this.ondata(err, data, final);
      this.#inflate = inflate;
    }
    push(chunk: Uint8Array, final: boolean) {
      if (this.#inflate) this.#inflate.push(chunk, final);
      else if (final) this.ondata(null, NOTHING, true);
    }
  };
}

/** A file's pieces as one array, for what is read whole (the collection, the media list). */
export function joinPieces(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
