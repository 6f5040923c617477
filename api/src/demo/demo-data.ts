import { type Db, insertRoom, insertRoomCardAsMember, insertRoomMember, listTestQuestions } from '@learnboost/db';
import { createBuiltinProvider } from '../features/ai/builtin/builtin-provider';
import { createDeck } from '../features/decks/decks.service';
import { createCard, reviewCard } from '../features/flashcards/flashcards.service';
import { createTest, submitTest } from '../features/knowledge-tests/knowledge-tests.service';
import { changeSession, planSession } from '../features/study-planner/study-planner.service';
import type { LearnerContext } from '../lib/learner-context';
import { DEMO_CARDS, DEMO_PASSAGE, DEMO_ROOM_CARDS, DEMO_SESSIONS } from './demo-content';

const DAY = 86_400_000;
const HISTORY_DAYS = 21;
/** The demo learner studies at 19:00 UTC (their zone) and looks at each card for a few seconds. */
const STUDY_HOUR = 19;

/**
 * Gives the demo account what a learner of three weeks has, made through the app's own services
 * (the real review path, planner, test generator and scoring), so every screen shows what it does.
 * Runs once, when the account is created.
 */
export async function seedDemoData({ db, userId, now = new Date() }: LearnerContext) {
  await studiedDeck(db, userId, now);
  await plannedWeek(db, userId, now);
  await takenTest(db, userId);
  await studyRoom(db, userId);
}

const atStudyTime = (dayStart: number) => new Date(dayStart + STUDY_HOUR * 3_600_000);
const startOfDay = (at: Date) => Math.floor(at.getTime() / DAY) * DAY;

/** The demo learner's first day: their account, and their study, begin three weeks ago. */
export const demoStart = (now: Date) => new Date(startOfDay(now) - HISTORY_DAYS * DAY);

async function studiedDeck(db: Db, userId: string, now: Date) {
  const today = startOfDay(now);
  const firstDay = demoStart(now).getTime();
  // Most cards were added three weeks ago and studied since; the last few arrived yesterday and are new.
  const studied = DEMO_CARDS.length - 4;
  const deckIds = new Map<string, string>();
  for (const name of new Set(DEMO_CARDS.map((c) => c.deck))) {
    deckIds.set(name, (await createDeck({ db, userId, name })).id);
  }
  const cards = [];
  for (const [i, { deck, ...card }] of DEMO_CARDS.entries()) {
    const addedAt = i < studied ? new Date(firstDay + 18 * 3_600_000) : new Date(today - DAY + 12 * 3_600_000);
    cards.push(await createCard({ db, userId, ...card, deckId: deckIds.get(deck), now: addedAt }));
  }
  for (let day = firstDay; day < today; day += DAY) {
    // A learner misses a day now and then.
    if (((day - firstDay) / DAY) % 6 === 5) continue;
    const at = atStudyTime(day);
    for (const [i, card] of cards.slice(0, studied).entries()) {
      if (Date.parse(card.due) > at.getTime()) continue;
      // Mostly remembered; a few lapses, spread over cards and days, as a real history has.
      const remembered = (i * 7 + (day - firstDay) / DAY) % 5 !== 0;
      const next = await reviewCard({
        db,
        userId,
        cardId: card.id,
        timeZone: 'UTC',
        remembered,
        durationMs: 6_000 + (i % 4) * 2_000,
        now: new Date(at.getTime() + i * 20_000),
      });
      cards[i] = next;
    }
  }
}

async function plannedWeek(db: Db, userId: string, now: Date) {
  const monday = new Date(now);
  monday.setUTCHours(0, 0, 0, 0);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  for (const session of DEMO_SESSIONS) {
    const scheduledAt = new Date(monday.getTime() + session.day * DAY + session.hour * 3_600_000);
    const planned = await planSession({ db, userId, ...session, scheduledAt: scheduledAt.toISOString() });
    if (scheduledAt < now) {
      await changeSession({ db, userId, sessionId: planned.id, changes: { completed: true }, now: scheduledAt });
    }
  }
}

async function takenTest(db: Db, userId: string) {
  const { id: testId } = await createTest({
    db,
    userId,
    // The offline engine, whatever provider is configured: seeding never spends a paid call.
    ai: createBuiltinProvider(),
    signal: AbortSignal.timeout(30_000),
    name: 'Photosynthesis',
    text: DEMO_PASSAGE,
    requested: 6,
  });
  const questions = await listTestQuestions(db, testId);
  // Four right, two wrong: a Knowledge Gap with something to explain.
  const answers = questions.map((q, i) => ({
    qId: q.id,
    selectedIndex: i < 4 ? q.correctIndex : (q.correctIndex + 1) % q.choices.length,
  }));
  await submitTest({ db, userId, testId, answers });
}

async function studyRoom(db: Db, userId: string) {
  const room = await insertRoom(db, {
    title: 'Biology study group',
    topic: 'Biology',
    maxParticipants: 8,
    hostId: userId,
  });
  await insertRoomMember(db, room.id, userId);
  for (const card of DEMO_ROOM_CARDS) {
    await insertRoomCardAsMember(db, {
      roomId: room.id,
      authorId: userId,
      kind: 'basic',
      format: 'text',
      tags: [],
      ordinals: [0],
      ...card,
    });
  }
}
