/** IndexedLocalDriver answers a question by room id as the stock driver does, through every change. */
import { type IRoomCache, LocalDriver, initializeRoomCache } from "@colyseus/core";
import { describe, expect, it } from "vitest";
import { IndexedLocalDriver } from "./room-index.ts";

const listing = (roomId: string, name = "table") => Object.assign(initializeRoomCache({ name, processId: "p" }), { roomId }) as IRoomCache;

describe("the indexed matchmaking driver", () => {
  it("finds a room by id as the stock driver does, after inserts, removals and a clear", async () => {
    const indexed = new IndexedLocalDriver();
    const stock = new LocalDriver();
    for (const driver of [indexed, stock]) {
      for (const id of ["a", "b", "c"]) await driver.insert(listing(id));
      driver.persist(listing("d"), true);
      driver.remove("b");
      await driver.insert(listing("a")); // already there: refused, the first stays
    }
    for (const id of ["a", "b", "c", "d", "e"]) {
      const [mine, theirs] = [await indexed.findOne({ roomId: id }), await stock.findOne({ roomId: id })];
      expect(mine?.roomId).toBe(theirs?.roomId);
    }
    expect((await indexed.findOne({ roomId: "b" })) ?? null).toBeNull();
    // Other questions are the stock driver's.
    expect((await indexed.findOne({ name: "table" }))?.roomId).toBe("a");
    indexed.clear();
    expect((await indexed.findOne({ roomId: "a" })) ?? null).toBeNull();
  });
});
