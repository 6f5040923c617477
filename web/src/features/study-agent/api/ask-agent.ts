import { ZAgentAnswer } from '@learnboost/api/contract';
import { readToken } from '../../../lib/token-storage';

/** The error line, read as the api client reads it (error field, else "Request failed" / "HTTP n"). */
async function errorOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { error?: unknown };
    return typeof body.error === 'string' && body.error ? body.error : `HTTP ${res.status}`;
  } catch {
    return 'Request failed';
  }
}

/**
 * Asks the agent and reports the answer as it grows (server-sent events). Falls back to the plain
 * JSON answer when the server does not stream.
 */
export async function askAgent(question: string, onText: (soFar: string) => void): Promise<string> {
  const token = readToken();
  const res = await fetch('/api/agent/ask', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ question }),
  });
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream') || !res.body) {
    if (res.ok) return ZAgentAnswer.parse(await res.json()).answer;
    throw new Error(await errorOf(res));
  }
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  let buffer = '';
  let answer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as Record<string, string> | null;
      if (event === 'delta' && data?.text) {
        answer += data.text;
        onText(answer);
      }
      if (event === 'done' && typeof data?.answer === 'string') answer = data.answer;
      if (event === 'error') throw new Error(data?.error ?? 'The agent failed');
    }
  }
  return answer;
}
