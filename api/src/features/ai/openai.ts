import { AppError } from '../../lib/errors';
import type { JsonPrompt, LlmTransport, Prompt } from './llm-provider';
import { upstreamError } from './upstream-error';

type Options = { baseUrl: string; apiKey?: string; model: string };
type Completion = { choices?: { message?: { content?: string | null } }[] };
type Chunk = { choices?: { delta?: { content?: string | null } }[] };

/** Any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM, LM Studio) over fetch. */
export function openAiTransport({ baseUrl, apiKey, model }: Options): LlmTransport {
  const url = `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const post = async (body: Record<string, unknown>, signal: AbortSignal) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
    if (!res.ok) {
      await res.body?.cancel();
      throw upstreamError(res.status);
    }
    return res;
  };
  const messages = ({ system, user }: Prompt) => [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];

  return {
    name: 'openai',
    model,
    async json(prompt: JsonPrompt, signal) {
      const res = await post(
        {
          model,
          messages: messages(prompt),
          temperature: 0.2,
          response_format: { type: 'json_schema', json_schema: { name: prompt.name, schema: prompt.schema } },
        },
        signal,
      );
      const body = (await res.json()) as Completion;
      return body.choices?.[0]?.message?.content ?? '';
    },
    async *stream(prompt, signal) {
      const res = await post({ model, messages: messages(prompt), temperature: 0.3, stream: true }, signal);
      if (!res.body) throw new AppError(502, 'The AI provider sent an empty answer');
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const bytes of res.body) {
        buffer += decoder.decode(bytes, { stream: true });
        let end = buffer.indexOf('\n');
        while (end >= 0) {
          const line = buffer.slice(0, end).trim();
          buffer = buffer.slice(end + 1);
          end = buffer.indexOf('\n');
          if (!line.startsWith('data:')) continue;
          const data = line.slice(5).trim();
          if (data === '[DONE]') return;
          try {
            const piece = (JSON.parse(data) as Chunk).choices?.[0]?.delta?.content;
            if (piece) yield piece;
          } catch {
            // A keep-alive or a line we do not understand: skip it, the stream goes on.
          }
        }
      }
    },
  };
}
