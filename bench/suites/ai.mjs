// The AI core on the built-in engine and the OCR pool, each beside the floor of its engine alone.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { apiRequire, ms, percentile, postJson, root, startServer, timeRequests } from '../lib.mjs';

export const title = 'AI core: knowledge tests (built-in engine) and OCR';

const fixtures = path.join(root, 'api', 'test', 'fixtures');

const evalDir = path.join(fixtures, 'eval', 'passages');
const shortDir = path.join(fixtures, 'passages');
const readAll = (dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8').trim());

/** About 1,500 words of the real evaluation corpus (its noise included), cut at a sentence end. */
function passageOf(words) {
  const text = readAll(evalDir).join('\n\n');
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

    // The agent searches the newest 50 tests: make them 50 different passages (31 real, 19 short).
    const passages = [...readAll(evalDir), ...readAll(shortDir)].slice(0, 50);
    for (const [i, text] of passages.entries()) {
      const res = await postJson(
        `${server.url}/api/knowledge-tests`,
        { name: `Passage ${i + 1}`, text, requested: 3 },
        token,
      );
      if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }
    const ask = async () => {
      const res = await postJson(
        `${server.url}/api/agent/ask`,
        { question: 'Why did Japan’s economy slow down in the 1990s?' },
        token,
      );
      if (res.status !== 200) throw new Error(`ask answered ${res.status}`);
      const { answer } = await res.json();
      if (!answer.includes('slowdown')) throw new Error(`the agent missed the answer: ${answer}`);
    };
    const t0 = performance.now();
    await ask(); // the first question reads and indexes the 50 passages and loads the sentence encoder; later ones reuse that
    const first = performance.now() - t0;
    const asks = await timeRequests(20, ask);
    const health = await timeRequests(20, async () => (await fetch(`${server.url}/api/health`)).arrayBuffer());
    rows.push([
      `POST /api/agent/ask: a paraphrased question over the learner's ${passages.length} test passages (${passages
        .map((p) => p.split(/\s+/).length)
        .reduce((a, b) => a + b, 0)
        .toLocaleString(
          'en-US',
        )} words): passage first, then its sentences by BM25 with WordNet, word vectors and the answer type, the first eight again by meaning with the sentence encoder (built-in engine, ${db}, 20 sequential after a first; bar p50 < 100 ms)`,
      `p50 ${ms(percentile(asks, 50))}, p95 ${ms(percentile(asks, 95))}; first question ${ms(first)}`,
      `GET /api/health p50 ${ms(percentile(health, 50))}`,
    ]);
  } finally {
    await server.stop();
  }
  return rows;
}
