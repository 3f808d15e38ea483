import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./connection.ts";
import { MatchStore, type NewMatch, type StartingSeat, hashToken } from "./match-store.ts";
import { testDatabases } from "./test-databases.ts";

// The start and the waiting row are raw statements: they run on every way the store is reached
// (PostgreSQL and PGlite in its worker through `pg`, PGlite on the main thread through its own adapter).
const databases = [
  ...testDatabases(),
  {
    name: "PGlite on the main thread",
    async open() {
      const db = await openDatabase({ kind: "pglite", dataDir: "memory://", thread: "main" });
      return { ...db, drop: () => db.close() };
    },
  },
];

const matchOf = (id: string, extra: Partial<NewMatch> = {}): NewMatch => ({
  id,
  game: "fistful",
  rulesVersion: "3",
  options: { variant: "long", "k\u0000ey": "v\u0000" },
  seed: `seed-${id}`,
  status: "waiting",
  createdAt: new Date("2026-11-20T10:00:00.123Z"),
  seats: [],
  table: { private: true, graceSeconds: 45, seats: 3, bots: [{ seat: 1, name: "Bot Ann" }] },
  ownerId: "process-1",
  ...extra,
});

describe.each(databases)("the start of a match on $name", (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let store: MatchStore;

  beforeAll(async () => {
    db = await database.open();
    store = new MatchStore(db.prisma);
  });
  afterAll(async () => {
    await db?.drop();
  });

  const stored = (id: string) =>
    db.prisma.match.findUniqueOrThrow({ where: { id }, include: { seats: { orderBy: { seat: "asc" }, include: { player: true } } } });

  it("writes the match, new players and every seat when no waiting row was written", async () => {
    const startedAt = new Date("2026-11-20T10:01:02.345Z");
    const seats: StartingSeat[] = [
      { seat: 0, kind: "human", name: "Ann\u0000", tokenHash: hashToken("ann-token-abcdefgh") },
      { seat: 1, kind: "bot", name: "Bot Ann", tokenHash: null },
      { seat: 2, kind: "human", name: "Bob", tokenHash: hashToken("bob-token-abcdefgh") },
    ];
    await store.startMatch(matchOf("s-new"), startedAt, seats);
    const row = await stored("s-new");
    expect(row).toMatchObject({
      status: "playing",
      game: "fistful",
      rulesVersion: "3",
      seed: "seed-s-new",
      options: { variant: "long", key: "v" },
      table: { private: true, graceSeconds: 45, seats: 3, bots: [{ seat: 1, name: "Bot Ann" }] },
      ownerId: "process-1",
      finishedAt: null,
      scoreCategories: [],
    });
    // Stored as UTC whatever the server's time zone, to the millisecond.
    expect(row.createdAt.toISOString()).toBe("2026-11-20T10:00:00.123Z");
    expect(row.startedAt?.toISOString()).toBe("2026-11-20T10:01:02.345Z");
    expect(row.seats.map((s) => [s.seat, s.kind, s.name, s.player?.tokenHash ?? null, s.player?.displayName ?? null])).toEqual([
      [0, "human", "Ann", hashToken("ann-token-abcdefgh"), "Ann"],
      [1, "bot", "Bot Ann", null, null],
      [2, "human", "Bob", hashToken("bob-token-abcdefgh"), "Bob"],
    ]);
    // The players' ids are uuids as Prisma makes them, and the seats point at them (the foreign
    // key between sibling CTEs held: checked at the end of the statement).
    expect(row.seats[0]!.playerId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(row.seats[2]!.playerId).not.toBe(row.seats[0]!.playerId);
    // Its person finds it among their tables.
    expect((await store.tablesOf("bob-token-abcdefgh")).map((t) => [t.id, t.seat])).toEqual([["s-new", 2]]);
  });

  it("starts a waiting row, keeping its creation, owner and setup, and replaces the seats stored while waiting", async () => {
    await store.createMatch(matchOf("s-waiting", { ownerId: "process-2", seats: [{ seat: 0, kind: "human", name: "Early", playerId: null }] }));
    expect((await stored("s-waiting")).status).toBe("waiting");
    const startedAt = new Date("2026-11-20T10:05:00.000Z");
    await store.startMatch(matchOf("s-waiting", { ownerId: "another", createdAt: new Date() }), startedAt, [
      { seat: 0, kind: "human", name: "Cy", tokenHash: hashToken("cy-token-abcdefgh") },
      { seat: 1, kind: "bot", name: "Bot 2", tokenHash: null },
    ]);
    const row = await stored("s-waiting");
    expect(row).toMatchObject({ status: "playing", ownerId: "process-2" });
    expect(row.createdAt.toISOString()).toBe("2026-11-20T10:00:00.123Z");
    expect(row.startedAt?.toISOString()).toBe(startedAt.toISOString());
    expect(row.seats.map((s) => [s.seat, s.kind, s.name, s.player?.displayName ?? null])).toEqual([
      [0, "human", "Cy", "Cy"],
      [1, "bot", "Bot 2", null],
    ]);
  });

  it("keeps an existing player's id and brings their name and last sight up to date", async () => {
    const id = await store.recordPlayer("dee-token-abcdefgh", "Dee");
    const before = await db.prisma.player.findUniqueOrThrow({ where: { id } });
    await new Promise((done) => setTimeout(done, 5));
    await store.startMatch(matchOf("s-known"), new Date(), [
      { seat: 0, kind: "bot", name: "Bot 1", tokenHash: null },
      { seat: 1, kind: "human", name: "Deedee", tokenHash: hashToken("dee-token-abcdefgh") },
    ]);
    const row = await stored("s-known");
    expect(row.seats[1]!.playerId).toBe(id);
    const after = await db.prisma.player.findUniqueOrThrow({ where: { id } });
    expect(after.displayName).toBe("Deedee");
    expect(after.createdAt).toEqual(before.createdAt);
    expect(after.lastSeenAt.getTime()).toBeGreaterThan(before.lastSeenAt.getTime());
    expect(await db.prisma.player.count({ where: { tokenHash: hashToken("dee-token-abcdefgh") } })).toBe(1);
  });

  it("gives one person in two seats one player row, named as in the last seat", async () => {
    await store.startMatch(matchOf("s-twice"), new Date(), [
      { seat: 0, kind: "human", name: "Eve", tokenHash: hashToken("eve-token-abcdefgh") },
      { seat: 1, kind: "human", name: "Eve again", tokenHash: hashToken("eve-token-abcdefgh") },
    ]);
    const row = await stored("s-twice");
    expect(row.seats[0]!.playerId).toBe(row.seats[1]!.playerId);
    expect(row.seats[0]!.player?.displayName).toBe("Eve again");
  });

  it("starts a table of bots only, and a start written twice (its answer lost) is the same start", async () => {
    const seats: StartingSeat[] = [
      { seat: 0, kind: "bot", name: "Bot 1", tokenHash: null },
      { seat: 1, kind: "bot", name: "Bot 2", tokenHash: null },
    ];
    const startedAt = new Date("2026-11-20T11:00:00.000Z");
    await store.startMatch(matchOf("s-bots"), startedAt, seats);
    await store.startMatch(matchOf("s-bots"), startedAt, seats);
    const row = await stored("s-bots");
    expect(row.status).toBe("playing");
    expect(row.seats.map((s) => [s.seat, s.kind, s.playerId])).toEqual([
      [0, "bot", null],
      [1, "bot", null],
    ]);
  });

  it("writes nothing at all when any part of the start fails", async () => {
    const players = await db.prisma.player.count();
    // The same seat twice: the seats' upsert fails after the players and the match were written
    // by the CTEs before it; the statement is undone as a whole.
    const start = store.startMatch(matchOf("s-failed"), new Date(), [
      { seat: 0, kind: "human", name: "Fay", tokenHash: hashToken("fay-token-abcdefgh") },
      { seat: 0, kind: "bot", name: "Bot 1", tokenHash: null },
    ]);
    await expect(start).rejects.toThrow();
    expect(await db.prisma.match.count({ where: { id: "s-failed" } })).toBe(0);
    expect(await db.prisma.matchSeat.count({ where: { matchId: "s-failed" } })).toBe(0);
    expect(await db.prisma.player.count()).toBe(players);
    // The connection is still good afterwards (no transaction left open).
    await store.startMatch(matchOf("s-failed"), new Date(), [{ seat: 0, kind: "human", name: "Fay", tokenHash: hashToken("fay-token-abcdefgh") }]);
    expect((await stored("s-failed")).seats[0]!.player?.displayName).toBe("Fay");
  });

  it("leaves a started match as it is when the waiting row is written after the start", async () => {
    const startedAt = new Date("2026-11-20T12:00:00.000Z");
    await store.startMatch(matchOf("s-late-create"), startedAt, [
      { seat: 0, kind: "human", name: "Gus", tokenHash: hashToken("gus-token-abcdefgh") },
      { seat: 1, kind: "bot", name: "Bot 2", tokenHash: null },
    ]);
    const before = await stored("s-late-create");
    // No error, no change: still playing, same seats, same owner.
    await store.createMatch(matchOf("s-late-create", { ownerId: "other", seats: [{ seat: 0, kind: "bot", name: "Intruder", playerId: null }] }));
    expect(await stored("s-late-create")).toEqual(before);
    // Nor is a finished match ever turned back.
    await db.prisma.match.update({ where: { id: "s-late-create" }, data: { status: "finished", ownerId: null } });
    await store.createMatch(matchOf("s-late-create"));
    expect((await stored("s-late-create")).status).toBe("finished");
  });

  it("creates a waiting row with its seats and players once", async () => {
    const playerId = await store.recordPlayer("hal-token-abcdefgh", "Hal");
    const match = matchOf("c-once", { seats: [{ seat: 0, kind: "human", name: "Hal\ud800", playerId }, { seat: 2, kind: "bot", name: "Bot 3", playerId: null }] });
    await store.createMatch(match);
    await store.createMatch({ ...match, status: "playing" });
    const row = await stored("c-once");
    expect(row).toMatchObject({ status: "waiting", ownerId: "process-1", startedAt: null, options: { variant: "long", key: "v" } });
    expect(row.seats.map((s) => [s.seat, s.kind, s.name, s.playerId])).toEqual([
      [0, "human", "Hal\ufffd", playerId],
      [2, "bot", "Bot 3", null],
    ]);
  });
});
