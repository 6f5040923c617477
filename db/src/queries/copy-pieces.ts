import type { Writable } from 'node:stream';
import type { Sql } from 'postgres';

// PostgreSQL's binary COPY: a signature and two empty words, then per row its field count and each
// field as length + bytes, then -1.
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

// postgres.js copies each write into a message buffer of its own: 2 MB ones waited for the
// collector by the dozen (a 200 MB preview 80–120 MB above idle), quarter-megabyte ones hardly (about 63).
const WRITE_BYTES = 256 * 1024;

/** A connection to COPY on: one reserved from the pool, or a transaction's. */
export type CopyClient = Pick<Sql, 'unsafe'>;

/**
 * Pieces 0, 1, … of one thing (`ownerId`) into `target`, a table and its (uuid, integer, bytea)
 * columns, by one binary COPY on PostgreSQL: each piece goes to the server as the bytes it is.
 * An insert's parameter goes as hex text (postgres.js has no binary parameters), twice the piece
 * as a string on V8's heap, and for a 200 MB package those strings piled up 70–150 MB above idle
 * before a collection took them.
 *
 * The COPY must be the only query on its connection until it ends (postgres.js pipelines others
 * behind it, which would reach the server in the middle of the copy data). `after` is sent behind
 * it: postgres.js loses an error the server sends after the end of the data (a timeout, say), and
 * the copy would wait for ever; a query behind it answers either way, once the copy's own answer
 * is in, so by then the copy has finished or failed.
 */
export async function copyPieces(
  client: CopyClient,
  target: string,
  ownerId: string,
  pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  after = 'select 1',
): Promise<void> {
  let copy: Writable | undefined;
  try {
    const writable = await client.unsafe(`copy ${target} from stdin with (format binary)`).writable();
    copy = writable;
    let failed: Error | undefined;
    writable.on('error', (err) => {
      failed ??= err;
    });
    // Each piece waits until the socket took it: a copy the server ended meanwhile fails the next.
    for await (const bytes of copyRows(ownerId, pieces)) {
      for (let at = 0; at < bytes.length; at += WRITE_BYTES) {
        await new Promise<void>((resolve, reject) =>
          writable.write(bytes.subarray(at, at + WRITE_BYTES), (err) => (err ? reject(failed ?? err) : resolve())),
        );
      }
    }
    writable.end();
    await new Promise((resolve) => setImmediate(resolve));
    await client.unsafe(after);
    await new Promise((resolve) => setImmediate(resolve));
    if (failed) throw failed;
    if (!writable.writableFinished) throw new Error(`PostgreSQL did not take the pieces (COPY ${target} failed)`);
  } catch (err) {
    // Pieces that could not be read (a damaged file): CopyFail, so the connection stays in step.
    if (copy && !copy.writableFinished && !copy.destroyed) copy.destroy(err as Error);
    throw err;
  }
}

async function* copyRows(ownerId: string, pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
  const id = Buffer.from(ownerId.replaceAll('-', ''), 'hex');
  yield Buffer.concat([COPY_SIGNATURE, Buffer.alloc(8)]);
  let seq = 0;
  for await (const piece of pieces) {
    // Three fields: the uuid (16 bytes), the seq (int4), the piece (its length, then its bytes).
    const head = Buffer.alloc(2 + 4 + 16 + 4 + 4 + 4);
    head.writeInt16BE(3, 0);
    head.writeInt32BE(16, 2);
    id.copy(head, 6);
    head.writeInt32BE(4, 22);
    head.writeInt32BE(seq++, 26);
    head.writeInt32BE(piece.length, 30);
    yield head;
    yield piece;
  }
  const end = Buffer.alloc(2);
  end.writeInt16BE(-1, 0);
  yield end;
}
