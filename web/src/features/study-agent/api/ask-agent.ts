import { ZAgentStreamEvent } from '@learnboost/api/contract';
import { requestEvents } from '../../../lib/api-client';

/** Asks the agent and reports the answer as it grows (the api streams it as server-sent events). */
export async function askAgent(question: string, onText: (soFar: string) => void): Promise<string> {
  let answer = '';
  for await (const raw of requestEvents('/agent/ask', { method: 'POST', body: { question } })) {
    const event = ZAgentStreamEvent.parse(raw);
    if (event.event === 'delta') {
      answer += event.data.text;
      onText(answer);
    } else if (event.event === 'done') answer = event.data.answer;
    else throw new Error(event.data.error);
  }
  return answer;
}
