import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOcrBody, ZOcrText } from '../../contract';
import { AppError } from '../../lib/errors';
import { decodeImage } from './image-data';
import { OcrPool, type OcrPoolOptions } from './ocr-pool';
import { joinWrappedLines } from './prose-lines';

/** 10 MB of image is about 13.4 MB of base64; a little room for the JSON around it. */
const OCR_BODY_LIMIT = 15 * 1024 * 1024;

export const ocrRoutes: FastifyPluginAsyncZod<OcrPoolOptions> = async (app, options) => {
  const pool = new OcrPool(options);
  app.addHook('onClose', () => pool.close());

  app.post(
    '/ocr',
    { bodyLimit: OCR_BODY_LIMIT, schema: { body: ZOcrBody, response: { 200: ZOcrText } } },
    async (req) => {
      const text = joinWrappedLines(await pool.recognize(decodeImage(req.body.imageBase64)));
      if (!text) throw new AppError(422, 'No text found in the image');
      return { text };
    },
  );
};
