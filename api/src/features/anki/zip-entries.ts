import { unzipSync } from 'fflate';
import { notAnkiPackage } from './package-error';
import type { UnpackBudget } from './unpack-budget';

export type ZipEntry = { name: string; originalSize: number };

const NOT_A_ZIP = 'This file is not a zip archive, so it is not an Anki package (.apkg or .colpkg).';

/**
 * The zip's table of contents, read without unpacking anything. The sizes it declares are charged
 * to the budget first; fflate then unpacks each file into a buffer of exactly its declared size,
 * so a file that lies about its size cannot grow past it either.
 */
export function listZip(data: Uint8Array, budget: UnpackBudget): Map<string, ZipEntry> {
  const entries = new Map<string, ZipEntry>();
  if (data[0] !== 0x50 || data[1] !== 0x4b) throw notAnkiPackage(NOT_A_ZIP);
  try {
    unzipSync(data, {
      filter: ({ name, originalSize }) => {
        entries.set(name, { name, originalSize });
        return false;
      },
    });
  } catch {
    throw notAnkiPackage(NOT_A_ZIP);
  }
  for (const e of entries.values()) budget.take(e.originalSize);
  return entries;
}

/** The named files, unpacked; a name the zip does not hold is simply absent. */
export function readZipFiles(data: Uint8Array, names: Iterable<string>): Map<string, Uint8Array> {
  const wanted = new Set(names);
  if (!wanted.size) return new Map();
  try {
    return new Map(Object.entries(unzipSync(data, { filter: (f) => wanted.has(f.name) })));
  } catch {
    throw notAnkiPackage('This Anki package is damaged: a file inside it cannot be unpacked.');
  }
}
