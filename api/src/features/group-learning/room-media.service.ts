import { createHash } from 'node:crypto';
import {
  type DbOrTx,
  findMediaByNames,
  findMemberRoomMedia,
  findRoomMediaByNames,
  insertRoomMedia,
  roomMediaBytes,
  roomStanding,
} from '@learnboost/db';
import { ROOM_MEDIA_MAX_BYTES, ROOM_MEDIA_ROOM_MAX_BYTES, type TRoomMedia } from '../../contract';
import { AppError } from '../../lib/errors';
import { imageNames, renameImages } from '../anki/sanitize';
import { type InRoom, ROOM_NOT_FOUND } from './group-learning.service';

// Room media (issue 24): images stored as the room's, shown to its members only, carried into the
// .apkg export, into a learner's own cards, and in from a personal deck copied into the room.

export const MEDIA_MEMBERS_ONLY = 'Join the room to add images';
export const MEDIA_TOO_LARGE = `An image can be up to ${ROOM_MEDIA_MAX_BYTES / 1024 / 1024} MB`;
export const MEDIA_ROOM_FULL = `This room's images are full (${ROOM_MEDIA_ROOM_MAX_BYTES / 1024 / 1024} MB)`;
export const MEDIA_NOT_AN_IMAGE = 'Images must be PNG, JPEG, GIF or WebP';
export const IMAGE_NOT_FOUND = 'Image not found';

const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** The image type its first bytes say (never what the client claims): PNG, JPEG, GIF or WebP. */
export function sniffImage(bytes: Uint8Array): string | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/** A room image's name: its bytes' hash, so an upload retried or repeated is the same image. */
export const roomMediaName = (bytes: Uint8Array, mime: string) =>
  `room-${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${EXT[mime] ?? 'bin'}`;

/** Stores an uploaded image as the room's; members only, within the size limits. */
export async function uploadRoomMedia({
  db,
  userId,
  roomId,
  bytes,
}: InRoom & { bytes: Uint8Array }): Promise<TRoomMedia> {
  const standing = await roomStanding(db, roomId, userId);
  if (!standing) throw new AppError(404, ROOM_NOT_FOUND);
  if (standing.role === null) throw new AppError(403, MEDIA_MEMBERS_ONLY);
  if (bytes.length > ROOM_MEDIA_MAX_BYTES) throw new AppError(413, MEDIA_TOO_LARGE);
  const mime = sniffImage(bytes);
  if (!mime) throw new AppError(415, MEDIA_NOT_AN_IMAGE);
  const name = roomMediaName(bytes, mime);
  const [have] = await findRoomMediaByNames(db, roomId, [name]);
  if (have) return { name, mime, size: have.size };
  // The quota is checked, not reserved: two uploads at once may pass it by one image, no more.
  if ((await roomMediaBytes(db, roomId)) + bytes.length > ROOM_MEDIA_ROOM_MAX_BYTES)
    throw new AppError(413, MEDIA_ROOM_FULL);
  await insertRoomMedia(db, [{ roomId, uploaderId: userId, name, mime, bytes, size: bytes.length }]);
  return { name, mime, size: bytes.length };
}

/** A room image for a member; anyone else (or no such image) finds nothing: 404. */
export async function roomMediaFile({ db, userId, roomId, name }: InRoom & { name: string }) {
  const file = await findMemberRoomMedia(db, { userId, name, roomId });
  if (!file) throw new AppError(404, IMAGE_NOT_FOUND);
  return file;
}

/** The room images the cards show, by name: for the .apkg export. */
export async function roomMediaOfCards(db: DbOrTx, roomId: string, cards: { question: string; answer: string }[]) {
  const names = [...new Set(cards.flatMap((c) => [...imageNames(c.question), ...imageNames(c.answer)]))];
  const rows = await findRoomMediaByNames(db, roomId, names);
  return new Map(rows.map((m) => [m.name, new Uint8Array(m.bytes)]));
}

/**
 * A personal deck copied into the room: the learner's images its cards show become the room's,
 * under their hash names (a room never mixes up two members' "diagram.png"), and the texts point
 * at those names. Returns the texts to insert.
 */
export async function bringImagesIntoRoom<T extends { question: string; answer: string }>(
  db: DbOrTx,
  { roomId, userId, texts }: { roomId: string; userId: string; texts: T[] },
): Promise<T[]> {
  const names = [...new Set(texts.flatMap((c) => [...imageNames(c.question), ...imageNames(c.answer)]))];
  const mine = await findMediaByNames(db, userId, names);
  if (mine.length === 0) return texts;
  const renamed = new Map<string, string>();
  const rows = mine.flatMap((m) => {
    const bytes = new Uint8Array(m.bytes);
    const mime = sniffImage(bytes);
    // An image the room cannot hold (SVG, or over the size limit) keeps its name and shows nothing.
    if (!mime || bytes.length > ROOM_MEDIA_MAX_BYTES) return [];
    const name = roomMediaName(bytes, mime);
    renamed.set(m.name, name);
    return [{ roomId, uploaderId: userId, name, mime, bytes, size: bytes.length }];
  });
  const adding = rows.reduce((sum, r) => sum + r.size, 0);
  if (adding && (await roomMediaBytes(db, roomId)) + adding > ROOM_MEDIA_ROOM_MAX_BYTES)
    throw new AppError(413, MEDIA_ROOM_FULL);
  await insertRoomMedia(db, rows);
  const rename = (html: string) => renameImages(html, (n) => renamed.get(n));
  return texts.map((t) => ({ ...t, question: rename(t.question), answer: rename(t.answer) }));
}
