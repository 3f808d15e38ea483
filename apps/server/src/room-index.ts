/**
 * Colyseus's in-process matchmaking driver, with its rooms also kept by id. Every join by id
 * asks the driver for one room by its id, and the stock driver answers by copying and filtering
 * the list of every room: after a restart a thousand people joining a thousand tables made a
 * million comparisons (bench:recovery profile). A question by id alone is answered from the
 * index; every other question goes to the stock driver, which stays the source of truth.
 */
import { type IRoomCache, LocalDriver, type SortOptions } from "@colyseus/core";

export class IndexedLocalDriver extends LocalDriver {
  private readonly byId = new Map<string, IRoomCache>();

  override findOne(conditions: Partial<IRoomCache>, sortOptions?: SortOptions): Promise<IRoomCache> {
    const keys = Object.keys(conditions);
    if (sortOptions || keys.length !== 1 || keys[0] !== "roomId") return super.findOne(conditions, sortOptions);
    return Promise.resolve(this.byId.get(conditions.roomId!) as IRoomCache);
  }

  override async insert(room: IRoomCache): Promise<boolean> {
    const inserted = await super.insert(room);
    if (inserted) this.byId.set(room.roomId, room);
    return inserted;
  }

  override persist(room: IRoomCache, create = false): boolean {
    const persisted = super.persist(room, create);
    if (persisted) this.byId.set(room.roomId, room);
    return persisted;
  }

  override remove(roomId: string): boolean {
    this.byId.delete(roomId);
    return super.remove(roomId);
  }

  override clear(): void {
    this.byId.clear();
    super.clear();
  }
}
