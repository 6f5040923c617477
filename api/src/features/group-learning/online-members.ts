/**
 * Who is online in each room, as the game asks at every question's start. Asking every process
 * (fetchSockets) costs a round trip across the cluster, and the answer holds until a socket opens
 * or closes in the room, which every process hears of: so it is kept until then. A fetch that a
 * change overtook is used once but not kept.
 */
export class OnlineMembers {
  private readonly rooms = new Map<string, { generation: number; ids?: string[] }>();

  /** `fetch` answers the ids and whether every process answered (a partial list is not kept). */
  constructor(private readonly fetch: (roomId: string) => Promise<{ ids: string[]; whole: boolean }>) {}

  async of(roomId: string): Promise<string[]> {
    let entry = this.rooms.get(roomId);
    if (entry?.ids) return entry.ids;
    if (!entry) {
      entry = { generation: 0 };
      this.rooms.set(roomId, entry);
    }
    const generation = entry.generation;
    const { ids, whole } = await this.fetch(roomId);
    if (whole && this.rooms.get(roomId) === entry && entry.generation === generation) entry.ids = ids;
    return ids;
  }

  /** The ids when known here without asking, else undefined. */
  known(roomId: string): string[] | undefined {
    return this.rooms.get(roomId)?.ids;
  }

  /** A socket opened or closed in the room, here or on another process. */
  changed(roomId: string): void {
    const entry = this.rooms.get(roomId);
    if (!entry) return;
    entry.generation += 1;
    entry.ids = undefined;
  }

  /** This process no longer hears of the room's changes (its namespace here is gone). */
  forget(roomId: string): void {
    this.rooms.delete(roomId);
  }
}
