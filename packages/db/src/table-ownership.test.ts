import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OwnershipLost } from "./action-writer.ts";
import { MatchStore } from "./match-store.ts";
import { RESUMED_CHAT_LINES, TableOwnership } from "./table-ownership.ts";
import { testDatabases } from "./test-databases.ts";

describe.each(testDatabases())("table ownership on $name", (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let store: MatchStore;

  beforeAll(async () => {
    db = await database.open();
    store = new MatchStore(db.prisma);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("a match whose owner's lease ran out is claimed by exactly one of the processes racing for it", async () => {
    const dead = new TableOwnership(db.prisma, "dead-process");
    await dead.renew(1);
    const ids = Array.from({ length: 30 }, (_, i) => `own-${i}`);
    for (const id of ids) {
      await store.createMatch({ id, game: "fistful", rulesVersion: "1", options: {}, seed: id, status: "playing", createdAt: new Date(), seats: [], ownerId: "dead-process" });
    }
    const alive = new TableOwnership(db.prisma, "alive-process");
    await alive.renew(60_000);
    await store.createMatch({ id: "own-kept", game: "fistful", rulesVersion: "1", options: {}, seed: "k", status: "playing", createdAt: new Date(), seats: [], ownerId: "alive-process" });
    await new Promise((done) => setTimeout(done, 20));

    const racers = ["p1", "p2", "p3"].map((id) => new TableOwnership(db.prisma, id));
    for (const racer of racers) await racer.renew(60_000);
    const claims = await Promise.all(racers.map((racer) => racer.claimOrphans({ everyOtherOwner: false })));
    const all = claims.flat().map((c) => c.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual([...ids].sort());
    expect(claims.flat().every((c) => c.previousOwner === "dead-process")).toBe(true);
    // A live owner's match is never taken, unless a process is told it is alone on the database.
    expect((await racers[0]!.claimOrphans({ everyOtherOwner: false })).map((c) => c.id)).toEqual([]);
    expect((await racers[0]!.claimOrphans({ everyOtherOwner: true })).map((c) => c.id).sort()).toEqual([...ids.filter((id) => !claims[0]!.some((c) => c.id === id)), "own-kept"].sort());

    // A copy of a table on a process that no longer owns it cannot end the game running elsewhere.
    await store.markAbandoned("own-kept", "all-left", new Date(), "alive-process");
    expect((await db.prisma.match.findUnique({ where: { id: "own-kept" } }))?.status).toBe("playing");

    const [loaded] = await racers[0]!.load(["own-kept"]);
    expect(loaded).toMatchObject({ id: "own-kept", seed: "k", seats: [], actions: [], chat: [], chatCount: 0 });
    await racers[0]!.release();
    expect(await db.prisma.serverProcess.count({ where: { id: "p1" } })).toBe(0);
  });

  it("gives a rebuilt table the last lines of its chat, oldest first, how many there are in all, and who decided each action", async () => {
    const owner = new TableOwnership(db.prisma, "chatty");
    await owner.renew(60_000);
    await store.createMatch({ id: "chat-1", game: "fistful", rulesVersion: "1", options: {}, seed: "c", status: "playing", createdAt: new Date(), seats: [], ownerId: "chatty" });
    const total = RESUMED_CHAT_LINES + 5;
    const lines = Array.from({ length: total }, (_, index) => ({ index, seat: index % 2, name: index % 2 ? "Bob" : "Ann", move: index, text: `line ${index}`, at: 1_700_000_000_000 + index }));
    await store.appendChat("chat-1", lines);
    // Who decided each action comes back with it too: a rebuilt table's undo window depends on it.
    await store.appendAction("chat-1", { index: 0, seat: 1, action: { type: "bot's" }, at: new Date(), byPerson: false });
    await store.appendAction("chat-1", { index: 1, seat: 0, action: { type: "mine" }, at: new Date(), byPerson: true });
    const [loaded] = await owner.load(["chat-1"]);
    expect(loaded!.chatCount).toBe(total);
    expect(loaded!.chat).toEqual(lines.slice(-RESUMED_CHAT_LINES));
    expect(loaded!.actions.map((action) => action.byPerson)).toEqual([false, true]);
    await owner.release();
  });

  it("loads a match exactly as it was stored, through Prisma and through the pool alike", async () => {
    // What a careless or hostile person may type survives the database's JSON: control
    // characters, quotes, backslashes, characters outside the basic plane.
    const ANN = 'Ann ✓\u0001"\\🤠';
    const playerId = await store.recordPlayerByHash("hash-of-ann", "Ann");
    const createdAt = new Date(1_700_000_000_123);
    const startedAt = new Date(1_700_000_004_567);
    const options = { deck: "base", nested: { list: [1, "two", null], flag: true } };
    const table = { private: true, graceSeconds: 45, spectatorChat: true, botPace: "quick" };
    const seats = [
      { seat: 1, kind: "bot" as const, name: "Bot 2", playerId: null },
      { seat: 0, kind: "human" as const, name: ANN, playerId },
    ];
    await store.createMatch({ id: "exact-1", game: "fistful", rulesVersion: "3", options, seed: "seed-1", status: "playing", createdAt, seats, table, ownerId: "exact" });
    await store.markStarted("exact-1", startedAt);
    const actions: Parameters<MatchStore["appendAction"]>[1][] = [
      { index: 0, seat: 1, action: { type: "draw", count: 2 }, at: new Date(1_700_000_005_001), byPerson: false },
      { index: 1, seat: 0, action: { type: "play", card: "é\"quoted\"", targets: [0, 1], amount: -0.1, big: 2 ** 53 - 1 }, at: new Date(1_700_000_006_999), byPerson: true },
    ];
    // Stored out of order: the log still comes back by index.
    for (const action of [...actions].reverse()) await store.appendAction("exact-1", action);
    await store.appendChat("exact-1", [
      { index: 0, seat: null, name: "a spectator", move: 0, text: "hi", at: 1_700_000_005_500 },
      { index: 1, seat: 0, name: ANN, move: 1, text: "well\tplayed\n\u001b[31m🤠", at: 1_700_000_007_000 },
    ]);
    await store.createMatch({ id: "exact-waiting", game: "fistful", rulesVersion: "3", options: {}, seed: "w", status: "waiting", createdAt, seats: [], ownerId: "exact" });
    await store.createMatch({ id: "exact-ended", game: "fistful", rulesVersion: "3", options: {}, seed: "e", status: "abandoned", createdAt, seats: [], ownerId: "exact" });

    const expected = {
      id: "exact-1",
      status: "playing",
      game: "fistful",
      rulesVersion: "3",
      options,
      seed: "seed-1",
      createdAt,
      startedAt,
      table,
      seats: [
        { seat: 0, kind: "human", name: ANN, tokenHash: "hash-of-ann" },
        { seat: 1, kind: "bot", name: "Bot 2", tokenHash: null },
      ],
      actions,
      chat: [
        { index: 0, seat: null, name: "a spectator", move: 0, text: "hi", at: 1_700_000_005_500 },
        { index: 1, seat: 0, name: ANN, move: 1, text: "well\tplayed\n\u001b[31m🤠", at: 1_700_000_007_000 },
      ],
      chatCount: 2,
    };
    const readers = [new TableOwnership(db.prisma, "exact"), ...(db.pool ? [new TableOwnership(db.prisma, "exact", db.pool)] : [])];
    for (const reader of readers) {
      const loaded = await reader.load(["exact-1", "exact-waiting", "exact-ended", "no-such-match"]);
      expect(loaded.map((match) => match.id).sort()).toEqual(["exact-1", "exact-waiting"]);
      expect(loaded.find((match) => match.id === "exact-1")).toEqual(expected);
      expect(loaded.find((match) => match.id === "exact-waiting")).toEqual({
        id: "exact-waiting", status: "waiting", game: "fistful", rulesVersion: "3", options: {}, seed: "w", createdAt, startedAt: null,
        table: {}, seats: [], actions: [], chat: [], chatCount: 0,
      });
    }
  });

  it("lets only the owner store a match's result, and removes the rows of processes long dead", async () => {
    const owner = new TableOwnership(db.prisma, "finisher");
    await owner.renew(60_000);
    const base = { game: "fistful", rulesVersion: "1", options: {}, seed: "f", createdAt: new Date(), seats: [] };
    const scores = { categories: ["coins"], lines: [{ seat: 0, total: 3, breakdown: { coins: 3 }, tiebreak: [], placement: 1 }], winners: [0] };
    // Through Prisma's transaction, and through the pool as the server writes it where it has one.
    const ways = [new MatchStore(db.prisma), new MatchStore(db.prisma, undefined, { pool: db.pool! })];
    for (const [way, finishing] of ways.entries()) {
      const id = `fin-${way}`;
      await store.createMatch({ id, ...base, status: "playing", ownerId: "finisher" });
      const result = { id, ...base, startedAt: new Date(), finishedAt: new Date(), actions: [], scores };

      // A copy on a process that lost the table cannot end the game, and is told so at once (no retries).
      await expect(finishing.finishMatch({ ...result, ownerId: "old-copy" })).rejects.toBeInstanceOf(OwnershipLost);
      expect(await db.prisma.match.findUnique({ where: { id } })).toMatchObject({ status: "playing", ownerId: "finisher" });
      expect(await db.prisma.matchResult.count({ where: { matchId: id } })).toBe(0);
      await finishing.finishMatch({ ...result, ownerId: "finisher" });
      expect(await db.prisma.match.findUnique({ where: { id } })).toMatchObject({ status: "finished", ownerId: null });
      // Stored already (an answer that got lost): the same result again is fine, from anyone.
      await finishing.finishMatch({ ...result, ownerId: "finisher" });
      await finishing.finishMatch({ ...result, ownerId: "old-copy" });
      expect(await db.prisma.matchResult.count({ where: { matchId: id } })).toBe(1);
    }

    await db.prisma.serverProcess.createMany({
      data: [
        { id: "dead-long-ago", leaseUntil: new Date(Date.now() - 10 * 60_000) },
        { id: "dead-just-now", leaseUntil: new Date(Date.now() - 1000) },
      ],
    });
    expect(await owner.removeDeadProcesses(60_000)).toBeGreaterThanOrEqual(1);
    const left = (await db.prisma.serverProcess.findMany({ select: { id: true } })).map((p) => p.id);
    expect(left).not.toContain("dead-long-ago");
    expect(left).toContain("dead-just-now");
    expect(left).toContain("finisher");
  });
});
