import { OCR_IMAGE_MAX_BYTES, OCR_IMAGE_MAX_PIXELS } from '../../contract';
import { AppError } from '../../lib/errors';

const DATA_URL = /^data:([\w/+.-]+)?(;[\w=-]+)*;base64,/;

export const UNREADABLE_IMAGE = 'Could not read the image';

type Kind = 'png' | 'jpeg' | 'webp';
export type Dimensions = { width: number; height: number };

/** What the bytes are, by their signature (the data URL's own type is only a claim). */
function kindOf(bytes: Buffer): Kind | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  return null;
}

/** PNG: the first chunk must be IHDR, which holds width and height. */
function pngSize(bytes: Buffer): Dimensions | null {
  if (bytes.length < 24 || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

// Start-of-frame markers carry the size; C4 (Huffman tables), C8 (reserved) and CC (arithmetic) do not.
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

/** JPEG: walk the marker segments up to the first start-of-frame. */
function jpegSize(bytes: Buffer): Dimensions | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and RST0..7; SOS or EOI before a frame means no frame.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** WebP: lossy (VP8), lossless (VP8L) or extended (VP8X) headers. */
function webpSize(bytes: Buffer): Dimensions | null {
  if (bytes.length < 30) return null;
  const chunk = bytes.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  return null;
}

const SIZE_READERS: Record<Kind, (bytes: Buffer) => Dimensions | null> = {
  png: pngSize,
  jpeg: jpegSize,
  webp: webpSize,
};

/**
 * The image's size from its header alone. Read before OCR: a corrupt header is refused at once,
 * and a huge image (a few hundred KB of zeros can claim 30,000 × 30,000 px) never reaches the
 * decoder, which would hold gigabytes for it.
 */
export function imageDimensions(bytes: Buffer): Dimensions {
  const kind = kindOf(bytes);
  if (!kind) throw new AppError(400, 'The image must be a PNG, JPEG or WebP file');
  const size = SIZE_READERS[kind](bytes);
  if (!size || size.width === 0 || size.height === 0) throw new AppError(422, UNREADABLE_IMAGE);
  return size;
}

/** Decodes a data URL (or bare base64) to image bytes: PNG, JPEG or WebP, at most 10 MB and 25 megapixels. */
export function decodeImage(imageBase64: string): Buffer {
  const base64 = imageBase64.replace(DATA_URL, '').replace(/\s+/g, '');
  if (!base64 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(base64)) {
    throw new AppError(400, 'imageBase64 must be an image as a base64 data URL');
  }
  // Checked before decoding, so an oversized body is refused without allocating it twice.
  if (Math.floor((base64.length * 3) / 4) > OCR_IMAGE_MAX_BYTES + 2) {
    throw new AppError(413, 'The image is too large: at most 10 MB');
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > OCR_IMAGE_MAX_BYTES) throw new AppError(413, 'The image is too large: at most 10 MB');
  const { width, height } = imageDimensions(bytes);
  if (width * height > OCR_IMAGE_MAX_PIXELS) {
    throw new AppError(413, 'The image is too large: at most 25 megapixels');
  }
  return bytes;
}
