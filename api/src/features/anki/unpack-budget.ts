import { notAnkiPackage, ZIP_BOMB_MESSAGE } from './package-error';
import { unzstd } from './zstd';

/** 1 GB: what one package may unpack to, zip and zstd layers counted together. */
export const MAX_UNPACKED_BYTES = 1024 ** 3;

/** Counts every byte a package unpacks to, so that nested compression cannot hide a bomb. */
export class UnpackBudget {
  used = 0;
  constructor(readonly limit = MAX_UNPACKED_BYTES) {}

  take(bytes: number) {
    this.used += bytes;
    if (this.used > this.limit) throw notAnkiPackage(ZIP_BOMB_MESSAGE);
  }

  unzstd(data: Uint8Array, what: string): Uint8Array {
    const out = unzstd(data, this.limit - this.used, what);
    this.take(out.length);
    return out;
  }
}
