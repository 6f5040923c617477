import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../api-process';
import { asDataUrl, hugePng, pngSignatureThenGarbage, truncatedPng } from '../fixtures/broken-images';
import { onPostgres } from '../helper';

const cleanPng = readFileSync(path.resolve(import.meta.dirname, '../fixtures/ocr/clean-text.png'));

/**
 * Fault suite: images that used to end the api process (a corrupt one threw inside tesseract's
 * worker) or balloon it (30,000 × 30,000 px), sent to the api as `pnpm start` runs it. The
 * database plays no part, so this runs in the PGlite pass only.
 */
describe.runIf(!onPostgres)('OCR with corrupt and huge images', () => {
  let api: ApiProcess;
  let token: string;

  beforeAll(async () => {
    api = await startApiProcess({ AI_PROVIDER: 'builtin', OCR_WORKERS: '1', LOG_LEVEL: 'warn' });
    const res = await api.request('POST', '/api/auth/register', {
      body: { username: 'ocrfaults', email: `ocr.${Date.now()}@example.com`, password: 'correct horse' },
    });
    token = res.body.token;
  }, 120_000);
  afterAll(() => api?.stop());

  const ocr = (image: Buffer) => api.request('POST', '/api/ocr', { token, body: { imageBase64: asDataUrl(image) } });

  it('answers each with its error, keeps the process alive, and reads the next clean image', async () => {
    for (let round = 0; round < 2; round++) {
      expect(await ocr(truncatedPng())).toMatchObject({ status: 422, body: { error: 'Could not read the image' } });
      expect(await ocr(pngSignatureThenGarbage())).toMatchObject({
        status: 422,
        body: { error: 'Could not read the image' },
      });
      expect(await ocr(hugePng())).toMatchObject({
        status: 413,
        body: { error: 'The image is too large: at most 25 megapixels' },
      });
      const clean = await ocr(cleanPng);
      expect(clean.status).toBe(200);
      expect(clean.body.text.length).toBeGreaterThan(20);
    }
    expect(api.alive(), api.output()).toBe(true);
    expect(api.output()).not.toMatch(/uncaught exception|unhandled promise rejection/);
  }, 60_000);
});
