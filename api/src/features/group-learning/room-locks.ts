import { z } from 'zod';
import type { TEditLock, TRoomMember } from '../../contract';
import type { RoomNamespace, RoomSocket } from './room-admission';

// "Ana is editing" (issue 24): a soft lock per socket, kept in socket.data so every process can
// read it (fetchSockets), released when its socket closes or after an idle period without a
// keystroke. A second editor is warned, never refused.

const ZEditing = z.object({ cardId: z.uuid({ error: 'Card not found' }) });

export class EditLocks {
  private readonly idle = new Map<string, NodeJS.Timeout>();

  constructor(private readonly idleMs: number) {}

  /** The room card handlers of one socket. */
  wire(socket: RoomSocket): void {
    socket.on('card:editing', (body: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      const parsed = ZEditing.safeParse(body);
      if (!parsed.success) return ack({ error: parsed.error.issues[0]?.message ?? 'Card not found' });
      void this.take(socket, parsed.data.cardId).then(
        (editing) => ack({ editing }),
        () => ack({ editing: [] }),
      );
    });
    socket.on('card:editing:stop', () => this.release(socket));
    socket.on('disconnecting', () => this.release(socket));
  }

  /** Takes (or keeps) the socket's lock on the card; answers who else edits it. */
  async take(socket: RoomSocket, cardId: string): Promise<TRoomMember[]> {
    const { member } = socket.data;
    if (socket.data.editing !== cardId) {
      this.release(socket);
      socket.data.editing = cardId;
      socket.nsp.emit('card:editing', { cardId, member });
    }
    clearTimeout(this.idle.get(socket.id));
    this.idle.set(
      socket.id,
      setTimeout(() => this.release(socket), this.idleMs),
    );
    const others = new Map<string, TRoomMember>();
    for (const lock of await this.held(socket.nsp))
      if (lock.cardId === cardId && lock.member.id !== member.id) others.set(lock.member.id, lock.member);
    return [...others.values()];
  }

  release(socket: RoomSocket): void {
    clearTimeout(this.idle.get(socket.id));
    this.idle.delete(socket.id);
    const cardId = socket.data.editing;
    if (!cardId) return;
    socket.data.editing = undefined;
    socket.nsp.emit('card:editing:stopped', { cardId, member: socket.data.member });
  }

  /** Every lock in the room, on every process. */
  async held(nsp: RoomNamespace): Promise<TEditLock[]> {
    const sockets = await nsp.fetchSockets().catch(() => nsp.local.fetchSockets());
    return sockets.flatMap((s) =>
      s.data.editing && s.data.member ? [{ cardId: s.data.editing, member: s.data.member }] : [],
    );
  }
}
