import {
  type Db,
  findOwnedDeck,
  insertRoomCards,
  listCardsForExport,
  listDeckNames,
  listRoomCards,
  roomStanding,
} from '@learnboost/db';
import { clozeNumbers, HOST_ONLY_RULE, ROOM_CARD_TEXT_MAX, type TRoomCard } from '../../contract';
import { AppError } from '../../lib/errors';
import { exportSharedDeckApkg } from '../anki/anki-export.service';
import { MEMBERS_ONLY, ROOM_NOT_FOUND, type RoomCtx } from './group-learning.service';
import { recordActivity } from './room-activity.service';
import { toRoomCard } from './room-card';
import { bringImagesIntoRoom, roomMediaOfCards } from './room-media.service';

// Cards in and out of the room deck (issue 24): one of my decks copied in, the deck as an .apkg.

export const COPY_MAX_CARDS = 2000;
export const COPY_TOO_MANY = `A deck of up to ${COPY_MAX_CARDS.toLocaleString('en')} cards can be copied into a room`;
export const COPY_NEEDS_EDIT = 'Only the host and editors can copy a deck into this room';
export const DECK_NOT_FOUND = 'Deck not found';
export const COPY_EMPTY = 'This deck has no cards to copy';

/**
 * Copies one of the learner's decks (and those nested under it) into the room deck, in one
 * transaction: a cloze text once (its numbers come back as the room's ordinals), schedules not.
 */
export async function copyDeckIntoRoom(
  ctx: RoomCtx & { roomId: string; deckId: string },
): Promise<{ cards: TRoomCard[] }> {
  const { db, events, user, roomId, deckId } = ctx;
  const standing = await roomStanding(db, roomId, user.id);
  if (!standing) throw new AppError(404, ROOM_NOT_FOUND);
  if (standing.role === null) throw new AppError(403, MEMBERS_ONLY);
  const decides = standing.hostId === user.id || standing.role === 'editor';
  if (!decides && standing.editRule !== 'edit')
    throw new AppError(403, standing.editRule === 'host' ? HOST_ONLY_RULE : COPY_NEEDS_EDIT);
  const deck = await findOwnedDeck(db, user.id, deckId);
  if (!deck) throw new AppError(404, DECK_NOT_FOUND);
  const deckIds = (await listDeckNames(db, user.id))
    .filter((d) => d.name === deck.name || d.name.startsWith(`${deck.name}::`))
    .map((d) => d.id);
  const rows = await listCardsForExport(db, user.id, deckIds);
  if (rows.length > COPY_MAX_CARDS) throw new AppError(413, COPY_TOO_MANY);
  const seenNotes = new Set<string>();
  const texts = rows.flatMap(({ card }) => {
    // A cloze text's cards share a note: the room keeps the text once.
    if (card.kind === 'cloze' && seenNotes.has(card.noteId)) return [];
    seenNotes.add(card.noteId);
    const clip = (s: string) => s.slice(0, ROOM_CARD_TEXT_MAX);
    return [
      {
        roomId,
        authorId: user.id,
        kind: card.kind,
        format: card.format,
        question: clip(card.question),
        answer: clip(card.answer),
        tags: card.tags,
        ordinals: card.kind === 'cloze' ? clozeNumbers(card.question) : [0],
      },
    ];
  });
  if (texts.length === 0) throw new AppError(422, COPY_EMPTY);
  const cards = (
    await db.transaction(async (tx) => {
      // The images the cards show come with them, as the room's media (under their hash names).
      const withImages = await bringImagesIntoRoom(tx, { roomId, userId: user.id, texts });
      return insertRoomCards(tx, withImages);
    })
  ).map(toRoomCard);
  events.cardsAdded(roomId, cards);
  await recordActivity(ctx, roomId, {
    action: 'copied',
    after: {
      question: deck.name,
      answer: '',
      kind: 'basic',
      format: 'text',
      tags: [],
      ordinals: [],
      count: cards.length,
    },
  });
  return { cards };
}

/** The room deck as an .apkg for Anki, through the Anki feature's export. Members only. */
export async function exportRoomDeck({ db, userId, roomId }: { db: Db; userId: string; roomId: string }) {
  const standing = await roomStanding(db, roomId, userId);
  if (!standing) throw new AppError(404, ROOM_NOT_FOUND);
  if (standing.role === null) throw new AppError(403, 'Join the room to export its deck');
  const room = await db.query.rooms.findFirst({ where: (r, { eq }) => eq(r.id, roomId) });
  const deckName = (room?.title ?? 'Room deck').replaceAll('::', ' - ');
  const cards = await listRoomCards(db, roomId);
  const media = await roomMediaOfCards(db, roomId, cards);
  return { deckName, apkg: await exportSharedDeckApkg({ deckName, cards, media }) };
}
