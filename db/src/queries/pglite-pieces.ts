import type { PGlite } from '@electric-sql/pglite';

const INSERT = Buffer.from('insert into media_chunks (media_id, seq, bytes) values ($1, $2, $3)\0');
const UUID = 2950;
const INT4 = 23;
const BYTEA = 17;
// Execute (the unnamed portal, every row), then Sync.
const EXECUTE_SYNC = Buffer.from([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0x53, 0, 0, 0, 4]);

/**
 * Pieces 0, 1, … of an image into media_chunks on PGlite, by the wire protocol written into one
 * buffer reused for every piece, inside the transaction the caller holds open. An insert through
 * PGlite's query() builds each message anew (its writer grows and copies, about four times the
 * piece): 185 MB written so cost 35–40 MB above idle in short-lived buffers, by this way 9 MB
 * (measured alone, one PGlite on a data directory). PGlite reads the message before
 * execProtocol's promise settles, so the buffer is free again after each await.
 */
export async function insertPiecesPglite(
  pglite: Pick<PGlite, 'execProtocol'>,
  mediaId: string,
  pieces: Iterable<Uint8Array>,
  pieceBytes: number,
): Promise<void> {
  const parseLength = 4 + 1 + INSERT.length + 2 + 3 * 4;
  const message = Buffer.alloc(1 + parseLength + 1 + 4 + 2 + 2 + 2 + 2 + 3 * 4 + 16 + 4 + pieceBytes + 2 + 15);
  let at = message.writeUInt8(0x50, 0); // Parse: unnamed statement, its three parameter types
  at = message.writeInt32BE(parseLength, at);
  at = message.writeUInt8(0, at);
  at += INSERT.copy(message, at);
  at = message.writeInt16BE(3, at);
  for (const type of [UUID, INT4, BYTEA]) at = message.writeInt32BE(type, at);
  const bindAt = at;
  let seq = 0;
  for (const piece of pieces) {
    if (piece.length > pieceBytes) throw new Error(`a piece of ${piece.length} bytes, over ${pieceBytes}`);
    // Bind: unnamed portal and statement, every parameter binary, results as text.
    at = message.writeUInt8(0x42, bindAt);
    at = message.writeInt32BE(4 + 1 + 1 + 2 + 2 + 2 + 4 + 16 + 4 + 4 + 4 + piece.length + 2, at);
    at = message.writeUInt8(0, at);
    at = message.writeUInt8(0, at);
    at = message.writeInt16BE(1, at);
    at = message.writeInt16BE(1, at);
    at = message.writeInt16BE(3, at);
    at = message.writeInt32BE(16, at);
    at += message.write(mediaId.replaceAll('-', ''), at, 'hex');
    at = message.writeInt32BE(4, at);
    at = message.writeInt32BE(seq++, at);
    at = message.writeInt32BE(piece.length, at);
    message.set(piece, at);
    at += piece.length;
    at = message.writeInt16BE(0, at);
    at += EXECUTE_SYNC.copy(message, at);
    // A failed insert throws here (Sync ends the statement; the caller's transaction rolls back).
    await pglite.execProtocol(message.subarray(0, at), { syncToFs: false });
  }
}
