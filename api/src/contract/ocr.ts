import { z } from 'zod';

export const CHOOSE_IMAGE = 'Choose an image';
export const OCR_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export const ZOcrBody = z.object({
  imageBase64: z.string({ error: CHOOSE_IMAGE }).min(1, CHOOSE_IMAGE),
});
export const ZOcrText = z.object({ text: z.string() });
