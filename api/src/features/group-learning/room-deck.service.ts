import {
  type Db,
  decideSuggestion,
  deleteRoomCard,
  editRoomCardIfCurrent,
  findRoomCard,
  findSuggestion,
  insertRoomCardAsMember,
  insertRoomCards,
  insertSuggestion,
  listRoomEditors,
  type RoomCardText,
  roomStanding,
  setRoomEditRule,
  setRoomMemberRole,
} from '@learnboost/db';
import {
  HOST_ONLY_RULE,
  STALE_CARD,
  STALE_CARD_TEXT,
  type TRoomCard,
  type TRoomCardText,
  type TRoomDeckRules,
  type TRoomEditRule,
  type TRoomSuggestion,
} from '../../contract';
import { AppError } from '../../lib/errors';
import {
  type AddRoomCardCtx,
  CARD_NOT_FOUND,
  HOST_ONLY,
  MEMBERS_ONLY,
  ROOM_NOT_FOUND,
  type RoomCtx,
} from './group-learning.service';
import { TOO_MANY_CARDS } from './rate-limit';
import { recordActivity, snapshotOf } from './room-activity.service';
import { storedText, toRoomCard, toSuggestion } from './room-card';

// The room deck (issue 24): who may change which card, edits against a version, suggestions.

export const DELETE_NOT_YOURS = "Only the host, an editor or the card's author can delete it";
export const DECIDERS_ONLY = 'Only the host or an editor can accept or reject suggestions';
export const SUGGESTION_NOT_FOUND = 'Suggestion not found';
export const SUGGESTION_DECIDED = 'This suggestion was already accepted or rejected';
export const MEMBER_NOT_FOUND = 'Member not found';
export const MEMBERS_TO_CHANGE = 'Join the room to change its cards';

/** A 409 whose body carries the card as it is now, so the screen can show both versions. */
export class StaleCardError extends AppError {
  constructor(readonly card: TRoomCard) {
    super(409, STALE_CARD_TEXT, { code: STALE_CARD });
  }
}

export type CardChange = { card: TRoomCard } | { suggestion: TRoomSuggestion };

/** The learner's standing in the room: 404 for no room, 403 for a non-member. */
async function memberStanding(db: Db, roomId: string, userId: string, notMember = MEMBERS_TO_CHANGE) {
  const standing = await roomStanding(db, roomId, userId);
  if (!standing) throw new AppError(404, ROOM_NOT_FOUND);
  if (standing.role === null) throw new AppError(403, notMember);
  // The host and the editors change cards directly whatever the rule, and decide suggestions.
  const decides = standing.hostId === userId || standing.role === 'editor';
  return { ...standing, decides };
}

async function suggest(
  { db, events, user }: RoomCtx,
  roomId: string,
  change: { action: 'add' | 'edit' | 'delete'; cardId?: string; baseVersion?: number } & Partial<RoomCardText>,
): Promise<{ suggestion: TRoomSuggestion }> {
  const { ordinals: _ordinals, ...fields } = change;
  const suggestion = toSuggestion(await insertSuggestion(db, { roomId, authorId: user.id, ...fields }));
  events.suggestionChanged(roomId, 'suggestion:added', suggestion);
  return { suggestion };
}

export async function addRoomCard(ctx: AddRoomCardCtx & { roomId: string; body: TRoomCardText }): Promise<CardChange> {
  const { db, events, user, cardLimit, roomId, body } = ctx;
  const limit = await cardLimit.take(user.id);
  if (!limit.allowed) throw new AppError(429, TOO_MANY_CARDS, { retryAfterSeconds: limit.retryAfterSeconds });
  const text = storedText(body);
  // One statement checks membership and the edit rule and inserts (it commits on its own): the
  // hot path of a room. Only a refusal asks why.
  const row = await insertRoomCardAsMember(db, { roomId, authorId: user.id, ...text });
  if (row) {
    const card = toRoomCard(row);
    // After the commit: a member who reloads on the event finds the card in the database.
    events.cardAdded(roomId, card);
    await recordActivity(ctx, roomId, { action: 'added', cardId: card.id, after: text });
    return { card };
  }
  const standing = await memberStanding(db, roomId, user.id, MEMBERS_ONLY);
  if (standing.editRule === 'suggest') return suggest(ctx, roomId, { action: 'add', ...text });
  throw new AppError(403, HOST_ONLY_RULE);
}

/** Saves a card's new text if it is still at `body.version`; else 409 with the card as it is now. */
export async function editRoomCard(
  ctx: RoomCtx & { roomId: string; cardId: string; body: TRoomCardText & { version: number } },
): Promise<CardChange> {
  const { db, events, user, roomId, cardId, body } = ctx;
  const text = storedText(body);
  const row = await editRoomCardIfCurrent(db, { roomId, cardId, userId: user.id, version: body.version, ...text });
  if (row) {
    const card = toRoomCard(row);
    events.cardUpdated(roomId, card);
    await recordActivity(ctx, roomId, { action: 'edited', cardId, before: snapshotOf(row.before), after: text });
    return { card };
  }
  const standing = await memberStanding(db, roomId, user.id);
  const current = await findRoomCard(db, roomId, cardId);
  // Another room's card, or one deleted meanwhile: not found here.
  if (!current) throw new AppError(404, CARD_NOT_FOUND);
  if (!standing.decides && standing.editRule === 'suggest')
    return suggest(ctx, roomId, { action: 'edit', cardId, baseVersion: body.version, ...text });
  if (!standing.decides && standing.editRule === 'host') throw new AppError(403, HOST_ONLY_RULE);
  throw new StaleCardError(toRoomCard(current));
}

export async function removeRoomCard(
  ctx: RoomCtx & { roomId: string; cardId: string },
): Promise<{ removed: true } | { suggestion: TRoomSuggestion }> {
  const { db, events, user, roomId, cardId } = ctx;
  const standing = await memberStanding(db, roomId, user.id);
  const card = await findRoomCard(db, roomId, cardId);
  if (!card) throw new AppError(404, CARD_NOT_FOUND);
  const own = card.authorId === user.id;
  // Deleting is the one change a member makes only to their own cards under "Members edit":
  // the host tidies the deck, an author may take back their card.
  if (!standing.decides) {
    if (standing.editRule === 'suggest') return suggest(ctx, roomId, { action: 'delete', cardId });
    if (standing.editRule === 'host') throw new AppError(403, HOST_ONLY_RULE);
    if (!own) throw new AppError(403, DELETE_NOT_YOURS);
  }
  const deleted = await deleteRoomCard(db, roomId, cardId);
  if (deleted) {
    events.cardRemoved(roomId, cardId);
    await recordActivity(ctx, roomId, { action: 'deleted', cardId, before: snapshotOf(deleted) });
  }
  return { removed: true };
}

async function decider(db: Db, roomId: string, userId: string) {
  const standing = await memberStanding(db, roomId, userId);
  if (!standing.decides) throw new AppError(403, DECIDERS_ONLY);
}

async function pendingSuggestion(db: Db, roomId: string, suggestionId: string) {
  const found = await findSuggestion(db, roomId, suggestionId);
  if (!found) throw new AppError(404, SUGGESTION_NOT_FOUND);
  if (found.status !== 'pending') throw new AppError(409, SUGGESTION_DECIDED);
  return found;
}

/**
 * The host or an editor accepts a suggestion: the change is made (an edit only if the card is
 * still at the version it was suggested against: else 409 with the card, and it stays pending).
 */
export async function acceptSuggestion(
  ctx: RoomCtx & { roomId: string; suggestionId: string },
): Promise<{ suggestion: TRoomSuggestion; card?: TRoomCard }> {
  const { db, events, user, roomId, suggestionId } = ctx;
  await decider(db, roomId, user.id);
  const s = await pendingSuggestion(db, roomId, suggestionId);
  const text = storedText(s);
  let card: TRoomCard | undefined;
  if (s.action === 'add') {
    card = await db.transaction(async (tx) => {
      if (!(await decideSuggestion(tx, roomId, s.id, 'accepted', user.id))) throw new AppError(409, SUGGESTION_DECIDED);
      const [row] = await insertRoomCards(tx, [{ roomId, authorId: s.authorId, ...text }]);
      return toRoomCard(row as NonNullable<typeof row>);
    });
    events.cardAdded(roomId, card);
  } else {
    const current = s.cardId ? await findRoomCard(db, roomId, s.cardId) : undefined;
    if (!current || !s.cardId) {
      await decideSuggestion(db, roomId, s.id, 'rejected', user.id);
      throw new AppError(404, CARD_NOT_FOUND);
    }
    if (s.action === 'edit') {
      const version = s.baseVersion ?? current.version;
      const row = await editRoomCardIfCurrent(db, {
        roomId,
        cardId: s.cardId,
        userId: user.id,
        version,
        force: true,
        ...text,
      });
      if (!row) throw new StaleCardError(toRoomCard((await findRoomCard(db, roomId, s.cardId)) ?? current));
      card = toRoomCard(row);
      events.cardUpdated(roomId, card);
    } else if (await deleteRoomCard(db, roomId, s.cardId)) {
      events.cardRemoved(roomId, s.cardId);
    }
    await decideSuggestion(db, roomId, s.id, 'accepted', user.id);
  }
  const suggestion = { ...toSuggestion(s), status: 'accepted' as const };
  events.suggestionChanged(roomId, 'suggestion:accepted', suggestion);
  await recordActivity(ctx, roomId, { action: 'accepted', cardId: card?.id ?? s.cardId, after: text });
  return card ? { suggestion, card } : { suggestion };
}

export async function rejectSuggestion(
  ctx: RoomCtx & { roomId: string; suggestionId: string },
): Promise<{ suggestion: TRoomSuggestion }> {
  const { db, events, user, roomId, suggestionId } = ctx;
  await decider(db, roomId, user.id);
  const s = await pendingSuggestion(db, roomId, suggestionId);
  if (!(await decideSuggestion(db, roomId, s.id, 'rejected', user.id))) throw new AppError(409, SUGGESTION_DECIDED);
  const suggestion = { ...toSuggestion(s), status: 'rejected' as const };
  events.suggestionChanged(roomId, 'suggestion:rejected', suggestion);
  await recordActivity(ctx, roomId, { action: 'rejected', cardId: s.cardId, after: storedText(s) });
  return { suggestion };
}

export async function deckRules(db: Db, roomId: string, editRule: TRoomEditRule): Promise<TRoomDeckRules> {
  return { editRule, editors: await listRoomEditors(db, roomId) };
}

async function hostOnly(db: Db, roomId: string, userId: string) {
  const standing = await roomStanding(db, roomId, userId);
  if (!standing) throw new AppError(404, ROOM_NOT_FOUND);
  if (standing.hostId !== userId) throw new AppError(403, HOST_ONLY);
  return standing;
}

export async function changeEditRule(
  ctx: RoomCtx & { roomId: string; editRule: TRoomEditRule },
): Promise<TRoomDeckRules> {
  const { db, events, user, roomId, editRule } = ctx;
  await hostOnly(db, roomId, user.id);
  await setRoomEditRule(db, roomId, editRule);
  const rules = await deckRules(db, roomId, editRule);
  events.deckRulesChanged(roomId, rules);
  return rules;
}

export async function changeMemberRole(
  ctx: RoomCtx & { roomId: string; userId: string; role: 'editor' | 'member' },
): Promise<TRoomDeckRules> {
  const { db, events, user, roomId, userId, role } = ctx;
  const standing = await hostOnly(db, roomId, user.id);
  if (!(await setRoomMemberRole(db, roomId, userId, role))) throw new AppError(404, MEMBER_NOT_FOUND);
  const rules = await deckRules(db, roomId, standing.editRule);
  events.deckRulesChanged(roomId, rules);
  return rules;
}
