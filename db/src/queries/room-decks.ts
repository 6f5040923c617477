import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../client';
import { preparedStatement } from '../prepared';
import {
  flashcards,
  type RoomCardSnapshot,
  type RoomEditRule,
  roomActivity,
  roomCardSuggestions,
  roomCards,
  roomDeckSubscriptions,
  roomMembers,
  rooms,
  users,
} from '../schema';
import type { FlashcardRow } from './flashcards';
import { type RoomCardRow, roomCardColumnsOf } from './group-learning';
import { copyRoomMediaToStudyCards } from './room-media';

// The room deck (issue 24): edits against a version, who may change what, suggestions.

/** A room card's text: what the activity list keeps of it is the same shape. */
export type RoomCardText = RoomCardSnapshot;
export type SuggestionRow = typeof roomCardSuggestions.$inferSelect & { authorUsername: string };

/** A member's standing in a room; undefined: no such room. `role` is null for a non-member. */
export async function roomStanding(
  db: DbOrTx,
  roomId: string,
  userId: string,
): Promise<{ hostId: string; editRule: RoomEditRule; role: 'member' | 'editor' | null } | undefined> {
  const [row] = await db
    .select({ hostId: rooms.hostId, editRule: rooms.editRule, role: roomMembers.role })
    .from(rooms)
    .leftJoin(roomMembers, and(eq(roomMembers.roomId, rooms.id), eq(roomMembers.userId, userId)))
    .where(eq(rooms.id, roomId))
    .limit(1);
  return row ? { hostId: row.hostId, editRule: row.editRule, role: row.role ?? null } : undefined;
}

const p = sql.placeholder;

// An edit is one statement: the version, the card's room, membership and the edit rule are all
// checked where the row is written, so of two edits of one version exactly one can match (the
// second waits on the row lock, then sees the raised version).
const editIfAllowed = preparedStatement<RoomCardRow & { before: RoomCardSnapshot }>(
  'edit_room_card_if_current',
  sql`update ${roomCards} rc set
      question = ${p('question')}::text, answer = ${p('answer')}::text, kind = ${p('kind')}::text,
      format = ${p('format')}::text,
      tags = array(select jsonb_array_elements_text(${p('tags')}::jsonb)),
      ordinals = array(select jsonb_array_elements_text(${p('ordinals')}::jsonb)::smallint),
      version = rc.version + 1, updated_at = now()
    from ${rooms} r, ${roomMembers} m, ${roomCards} old
    where rc.id = ${p('cardId')}::uuid and old.id = rc.id and rc.room_id = ${p('roomId')}::uuid and rc.deleted_at is null
      and rc.version = ${p('version')}::int
      and r.id = rc.room_id and m.room_id = rc.room_id and m.user_id = ${p('userId')}::uuid
      and (${p('force')}::boolean or r.edit_rule = 'edit' or r.host_id = m.user_id or m.role = 'editor')
    returning ${roomCardColumnsOf('rc')}, json_build_object('question', old.question, 'answer', old.answer,
      'kind', old.kind, 'format', old.format, 'tags', old.tags, 'ordinals', old.ordinals) as before`,
);

/**
 * Writes the card's new text if it is still at `version` and the learner may edit it (`force`:
 * the caller checked, as when accepting a suggestion). Undefined: ask why (roomStanding, findRoomCard).
 */
export async function editRoomCardIfCurrent(
  db: Db,
  input: { roomId: string; cardId: string; userId: string; version: number; force?: boolean } & RoomCardText,
): Promise<(RoomCardRow & { before: RoomCardSnapshot }) | undefined> {
  const { tags, ordinals, force, ...rest } = input;
  const [row] = await editIfAllowed(db, {
    ...rest,
    force: force ?? false,
    tags: JSON.stringify(tags),
    ordinals: JSON.stringify(ordinals),
  });
  return row;
}

/** A card as stored, deleted or not (undo needs both). */
export const findRoomCardAnyState = async (
  db: DbOrTx,
  roomId: string,
  cardId: string,
  { forUpdate = false } = {},
): Promise<RoomCardRow | undefined> => {
  const query = db
    .select()
    .from(roomCards)
    .where(and(eq(roomCards.roomId, roomId), eq(roomCards.id, cardId)))
    .limit(1);
  // Locked in the caller's transaction: a change of the card waits for it, or it for the change.
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
};

export const setRoomEditRule = (db: DbOrTx, roomId: string, editRule: RoomEditRule) =>
  db.update(rooms).set({ editRule }).where(eq(rooms.id, roomId));

/** False: the learner is not a member. */
export const setRoomMemberRole = async (
  db: DbOrTx,
  roomId: string,
  userId: string,
  role: 'member' | 'editor',
): Promise<boolean> => {
  const rows = await db
    .update(roomMembers)
    .set({ role })
    .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.userId, userId)))
    .returning({ userId: roomMembers.userId });
  return rows.length > 0;
};

export const listRoomEditors = async (db: DbOrTx, roomId: string): Promise<string[]> => {
  const rows = await db
    .select({ userId: roomMembers.userId })
    .from(roomMembers)
    .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.role, 'editor')))
    .orderBy(asc(roomMembers.joinedAt));
  return rows.map((r) => r.userId);
};

const suggestionColumns = {
  id: roomCardSuggestions.id,
  roomId: roomCardSuggestions.roomId,
  cardId: roomCardSuggestions.cardId,
  authorId: roomCardSuggestions.authorId,
  action: roomCardSuggestions.action,
  kind: roomCardSuggestions.kind,
  question: roomCardSuggestions.question,
  answer: roomCardSuggestions.answer,
  format: roomCardSuggestions.format,
  tags: roomCardSuggestions.tags,
  baseVersion: roomCardSuggestions.baseVersion,
  status: roomCardSuggestions.status,
  decidedBy: roomCardSuggestions.decidedBy,
  decidedAt: roomCardSuggestions.decidedAt,
  createdAt: roomCardSuggestions.createdAt,
  authorUsername: users.username,
};

export async function insertSuggestion(
  db: DbOrTx,
  values: Omit<typeof roomCardSuggestions.$inferInsert, 'id' | 'status'>,
): Promise<SuggestionRow> {
  const [row] = await db.insert(roomCardSuggestions).values(values).returning({ id: roomCardSuggestions.id });
  if (!row) throw new Error('insert into room_card_suggestions returned nothing');
  return (await findSuggestion(db, values.roomId, row.id)) as SuggestionRow;
}

export async function findSuggestion(db: DbOrTx, roomId: string, id: string): Promise<SuggestionRow | undefined> {
  const [row] = await db
    .select(suggestionColumns)
    .from(roomCardSuggestions)
    .innerJoin(users, eq(users.id, roomCardSuggestions.authorId))
    .where(and(eq(roomCardSuggestions.roomId, roomId), eq(roomCardSuggestions.id, id)))
    .limit(1);
  return row;
}

/** Oldest first: the order they were made in. */
export const listPendingSuggestions = (db: DbOrTx, roomIds: string[]): Promise<SuggestionRow[]> =>
  roomIds.length === 0
    ? Promise.resolve([])
    : db
        .select(suggestionColumns)
        .from(roomCardSuggestions)
        .innerJoin(users, eq(users.id, roomCardSuggestions.authorId))
        .where(and(inArray(roomCardSuggestions.roomId, roomIds), eq(roomCardSuggestions.status, 'pending')))
        .orderBy(asc(roomCardSuggestions.createdAt), asc(roomCardSuggestions.id));

/** Decides a pending suggestion once: false when it was decided already (by someone else, meanwhile). */
export async function decideSuggestion(
  db: DbOrTx,
  roomId: string,
  id: string,
  status: 'accepted' | 'rejected',
  decidedBy: string,
): Promise<boolean> {
  const rows = await db
    .update(roomCardSuggestions)
    .set({ status, decidedBy, decidedAt: new Date() })
    .where(
      and(
        eq(roomCardSuggestions.roomId, roomId),
        eq(roomCardSuggestions.id, id),
        eq(roomCardSuggestions.status, 'pending'),
      ),
    )
    .returning({ id: roomCardSuggestions.id });
  return rows.length > 0;
}

/** Inserts a card with no membership check (the caller checked: an accepted suggestion, a copied deck). */
export async function insertRoomCards(
  db: DbOrTx,
  rows: ({ roomId: string; authorId: string } & RoomCardText)[],
): Promise<RoomCardRow[]> {
  if (rows.length === 0) return [];
  return db.insert(roomCards).values(rows).returning();
}

// "Study this deck" (issue 24). A subscriber's study cards are flashcards rows with room_card_id:
// their schedule is theirs, their text is read from the room card, so a change in the room costs
// one write whoever studies it.

export const findSubscription = async (db: DbOrTx, roomId: string, userId: string) => {
  const [row] = await db
    .select()
    .from(roomDeckSubscriptions)
    .where(and(eq(roomDeckSubscriptions.roomId, roomId), eq(roomDeckSubscriptions.userId, userId)))
    .limit(1);
  return row;
};

export const insertSubscription = (db: DbOrTx, values: { roomId: string; userId: string; deckId: string }) =>
  db.insert(roomDeckSubscriptions).values(values).onConflictDoNothing();

export const deleteSubscription = (db: DbOrTx, roomId: string, userId: string) =>
  db
    .delete(roomDeckSubscriptions)
    .where(and(eq(roomDeckSubscriptions.roomId, roomId), eq(roomDeckSubscriptions.userId, userId)));

/**
 * Gives a learner a study card for every room card (and cloze number) of the decks they study
 * that they have none for yet: a card added in the room arrives new at their next read. The
 * anti-join makes a read with nothing new cost one index probe per card; `on conflict` settles
 * two reads at once.
 */
export async function addMissingRoomStudyCards(db: DbOrTx, userId: string, roomId?: string): Promise<number> {
  const rows = await db.execute(sql`
    insert into ${flashcards} (user_id, deck_id, kind, cloze_ordinal, note_id, question, answer, format, tags,
      room_card_id, created_at)
    -- New cards are studied in the room's order (created_at), a cloze text's numbers in turn.
    select s.user_id, s.deck_id, rc.kind, nullif(o.ord, 0), rc.id, rc.question, rc.answer, rc.format, rc.tags, rc.id,
      rc.created_at + o.ord * interval '1 microsecond'
    from ${roomDeckSubscriptions} s
    join ${roomCards} rc on rc.room_id = s.room_id and rc.deleted_at is null
    cross join lateral unnest(rc.ordinals) as o(ord)
    where s.user_id = ${userId}::uuid ${roomId ? sql`and s.room_id = ${roomId}::uuid` : sql``}
      and not exists (
        select 1 from ${flashcards} f
        where f.room_card_id = rc.id and f.user_id = s.user_id and coalesce(f.cloze_ordinal, 0) = o.ord)
    order by rc.created_at, rc.id, o.ord
    on conflict do nothing
    returning id`);
  return rowCount(rows);
}

const rowCount = (result: unknown): number => {
  const r = result as { rows?: unknown[]; length?: number };
  return Array.isArray(r) ? r.length : (r.rows?.length ?? 0);
};

/**
 * A condition on flashcards: not a study card whose room card was deleted, or whose cloze
 * number the room's text no longer has. Such a card leaves the learner's study with no write.
 */
export const stillInRoomDeck = sql`(${flashcards.roomCardId} is null or exists (
  select 1 from ${roomCards} rc where rc.id = ${flashcards.roomCardId} and rc.deleted_at is null
    and coalesce(${flashcards.clozeOrdinal}, 0) = any(rc.ordinals)))`;

/** Study cards of room decks show the room card's text as it is now. */
export async function withRoomText<T extends FlashcardRow>(db: DbOrTx, rows: T[]): Promise<T[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.roomCardId ? [r.roomCardId] : [])))];
  if (ids.length === 0) return rows;
  const texts = await db
    .select({
      id: roomCards.id,
      question: roomCards.question,
      answer: roomCards.answer,
      kind: roomCards.kind,
      format: roomCards.format,
      tags: roomCards.tags,
    })
    .from(roomCards)
    .where(inArray(roomCards.id, ids));
  const byId = new Map(texts.map(({ id, ...text }) => [id, text]));
  return rows.map((r) => {
    const text = r.roomCardId ? byId.get(r.roomCardId) : undefined;
    return text ? { ...r, ...text } : r;
  });
}

/**
 * "Stop studying, keep my cards": the learner's study cards of the room become ordinary cards
 * holding the room's text as it is now (those the room deleted go), and the room images they
 * show become the learner's media; their schedules stay.
 */
export async function keepRoomStudyCards(db: DbOrTx, roomId: string, userId?: string): Promise<void> {
  const whose = userId ? sql`and f.user_id = ${userId}::uuid` : sql``;
  await db.execute(sql`
    delete from ${flashcards} f using ${roomCards} rc
    where f.room_card_id = rc.id and rc.room_id = ${roomId}::uuid ${whose}
      and (rc.deleted_at is not null or not (coalesce(f.cloze_ordinal, 0) = any(rc.ordinals)))`);
  await copyRoomMediaToStudyCards(db, roomId, userId);
  await db.execute(sql`
    update ${flashcards} f set question = rc.question, answer = rc.answer, kind = rc.kind, format = rc.format,
      tags = rc.tags, room_card_id = null, updated_at = now()
    from ${roomCards} rc
    where f.room_card_id = rc.id and rc.room_id = ${roomId}::uuid ${whose}`);
}

/** "Stop studying, remove my cards": the learner's study cards of the room and their history go. */
export async function removeRoomStudyCards(db: DbOrTx, roomId: string, userId: string): Promise<void> {
  await db.execute(sql`
    delete from ${flashcards} f using ${roomCards} rc
    where f.room_card_id = rc.id and rc.room_id = ${roomId}::uuid and f.user_id = ${userId}::uuid`);
}

/**
 * Every study card of the room's live cards, with whose it is and its memory: the group's
 * aggregates are computed from these and never shown per learner.
 */
export const listRoomStudySchedules = (db: DbOrTx, roomId: string) =>
  db
    .select({
      roomCardId: roomCards.id,
      userId: flashcards.userId,
      state: flashcards.state,
      stability: flashcards.stability,
      lastReview: flashcards.lastReview,
    })
    .from(flashcards)
    .innerJoin(roomCards, eq(roomCards.id, flashcards.roomCardId))
    .innerJoin(
      roomDeckSubscriptions,
      and(eq(roomDeckSubscriptions.roomId, roomCards.roomId), eq(roomDeckSubscriptions.userId, flashcards.userId)),
    )
    .where(and(eq(roomCards.roomId, roomId), isNull(roomCards.deletedAt), stillInRoomDeck));

export type ActivityRow = typeof roomActivity.$inferSelect & { actorUsername: string | null; question: string | null };

export const insertActivity = async (
  db: DbOrTx,
  values: Omit<typeof roomActivity.$inferInsert, 'id' | 'createdAt' | 'undoneAt'>,
): Promise<{ id: string; createdAt: Date }> => {
  const [row] = await db
    .insert(roomActivity)
    .values(values)
    .returning({ id: roomActivity.id, createdAt: roomActivity.createdAt });
  return row as { id: string; createdAt: Date };
};

/** Newest first, with who did it and the card's question as it is now. */
export const listActivity = (db: DbOrTx, roomId: string, limit: number, id?: string): Promise<ActivityRow[]> =>
  db
    .select({
      ...getTableColumns(roomActivity),
      actorUsername: users.username,
      question: roomCards.question,
    })
    .from(roomActivity)
    .leftJoin(users, eq(users.id, roomActivity.actorId))
    .leftJoin(roomCards, eq(roomCards.id, roomActivity.cardId))
    .where(and(eq(roomActivity.roomId, roomId), id ? eq(roomActivity.id, id) : undefined))
    .orderBy(desc(roomActivity.createdAt), desc(roomActivity.id))
    .limit(limit);

/** The learner's last change of a card that is not undone yet (what Undo takes back). */
export const lastOwnChange = async (db: DbOrTx, roomId: string, userId: string) => {
  const [row] = await db
    .select()
    .from(roomActivity)
    .where(
      and(
        eq(roomActivity.roomId, roomId),
        eq(roomActivity.actorId, userId),
        isNull(roomActivity.undoneAt),
        inArray(roomActivity.action, ['added', 'edited', 'deleted']),
      ),
    )
    .orderBy(desc(roomActivity.createdAt), desc(roomActivity.id))
    .limit(1);
  return row;
};

/** True when someone changed the card after `since`: an undo would overwrite their change. */
export const changedSince = async (db: DbOrTx, cardId: string, since: Date, exceptId: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: roomActivity.id })
    .from(roomActivity)
    .where(
      and(
        eq(roomActivity.cardId, cardId),
        sql`${roomActivity.createdAt} >= ${since.toISOString()}::timestamptz`,
        sql`${roomActivity.id} <> ${exceptId}::uuid`,
        sql`${roomActivity.action} <> 'rejected'`,
      ),
    )
    .limit(1);
  return row !== undefined;
};

export const markUndone = async (db: DbOrTx, id: string): Promise<boolean> => {
  const rows = await db
    .update(roomActivity)
    .set({ undoneAt: new Date() })
    .where(and(eq(roomActivity.id, id), isNull(roomActivity.undoneAt)))
    .returning({ id: roomActivity.id });
  return rows.length > 0;
};

/** Puts a card back as it was (its text, or back from deleted); the version moves on. */
export async function restoreRoomCard(
  db: DbOrTx,
  roomId: string,
  cardId: string,
  change: { text?: RoomCardSnapshot; undelete?: boolean },
): Promise<RoomCardRow | undefined> {
  const [row] = await db
    .update(roomCards)
    .set({
      ...(change.text ?? {}),
      ...(change.undelete ? { deletedAt: null } : {}),
      version: sql`${roomCards.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(roomCards.roomId, roomId),
        eq(roomCards.id, cardId),
        change.undelete ? sql`${roomCards.deletedAt} is not null` : isNull(roomCards.deletedAt),
      ),
    )
    .returning();
  return row;
}
