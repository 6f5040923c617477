import { ApiError, GoogleGenAI } from '@google/genai';
import type { JsonPrompt, LlmTransport, Prompt } from './llm-provider';
import { upstreamError } from './upstream-error';

type Options = { apiKey?: string; model: string; baseUrl?: string };

function mapError(err: unknown): unknown {
  return err instanceof ApiError ? upstreamError(err.status) : err;
}

/** Gemini through @google/genai, the maintained successor of @google/generative-ai. */
export function geminiTransport({ apiKey, model, baseUrl }: Options): LlmTransport {
  const ai = new GoogleGenAI({
    apiKey: apiKey ?? '',
    // One attempt: our own repair retry and timeout govern how long a learner waits.
    httpOptions: { ...(baseUrl ? { baseUrl } : {}), retryOptions: { attempts: 1 } },
  });
  return {
    name: 'gemini',
    model,
    async json({ system, user, schema }: JsonPrompt, signal) {
      try {
        const res = await ai.models.generateContent({
          model,
          contents: user,
          config: {
            systemInstruction: system,
            responseMimeType: 'application/json',
            responseJsonSchema: schema,
            temperature: 0.2,
            abortSignal: signal,
          },
        });
        return res.text ?? '';
      } catch (err) {
        throw mapError(err);
      }
    },
    async *stream({ system, user }: Prompt, signal) {
      try {
        const stream = await ai.models.generateContentStream({
          model,
          contents: user,
          config: { systemInstruction: system, temperature: 0.3, abortSignal: signal },
        });
        for await (const chunk of stream) {
          if (chunk.text) yield chunk.text;
        }
      } catch (err) {
        throw mapError(err);
      }
    },
  };
}
