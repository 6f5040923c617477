// The AI core on the built-in engine and the OCR pool, each beside the floor of its engine alone.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { apiRequire, ms, percentile, postJson, root, startServer, timeRequests } from '../lib.mjs';

export const title = 'AI core: knowledge tests (built-in engine) and OCR';

const fixtures = path.join(root, 'api', 'test', 'fixtures');

/** About 1,500 words of the committed corpus, cut at a sentence end. */
function passageOf(words) {
  const dir = path.join(fixtures, 'passages');
  const text = readdirSync(dir)
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8').trim())
    .join('\n\n');
  const sentences = text.match(/[^.!?]+[.!?]+\s*/g) ?? [];
  let out = '';
  for (const s of sentences) {
    if (`${out}${s}`.split(/\s+/).filter(Boolean).length > words) break;
    out += s;
  }
  return out.trim();
}

export async function run({ databaseUrl }) {
  const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const db = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const rows = [];
  const passage = passageOf(1500);
  const wordCount = passage.split(/\s+/).length;
  const image = readFileSync(path.join(fixtures, 'ocr', 'clean-text.png'));

  const server = await startServer({ ...env, SEED_DEMO: 'false', AI_PROVIDER: 'builtin', OCR_WORKERS: '1' });
  try {
    const reg = await postJson(`${server.url}/api/auth/register`, {
      username: 'bench',
      email: `bench${Date.now()}@learnboost.test`,
      password: 'bench-pass',
    });
    const { token } = await reg.json();

    const create = async () => {
      const res = await postJson(
        `${server.url}/api/knowledge-tests`,
        { name: 'Bench', text: passage, requested: 6 },
        token,
      );
      if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    };
    await create(); // the first call loads nothing new, but warms the JIT like a running server
    const creates = await timeRequests(20, create);

    // Floor: wink-nlp reading the same passage (sentences, POS, entities), no HTTP, no database.
    const winkNLP = apiRequire('wink-nlp');
    const model = apiRequire('wink-eng-lite-web-model');
    const nlp = winkNLP(model);
    nlp.readDoc(passage);
    const reads = await timeRequests(20, async () => {
      const doc = nlp.readDoc(passage);
      doc.tokens().out(nlp.its.pos);
      doc.entities().out();
    });
    rows.push([
      `POST /api/knowledge-tests: six questions from a ${wordCount}-word passage (built-in engine, ${db}, 20 sequential; bar p50 < 300 ms)`,
      `p50 ${ms(percentile(creates, 50))}, p95 ${ms(percentile(creates, 95))}`,
      `wink-nlp readDoc + POS + entities alone p50 ${ms(percentile(reads, 50))}`,
    ]);

    const dataUrl = `data:image/png;base64,${image.toString('base64')}`;
    const ocr = async () => {
      const res = await postJson(`${server.url}/api/ocr`, { imageBase64: dataUrl }, token);
      if (res.status !== 200) throw new Error(`ocr answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    };
    await ocr(); // starts the pool's worker: what follows is the warm pool
    await ocr();
    const ocrs = await timeRequests(10, ocr);

    // Floor: one tesseract worker recognising the same image in this process.
    const { createWorker, OEM } = apiRequire('tesseract.js');
    const langPath = path.join(path.dirname(apiRequire.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');
    const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' });
    await worker.recognize(image);
    const direct = await timeRequests(10, () => worker.recognize(image));
    await worker.terminate();
    rows.push([
      'POST /api/ocr: a clean 1,000×300 PNG of three text lines (warm pool of 1 worker, 10 sequential; bar < 2 s)',
      `p50 ${ms(percentile(ocrs, 50))}, p95 ${ms(percentile(ocrs, 95))}`,
      `tesseract.js worker.recognize alone p50 ${ms(percentile(direct, 50))}`,
    ]);

    const ask = async () => {
      const res = await postJson(`${server.url}/api/agent/ask`, { question: 'What did Gutenberg invent?' }, token);
      if (res.status !== 200) throw new Error(`ask answered ${res.status}`);
      await res.arrayBuffer();
    };
    await ask();
    const asks = await timeRequests(20, ask);
    const health = await timeRequests(20, async () => (await fetch(`${server.url}/api/health`)).arrayBuffer());
    rows.push([
      `POST /api/agent/ask: BM25 over the sentences of the learner's ${creates.length + 1} tests of that passage (built-in engine, ${db}, 20 sequential)`,
      `p50 ${ms(percentile(asks, 50))}`,
      `GET /api/health p50 ${ms(percentile(health, 50))}`,
    ]);
  } finally {
    await server.stop();
  }
  return rows;
}
