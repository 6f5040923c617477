import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type TAgentStreamEvent, ZAgentAnswer, ZAskBody } from '../../contract';
import { aiFailure, aiSignal } from '../ai/call-signal';
import { askAgent } from './agent.service';

const sse = ({ event, data }: TAgentStreamEvent) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/agent/ask', { schema: { body: ZAskBody, response: { 200: ZAgentAnswer } } }, async (req, reply) => {
    let signal = new AbortController().signal;
    const pieces = await askAgent({ db: app.db, userId: req.user.id, ai: app.ai }, req.body.question, () => {
      signal = aiSignal(reply, app.aiTimeoutMs);
      return signal;
    });
    // The first piece decides the status: a failure before it is an ordinary JSON error.
    let first: IteratorResult<string>;
    try {
      first = await pieces.next();
    } catch (err) {
      throw aiFailure(err, signal);
    }
    if (!(req.headers.accept ?? '').includes('text/event-stream')) {
      let answer = first.done ? '' : first.value;
      try {
        for (let r = await pieces.next(); !r.done; r = await pieces.next()) answer += r.value;
      } catch (err) {
        throw aiFailure(err, signal);
      }
      return { answer };
    }
    // Streaming: each piece as a `delta` event, then `done` with the whole answer.
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    let answer = '';
    try {
      for (let r = first; !r.done; r = await pieces.next()) {
        answer += r.value;
        reply.raw.write(sse({ event: 'delta', data: { text: r.value } }));
      }
      reply.raw.write(sse({ event: 'done', data: { answer } }));
    } catch (err) {
      const failure = aiFailure(err, signal);
      req.log.warn({ err }, 'agent stream failed');
      reply.raw.write(sse({ event: 'error', data: { error: failure.message } }));
    }
    reply.raw.end();
  });
};
