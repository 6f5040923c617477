import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import { coachMessage } from './coach-message';
import {
  cardsSchema,
  coachSchema,
  explainSchema,
  questionRuleBroken,
  questionsSchema,
  wireSchema,
} from './llm-schemas';
import { ANSWER_SYSTEM, CARDS_SYSTEM, COACH_SYSTEM, EXPLAIN_SYSTEM, fence, QUESTIONS_SYSTEM } from './prompts';
import type { AiProvider, ProviderName } from './provider';

export type Prompt = { system: string; user: string };
export type JsonPrompt = Prompt & { name: string; schema: Record<string, unknown> };

/** One remote model's wire format; everything else (prompts, validation, repair) is shared. */
export interface LlmTransport {
  readonly name: Exclude<ProviderName, 'builtin'>;
  readonly model: string;
  json(prompt: JsonPrompt, signal: AbortSignal): Promise<string>;
  stream(prompt: Prompt, signal: AbortSignal): AsyncIterable<string>;
}

export const INVALID_TWICE =
  'The AI provider answered in the wrong format twice; nothing was saved. Try again, or use another model.';

type Check<T> = { ok: true; value: T } | { ok: false; problem: string };

function check<T>(schema: z.ZodType<T>, text: string, extra?: (v: T) => string | null): Check<T> {
  let json: unknown;
  try {
    // Some models wrap JSON in a Markdown fence even when asked not to.
    json = JSON.parse(text.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ''));
  } catch {
    return { ok: false, problem: 'it was not valid JSON' };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, problem: `${issue?.path.join('.') || 'root'}: ${issue?.message}` };
  }
  const bad = extra?.(parsed.data);
  return bad ? { ok: false, problem: bad } : { ok: true, value: parsed.data };
}

/** Asks for JSON by schema, validates it, asks once more with the problem named, then gives up (502). */
async function structured<T>(
  t: LlmTransport,
  schema: z.ZodType<T>,
  prompt: Prompt & { name: string },
  signal: AbortSignal,
  extra?: (v: T) => string | null,
): Promise<T> {
  const request: JsonPrompt = { ...prompt, schema: wireSchema(schema) };
  const first = await t.json(request, signal);
  const firstCheck = check(schema, first, extra);
  if (firstCheck.ok) return firstCheck.value;
  const repair = `${prompt.user}\n\nYour previous answer was rejected because ${firstCheck.problem}. Previous answer:\n${first.slice(0, 4000)}\n\nAnswer again with JSON that matches the schema exactly.`;
  const second = check(schema, await t.json({ ...request, user: repair }, signal), extra);
  if (second.ok) return second.value;
  throw new AppError(502, INVALID_TWICE);
}

export function createLlmProvider(t: LlmTransport): AiProvider {
  return {
    name: t.name,
    model: t.model,
    async questions(passage, count, { signal }) {
      const user = `Write exactly ${count} questions (fewer only if the passage cannot support ${count}) from this passage:\n${fence(passage)}`;
      const out = await structured(
        t,
        questionsSchema(count),
        { system: QUESTIONS_SYSTEM, user, name: 'questions' },
        signal,
        (v) => questionRuleBroken(v.questions),
      );
      return out.questions;
    },
    async explain({ passage, mistakes, contextNotes }, { signal }) {
      const items = mistakes.map((m) => ({
        qId: m.qId,
        question: m.prompt,
        choices: m.choices,
        correct: m.choices[m.correctIndex],
        chosen: m.selectedIndex >= 0 ? m.choices[m.selectedIndex] : '(unanswered)',
        supportingSentence: m.supportingSentence,
      }));
      const notes = contextNotes.trim() ? `\nThe learner's notes:\n${fence(contextNotes, 'notes')}` : '';
      const user = `Passage:\n${fence(passage)}${notes}\nMistakes (JSON):\n${fence(JSON.stringify(items), 'mistakes')}`;
      const wanted = new Set(mistakes.map((m) => m.qId));
      const out = await structured(
        t,
        explainSchema,
        { system: EXPLAIN_SYSTEM, user, name: 'explanations' },
        signal,
        (v) =>
          [...wanted].every((id) => v.justifications.some((j) => j.qId === id)) ? null : 'some qId has no explanation',
      );
      return out.justifications.filter((j) => wanted.has(j.qId));
    },
    answer(question, material, { signal }) {
      const notes = material.map((s) => `- (${s.source}) ${s.text}`).join('\n');
      const user = `${notes ? `The learner's notes:\n${fence(notes, 'notes')}\n` : ''}The learner's question:\n${fence(question, 'question')}`;
      return t.stream({ system: ANSWER_SYSTEM, user }, signal);
    },
    async flashcards(text, count, { signal }) {
      const user = `Write exactly ${count} flashcards from this text:\n${fence(text)}`;
      return (await structured(t, cardsSchema(count), { system: CARDS_SYSTEM, user, name: 'flashcards' }, signal))
        .cards;
    },
    async coach(stats, { signal }) {
      const user = `Figures: ${JSON.stringify(stats)}`;
      return (await structured(t, coachSchema, { system: COACH_SYSTEM, user, name: 'coach' }, signal)).message;
    },
    coachFallback: coachMessage,
  };
}
