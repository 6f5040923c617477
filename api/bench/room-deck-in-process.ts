// The room deck (issue 24) on one engine, through its services: a card edit in a deck 200 learners
// study (its p50, and that every learner's next queue read shows it), beside a bare one-row UPDATE;
// and "Study this deck" on a 1,000-card room deck, beside inserting 1,000 personal cards. Prints
// JSON for bench/suites/room-deck.mjs.
import { createTestDb, insertCards, insertRoom, insertRoomCards, insertRoomMember, insertUser } from '@learnboost/db';
import { sql } from 'drizzle-orm';
import { studyQueue } from '../src/features/flashcards/study-queue';
import { editRoomCard } from '../src/features/group-learning/room-deck.service';
import type { RoomEvents } from '../src/features/group-learning/room-events';
import { studyRoomDeck } from '../src/features/group-learning/room-study.service';

const LEARNERS = 200;
const EDITS = 60;
const BIG_DECK = 1000;
const handle = await createTestDb(process.argv[2] || undefined);
const db = handle.db;
const quiet: RoomEvents = new Proxy({} as RoomEvents, { get: () => () => undefined });
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const time = async (work: () => Promise<unknown>) => {
  const t0 = performance.now();
  await work();
  return performance.now() - t0;
};
const user = (name: string) => insertUser(db, { username: name, email: `${name}@bench.io`, passwordHash: 'x' });

async function roomOf(hostId: string, cards: number) {
  const room = await insertRoom(db, { title: `Room ${cards}`, topic: 'Bench', hostId, maxParticipants: 50 });
  await insertRoomMember(db, room.id, hostId);
  const rows = await insertRoomCards(
    db,
    Array.from({ length: cards }, (_, i) => ({
      roomId: room.id,
      authorId: hostId,
      question: `Q${i}`,
      answer: `A${i}`,
      kind: 'basic' as const,
      format: 'text' as const,
      tags: [],
      ordinals: [0],
    })),
  );
  return { room, rows };
}

// A deck 200 learners study (room membership is capped at 50 seats by the rooms' rule, not the
// database: the bench adds the members directly).
const host = await user('host');
const { room, rows } = await roomOf(host.id, 50);
const learners = [];
for (let i = 0; i < LEARNERS; i++) {
  const learner = await user(`learner${i}`);
  await insertRoomMember(db, room.id, learner.id);
  await studyRoomDeck({ db, userId: learner.id, roomId: room.id });
  learners.push(learner);
}
const member = { id: host.id, username: host.username };
const edits: number[] = [];
const versions = new Map(rows.map((r) => [r.id, r.version]));
for (let i = 0; i < EDITS; i++) {
  const card = rows[i % rows.length] as (typeof rows)[number];
  const version = versions.get(card.id) as number;
  edits.push(
    await time(async () => {
      const change = await editRoomCard({
        db,
        events: quiet,
        user: member,
        roomId: room.id,
        cardId: card.id,
        body: { version, kind: 'basic', format: 'text', question: `Q edited ${i}`, answer: 'A', tags: [] },
      });
      if ('card' in change) versions.set(card.id, change.card.version);
    }),
  );
}
// The last edit, in every learner's next queue read (all 50 cards are new: today's limit raised so
// the queue holds them all).
await db.execute(sql`update users set new_cards_per_day = 500`);
const last = `Q edited ${EDITS - 1}`;
let seen = 0;
for (const learner of learners) {
  const queue = await studyQueue({ db, userId: learner.id, timeZone: 'UTC' });
  if (queue.cards.some((c) => c.question === last)) seen += 1;
}
const floorRows = await insertCards(db, [{ userId: host.id, question: 'floor', answer: 'a' }]);
const floorId = floorRows[0]?.id as string;
const floor: number[] = [];
for (let i = 0; i < EDITS; i++)
  floor.push(await time(() => db.execute(sql`update flashcards set answer = ${`a${i}`} where id = ${floorId}::uuid`)));

// "Study this deck" on a 1,000-card room deck, ten learners one after another.
const big = await roomOf(host.id, BIG_DECK);
const study: number[] = [];
const insert: number[] = [];
for (let i = 0; i < 10; i++) {
  const learner = await user(`big${i}`);
  await insertRoomMember(db, big.room.id, learner.id);
  study.push(await time(() => studyRoomDeck({ db, userId: learner.id, roomId: big.room.id })));
  insert.push(
    await time(() =>
      insertCards(
        db,
        Array.from({ length: BIG_DECK }, (_, j) => ({ userId: learner.id, question: `P${j}`, answer: 'a' })),
      ),
    ),
  );
}
console.log(
  JSON.stringify({
    edit: p50(edits),
    editFloor: p50(floor),
    seen,
    learners: LEARNERS,
    study: p50(study),
    studyFloor: p50(insert),
  }),
);
await handle.close();
