import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asDataUrl, hugePng, pngSignatureThenGarbage, truncatedPng } from '../../../test/fixtures/broken-images';
import { useTestApp } from '../../../test/helper';

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures/ocr');
const dataUrl = (file: string, type: string) =>
  `data:${type};base64,${readFileSync(path.join(fixtures, file)).toString('base64')}`;
const expected = readFileSync(path.join(fixtures, 'clean-text.txt'), 'utf8').trim();

/** Levenshtein distance: character accuracy = 1 - distance / length. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}
const accuracy = (got: string) => {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
  return 1 - distance(norm(got), norm(expected)) / norm(expected).length;
};

const t = useTestApp({ AI_PROVIDER: 'builtin', OCR_WORKERS: '1', OCR_QUEUE_LIMIT: '1' });

const ocr = (body: unknown) => t.request('POST', '/api/ocr', { token: t.learner.token, body });

describe('extracting text from an image', () => {
  it.each([
    ['PNG', 'clean-text.png', 'image/png'],
    ['JPEG', 'clean-text.jpg', 'image/jpeg'],
  ])('reads a clean %s with at least 98 percent of characters right', async (_kind, file, type) => {
    const res = await ocr({ imageBase64: dataUrl(file, type) });
    expect(res.status).toBe(200);
    const score = accuracy(res.body.text);
    console.info(`OCR character accuracy on ${file}: ${(score * 100).toFixed(1)}%`);
    expect(score).toBeGreaterThanOrEqual(0.98);
  });

  it('answers 422 when the image holds no text', async () => {
    expect(await ocr({ imageBase64: dataUrl('blank.png', 'image/png') })).toMatchObject({
      status: 422,
      body: { error: 'No text found in the image' },
    });
  });

  it.each([
    ['no image', {}, 'Choose an image'],
    ['an empty image', { imageBase64: '' }, 'Choose an image'],
    [
      'text that is not base64',
      { imageBase64: 'data:image/png;base64,@@@' },
      'imageBase64 must be an image as a base64 data URL',
    ],
    [
      'a file that is not an image',
      { imageBase64: `data:image/png;base64,${Buffer.from('%PDF-1.7 not an image').toString('base64')}` },
      'The image must be a PNG, JPEG or WebP file',
    ],
    [
      'a GIF',
      { imageBase64: `data:image/gif;base64,${Buffer.from('GIF89a....').toString('base64')}` },
      'The image must be a PNG, JPEG or WebP file',
    ],
  ])('refuses %s with 400', async (_label, body, error) => {
    expect(await ocr(body)).toMatchObject({ status: 400, body: { error } });
  });

  it('answers 413 for an image over 10 MB, though the body limit lets it reach the check', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1024);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const res = await ocr({ imageBase64: `data:image/png;base64,${big.toString('base64')}` });
    expect(res).toMatchObject({ status: 413, body: { error: 'The image is too large: at most 10 MB' } });
  });

  it('keeps other routes at the 1 MB body limit', async () => {
    const res = await t.request('POST', '/api/agent/ask', {
      token: t.learner.token,
      body: { question: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
  });

  it('answers 429 when the queue is full', async () => {
    const image = dataUrl('clean-text.png', 'image/png');
    // One worker busy, one job waiting (OCR_QUEUE_LIMIT=1): the rest are turned away at once.
    const answers = await Promise.all(Array.from({ length: 5 }, () => ocr({ imageBase64: image })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0]?.body.error).toBe('Text extraction is busy right now; try again in a moment');
  });

  it('needs a token', async () => {
    expect((await t.request('POST', '/api/ocr', { body: { imageBase64: 'x' } })).status).toBe(401);
  });
});

describe('images it cannot read', () => {
  it('answers 422 for a truncated PNG, and the next image is read', async () => {
    expect(await ocr({ imageBase64: asDataUrl(truncatedPng()) })).toMatchObject({
      status: 422,
      body: { error: 'Could not read the image' },
    });
    const next = await ocr({ imageBase64: dataUrl('clean-text.png', 'image/png') });
    expect(next.status).toBe(200);
    expect(accuracy(next.body.text)).toBeGreaterThanOrEqual(0.98);
  });

  it('answers 422 for a PNG signature followed by garbage', async () => {
    expect(await ocr({ imageBase64: asDataUrl(pngSignatureThenGarbage()) })).toMatchObject({
      status: 422,
      body: { error: 'Could not read the image' },
    });
  });

  it('answers 422 for a JPEG whose header stops before its size', async () => {
    const jpeg = readFileSync(path.join(fixtures, 'clean-text.jpg')).subarray(0, 20);
    expect(await ocr({ imageBase64: asDataUrl(jpeg, 'image/jpeg') })).toMatchObject({
      status: 422,
      body: { error: 'Could not read the image' },
    });
  });

  it('refuses an image over 25 megapixels with 413 before decoding it', async () => {
    const image = hugePng(30_000);
    expect(image.length).toBeLessThan(1024 * 1024);
    expect(await ocr({ imageBase64: asDataUrl(image) })).toMatchObject({
      status: 413,
      body: { error: 'The image is too large: at most 25 megapixels' },
    });
  });
});

describe('reading an image size from its header', () => {
  it('reads the PNG and JPEG fixtures at their real size', async () => {
    const { imageDimensions } = await import('./image-data');
    const png = readFileSync(path.join(fixtures, 'clean-text.png'));
    const jpeg = readFileSync(path.join(fixtures, 'clean-text.jpg'));
    expect(imageDimensions(png)).toEqual(imageDimensions(jpeg));
    expect(imageDimensions(hugePng(5000))).toEqual({ width: 5000, height: 5000 });
  });
});

describe('the worker pool', () => {
  it('replaces a worker after its quota of jobs and keeps answering', async () => {
    const { OcrPool } = await import('./ocr-pool');
    const pool = new OcrPool({ size: 1, queueLimit: 4, recycleAfter: 1 });
    try {
      const image = readFileSync(path.join(fixtures, 'clean-text.png'));
      const [a, b] = await Promise.all([pool.recognize(image), pool.recognize(image)]);
      expect(accuracy(a)).toBeGreaterThanOrEqual(0.98);
      expect(accuracy(b)).toBeGreaterThanOrEqual(0.98);
    } finally {
      await pool.close();
    }
  });
});
