import { Decompress } from 'fzstd';
import { notAnkiPackage, ZIP_BOMB_MESSAGE } from './package-error';

const MAGIC = 0xfd2fb528;

export const isZstd = (data: Uint8Array): boolean =>
  data.length >= 4 &&
  ((data[0] as number) | ((data[1] as number) << 8) | ((data[2] as number) << 16)) + (data[3] as number) * 2 ** 24 ===
    MAGIC;

/**
 * The window and content sizes a frame header declares. fzstd allocates them up front, so a
 * hostile header must be refused before it is handed over.
 */
function declaredSizes(data: Uint8Array): { window: number; content: number } {
  const flags = data[4] as number;
  const singleSegment = (flags >> 5) & 1;
  const dictBytes = [0, 1, 2, 4][flags & 3] as number;
  const fcsFlag = flags >> 6;
  const fcsBytes = fcsFlag ? 1 << fcsFlag : singleSegment;
  let pos = 5;
  let window = 0;
  if (!singleSegment) {
    const descriptor = data[pos++] as number;
    const base = 2 ** (10 + (descriptor >> 3));
    window = base + (base / 8) * (descriptor & 7);
  }
  pos += dictBytes;
  let content = 0;
  for (let i = 0; i < fcsBytes; i++) content += (data[pos + i] as number) * 2 ** (8 * i);
  if (fcsBytes === 2) content += 256;
  return { window: singleSegment ? content : window, content };
}

/** Decompresses a zstd stream, refusing (422) anything that would pass `limit` bytes. */
export function unzstd(data: Uint8Array, limit: number, what: string): Uint8Array {
  if (!isZstd(data) || data.length < 6) throw notAnkiPackage(`The ${what} inside this package is damaged.`);
  const { window, content } = declaredSizes(data);
  if (window > limit || content > limit) throw notAnkiPackage(ZIP_BOMB_MESSAGE);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const stream = new Decompress((chunk) => {
    total += chunk.length;
    if (total > limit) throw notAnkiPackage(ZIP_BOMB_MESSAGE);
    chunks.push(chunk);
  });
  try {
    stream.push(data, true);
  } catch (err) {
    if (err instanceof Error && err.name === 'AppError') throw err;
    throw notAnkiPackage(`The ${what} inside this package is damaged.`);
  }
  const out = new Uint8Array(total);
  let pos = 0;
  for (const c of chunks) {
    out.set(c, pos);
    pos += c.length;
  }
  return out;
}
