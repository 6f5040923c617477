import { z } from 'zod';

export const CHOOSE_IMAGE = 'Choose an image';
export const OCR_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Decoded, an image costs about 4 bytes a pixel many times over in tesseract: 25 MP is a page photographed at 600 dpi. */
export const OCR_IMAGE_MAX_PIXELS = 25_000_000;

export const ZOcrBody = z.object({
  imageBase64: z.string({ error: CHOOSE_IMAGE }).min(1, CHOOSE_IMAGE),
});
export const ZOcrText = z.object({ text: z.string() });
