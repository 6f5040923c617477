import { OCR_IMAGE_MAX_BYTES } from '../../contract';
import { AppError } from '../../lib/errors';

const DATA_URL = /^data:([\w/+.-]+)?(;[\w=-]+)*;base64,/;

/** What the bytes are, by their signature (the data URL's own type is only a claim). */
function kindOf(bytes: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  return null;
}

/** Decodes a data URL (or bare base64) to image bytes: PNG, JPEG or WebP, at most 10 MB. */
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
  if (!kindOf(bytes)) throw new AppError(400, 'The image must be a PNG, JPEG or WebP file');
  return bytes;
}
