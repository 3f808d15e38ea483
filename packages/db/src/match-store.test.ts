import { playOut, replay } from "@saloon/engine";
import { fistful } from "@saloon/fistful";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Logger, MatchStore, hashToken } from "./match-store.ts";
import { testDatabases } from "./test-databases.ts";

/** Plays a bot game and stores it the way the server does: created, started, appended, finished. */
async function storePlayedMatch(store: MatchStore, id: string, seed: string, names: string[], finishedAt: Date) {
  const played = playOut(fistful, { seed, seats: names.length });
  const playerIds = await Promise.all(names.map((name, i) => store.recordPlayer(`token-${name}-${i}-abcdefgh`, name)));
  const match = {
    id,
    game: "fistful",
    rulesVersion: fistful.rulesVersion,
    options: {},
    seed,
    createdAt: new Date(finishedAt.getTime() - 60_000),
    seats: names.map((name, seat) => ({ seat, kind: "human" as const, name, playerId: playerIds[seat]! })),
  };
  await store.createMatch({ ...match, status: "waiting" });
  const startedAt = new Date(finishedAt.getTime() - 50_000);
  await store.markStarted(id, startedAt);
  const rows = played.log.map((entry, index) => ({ index, seat: entry.seat, action: entry.action, at: new Date(finishedAt.getTime() - 1000) }));
  // Append all but the last ten as the game goes; finishMatch must fill in the rest.
  for (const row of rows.slice(0, -10)) await store.appendAction(id, row);
  await store.finishMatch({ ...match, startedAt, finishedAt, actions: rows, scores: fistful.scores(played.state)! });
  return played;
}

// A finished match is written through the `pg` pool where the server has one (PostgreSQL, PGlite
// in its worker), through Prisma's raw queries otherwise (PGlite on the main thread): both ways.
const setups = testDatabases().flatMap((database) => (["Prisma", "the pool"] as const).map((way) => ({ ...database, way })));

describe.each(setups)("match store on $name, finishing through $way", (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let store: MatchStore;
  const finishWay = () => (database.way === "the pool" ? { pool: db.pool! } : {});

  /** A store whose finishing transactions fail `failures` times with `message` (a dropped connection, a full disk). */
  function failingStore(failures: number, message: string, logger: Logger, retry: { attempts: number; firstDelayMs: number }): MatchStore {
    let left = failures;
    const refused = () => left-- > 0;
    if (database.way === "the pool") {
      const pool = { connect: () => (refused() ? Promise.reject(new Error(message)) : db.pool!.connect()), query: (text: string, values: unknown[]) => db.pool!.query(text, values) };
      return new MatchStore(db.prisma, logger, { retry, pool });
    }
    const prisma = new Proxy(db.prisma, {
      get(target, key, receiver) {
        if (key === "$transaction") {
          return (...args: unknown[]) => (refused() ? Promise.reject(new Error(message)) : (target.$transaction as (...a: unknown[]) => unknown)(...args));
        }
        return Reflect.get(target, key, receiver);
      },
    });
    return new MatchStore(prisma, logger, { retry });
  }

  beforeAll(async () => {
    db = await database.open();
    expect(db.pool).toBeDefined();
    store = new MatchStore(db.prisma, undefined, finishWay());
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("applied the migrations on open, and re-applying is a no-op", async () => {
    expect(db.applied).toEqual([
      expect.stringMatching(/_init$/),
      expect.stringMatching(/_durable_tables$/),
      "20261122160000_legacy_fnv_seeds",
      expect.stringMatching(/_table_chat$/),
      expect.stringMatching(/_action_by_person$/),
    ]);
    const tables = await db.prisma.$queryRawUnsafe<{ tablename: string }[]>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    expect(tables.map((t) => t.tablename)).toEqual(["Match", "MatchAction", "MatchChat", "MatchResult", "MatchSeat", "Player", "ServerProcess", "_prisma_migrations"]);
  });

  it("takes back stored actions from an index on, only for the process that owns the match", async () => {
    const id = "take-back-match";
    await store.createMatch({ id, game: "fistful", rulesVersion: "1", options: {}, seed: "take-back", createdAt: new Date(), status: "playing", seats: [], ownerId: "process-a" });
    for (let index = 0; index < 5; index++) await store.appendAction(id, { index, seat: index % 2, action: { type: "step", n: index }, at: new Date() });
    const stored = async () => (await db.prisma.matchAction.findMany({ where: { matchId: id }, orderBy: { index: "asc" } })).map((row) => row.index);
    // Another process may not touch it: nothing is deleted.
    await expect(store.takeBackActions(id, 2, "process-b")).rejects.toThrow(/no longer run by this process/);
    expect(await stored()).toEqual([0, 1, 2, 3, 4]);
    await store.takeBackActions(id, 3, "process-a");
    expect(await stored()).toEqual([0, 1, 2]);
    // The freed places take the moves made instead.
    await store.appendAction(id, { index: 3, seat: 1, action: { type: "other" }, at: new Date() });
    expect(await stored()).toEqual([0, 1, 2, 3]);
  });

  it("stores a finished game whose replay ends with exactly the stored scores", async () => {
    const played = await storePlayedMatch(store, "m-replay", "stored-1", ["Ann", "Bob", "Cy"], new Date("2026-11-01T10:00:00Z"));
    const detail = (await store.getEnded("m-replay"))!;
    expect(detail.actions).toHaveLength(played.log.length);
    expect(detail.actions.map((a) => a.index)).toEqual(played.log.map((_, i) => i));
    const rebuilt = replay(fistful, detail.seed, detail.seats.length, undefined, detail.actions);
    expect(fistful.scores(rebuilt)).toEqual(detail.scores);
    expect(detail.scores).toEqual(fistful.scores(played.state));
    expect(detail.seats.map((s) => s.name)).toEqual(["Ann", "Bob", "Cy"]);
  });

  it("lists finished matches newest first, filtered by game and player, page by page", async () => {
    await storePlayedMatch(store, "m-a", "list-a", ["Dora", "Eli"], new Date("2026-11-02T10:00:00Z"));
    await storePlayedMatch(store, "m-b", "list-b", ["Eli", "Fay"], new Date("2026-11-03T10:00:00Z"));
    await storePlayedMatch(store, "m-c", "list-c", ["Gus", "Dora"], new Date("2026-11-04T10:00:00Z"));
    const all = await store.listEnded({});
    expect(all.matches.map((m) => m.id)).toEqual(["m-c", "m-b", "m-a", "m-replay"]);
    expect((await store.listEnded({ player: "dora" })).matches.map((m) => m.id)).toEqual(["m-c", "m-a"]);
    expect((await store.listEnded({ game: "el-paso" })).matches).toEqual([]);

    const first = await store.listEnded({ limit: 3 });
    expect(first.matches.map((m) => m.id)).toEqual(["m-c", "m-b", "m-a"]);
    const second = await store.listEnded({ limit: 3, cursor: first.nextCursor! });
    expect(second.matches.map((m) => m.id)).toEqual(["m-replay"]);
    expect(second.nextCursor).toBeNull();
    const seat = all.matches[0]!.seats[0]!;
    expect(seat).toMatchObject({ name: "Gus", kind: "human" });
    // Each summary says which rules it was played with, so a client can mark what it cannot replay.
    expect(all.matches.every((m) => m.rulesVersion === fistful.rulesVersion)).toBe(true);
    expect(typeof seat.total).toBe("number");
  });

  it("never serves the seed or log of a match that is not finished", async () => {
    await store.createMatch({
      id: "m-running",
      game: "fistful",
      rulesVersion: "1",
      options: {},
      seed: "secret-seed",
      status: "playing",
      createdAt: new Date(),
      seats: [
        { seat: 0, kind: "human", name: "Hal", playerId: null },
        { seat: 1, kind: "bot", name: "Bot", playerId: null },
      ],
    });
    await store.appendAction("m-running", { index: 0, seat: 1, action: { type: "placeSign", building: "T1" }, at: new Date() });
    expect(await store.getEnded("m-running")).toBeNull();
    expect((await store.listEnded({ player: "Hal" })).matches).toEqual([]);
    expect(await store.getEnded("no-such-match")).toBeNull();
  });

  it("serves an abandoned match that had started, with its log and no scores, and lists it as abandoned", async () => {
    const played = playOut(fistful, { seed: "quit", seats: 2 });
    const match = { id: "m-quit", game: "fistful", rulesVersion: "1", options: {}, seed: "quit", createdAt: new Date("2026-11-06T09:00:00Z") };
    await store.startMatch({ ...match, status: "waiting", seats: [] }, new Date("2026-11-06T09:01:00Z"), [
      { seat: 0, kind: "human", name: "Quinn", tokenHash: hashToken("quinn-token-abcdefgh") },
      { seat: 1, kind: "bot", name: "Bot 2", tokenHash: null },
    ]);
    for (const [index, entry] of played.log.slice(0, 12).entries()) await store.appendAction("m-quit", { index, seat: entry.seat, action: entry.action, at: new Date() });
    // Running: its seed and log stay secret, and its player finds it among their tables.
    expect(await store.getEnded("m-quit")).toBeNull();
    expect((await store.tablesOf("quinn-token-abcdefgh")).map((t) => [t.id, t.seat])).toEqual([["m-quit", 0]]);
    expect(await store.tablesOf("somebody-else-token")).toEqual([]);

    await store.markAbandoned("m-quit", "ended-by-players", new Date("2026-11-06T09:30:00Z"));
    const detail = (await store.getEnded("m-quit"))!;
    expect(detail).toMatchObject({ status: "abandoned", endReason: "ended-by-players", scores: null, finishedAt: "2026-11-06T09:30:00.000Z" });
    expect(detail.actions).toHaveLength(12);
    expect((await store.listEnded({ player: "quinn" })).matches.map((m) => [m.id, m.status])).toEqual([["m-quit", "abandoned"]]);
    expect(await store.tablesOf("quinn-token-abcdefgh")).toEqual([]);

    // A table abandoned before it started is no match: nothing to list or replay.
    await store.createMatch({ ...match, id: "m-never", seed: "never", status: "waiting", seats: [] });
    await store.markAbandoned("m-never", "all-left");
    expect(await store.getEnded("m-never")).toBeNull();
  });

  it("retries a failed final write, logging each failure, and then stores it", async () => {
    const warnings: string[] = [];
    const retrying = failingStore(2, "connection lost", { warn: (_d, msg) => warnings.push(msg), error: () => {} }, { attempts: 4, firstDelayMs: 5 });
    await storePlayedMatch(retrying, "m-flaky", "flaky", ["Ivy", "Jo"], new Date("2026-11-05T10:00:00Z"));
    expect(warnings).toHaveLength(2);
    expect((await store.getEnded("m-flaky"))?.status).toBe("finished");
  });

  it("stores a finished match even when none of the earlier writes reached the database", async () => {
    const played = playOut(fistful, { seed: "late", seats: 2 });
    await store.finishMatch({
      id: "m-late",
      game: "fistful",
      rulesVersion: "1",
      options: {},
      seed: "late",
      createdAt: new Date("2026-10-01T10:00:00Z"),
      startedAt: null,
      finishedAt: new Date("2026-10-01T10:30:00Z"),
      seats: [
        { seat: 0, kind: "human", name: "Mo", playerId: null },
        { seat: 1, kind: "bot", name: "Bot 2", playerId: null },
      ],
      actions: played.log.map((e, index) => ({ index, seat: e.seat, action: e.action, at: new Date() })),
      scores: fistful.scores(played.state)!,
    });
    const detail = (await store.getEnded("m-late"))!;
    expect(fistful.scores(replay(fistful, detail.seed, 2, undefined, detail.actions))).toEqual(detail.scores);
  });

  it("brings an earlier write up to date: seats renamed, stale results gone, stored actions kept, a second finish changes nothing", async () => {
    const played = playOut(fistful, { seed: "repair", seats: 2 });
    const match = { id: "m-repair", game: "fistful", rulesVersion: "1", options: { variant: "base" }, seed: "repair", createdAt: new Date("2026-10-02T10:00:00Z") };
    await store.startMatch({ ...match, status: "waiting", seats: [] }, new Date("2026-10-02T10:01:00Z"), [
      { seat: 0, kind: "human", name: "Old name", tokenHash: null },
      { seat: 1, kind: "human", name: "Rae", tokenHash: null },
    ]);
    // A row already stored stays as it is (the log is the one the table played).
    await store.appendAction("m-repair", { index: 0, seat: 0, action: { type: "stored-first" }, at: new Date("2026-10-02T10:02:00Z") });
    // A result of a seat the match does not have, as a broken earlier write could leave.
    await db.prisma.matchResult.create({ data: { matchId: "m-repair", seat: 7, total: 1, breakdown: {}, tiebreak: [], placement: 3, winner: true } });
    const finished = {
      ...match,
      seats: [
        { seat: 0, kind: "bot" as const, name: "Bot for Old name", playerId: null },
        { seat: 1, kind: "human" as const, name: "Rae", playerId: null },
      ],
      startedAt: new Date("2026-10-02T10:01:00Z"),
      finishedAt: new Date("2026-10-02T10:40:00Z"),
      actions: played.log.map((e, index) => ({ index, seat: e.seat, action: e.action, at: new Date("2026-10-02T10:03:00Z"), byPerson: e.seat === 1 })),
      scores: fistful.scores(played.state)!,
    };
    await store.finishMatch(finished);
    const rows = async () => ({
      match: await db.prisma.match.findUnique({ where: { id: "m-repair" } }),
      seats: await db.prisma.matchSeat.findMany({ where: { matchId: "m-repair" }, orderBy: { seat: "asc" } }),
      actions: await db.prisma.matchAction.findMany({ where: { matchId: "m-repair" }, orderBy: { index: "asc" } }),
      results: await db.prisma.matchResult.findMany({ where: { matchId: "m-repair" }, orderBy: { seat: "asc" } }),
    });
    const first = await rows();
    expect(first.match).toMatchObject({ status: "finished", ownerId: null, options: { variant: "base" }, finishedAt: finished.finishedAt, scoreCategories: finished.scores.categories });
    expect(first.seats.map((seat) => [seat.seat, seat.kind, seat.name])).toEqual([[0, "bot", "Bot for Old name"], [1, "human", "Rae"]]);
    expect(first.actions).toHaveLength(played.log.length);
    expect(first.actions[0]!.action).toEqual({ type: "stored-first" });
    expect(first.actions[1]).toMatchObject({ seat: played.log[1]!.seat, action: played.log[1]!.action, at: new Date("2026-10-02T10:03:00Z"), byPerson: played.log[1]!.seat === 1 });
    expect(first.results.map((line) => line.seat)).toEqual([0, 1]);
    const scores = finished.scores;
    for (const line of scores.lines) {
      expect(first.results[line.seat]).toMatchObject({ total: line.total, breakdown: line.breakdown, tiebreak: line.tiebreak, placement: line.placement, winner: scores.winners.includes(line.seat) });
    }
    await store.finishMatch(finished);
    expect(await rows()).toEqual(first);
  });

  it("leaves a match as it was when the database refuses its finish, and the next finish goes through", async () => {
    const played = playOut(fistful, { seed: "refused", seats: 2 });
    const match = { id: "m-refused", game: "fistful", rulesVersion: "1", options: {}, seed: "refused", createdAt: new Date("2026-10-03T10:00:00Z") };
    await store.startMatch({ ...match, status: "waiting", seats: [] }, new Date("2026-10-03T10:01:00Z"), [
      { seat: 0, kind: "human", name: "Uma", tokenHash: null },
      { seat: 1, kind: "bot", name: "Bot 2", tokenHash: null },
    ]);
    const finished = {
      ...match,
      startedAt: new Date("2026-10-03T10:01:00Z"),
      finishedAt: new Date("2026-10-03T10:30:00Z"),
      actions: played.log.map((e, index) => ({ index, seat: e.seat, action: e.action, at: new Date() })),
      scores: fistful.scores(played.state)!,
    };
    const once = new MatchStore(db.prisma, undefined, { ...finishWay(), retry: { attempts: 1, firstDelayMs: 1 } });
    // A seat naming a player that does not exist: the one statement fails as a whole (a foreign key).
    const broken = [{ seat: 0, kind: "human" as const, name: "Uma", playerId: "no-such-player" }, { seat: 1, kind: "bot" as const, name: "Bot 2", playerId: null }];
    await expect(once.finishMatch({ ...finished, seats: broken })).rejects.toThrow();
    expect(await db.prisma.match.findUnique({ where: { id: "m-refused" } })).toMatchObject({ status: "playing", finishedAt: null });
    expect(await db.prisma.matchAction.count({ where: { matchId: "m-refused" } })).toBe(0);
    expect(await db.prisma.matchResult.count({ where: { matchId: "m-refused" } })).toBe(0);
    // The connection went back to the pool (PGlite's has one): the right finish is stored.
    await once.finishMatch({ ...finished, seats: broken.map((seat) => ({ ...seat, playerId: null })) });
    expect((await store.getEnded("m-refused"))?.actions).toHaveLength(played.log.length);
  });

  it("stores any string a client can send: NUL, lone surrogates, escapes, in names, options and actions", async () => {
    const hostile = ["Nul\u0000l", "half\ud83e", "\u001b[2J\u202eRLO", "%_\\", "'; DROP TABLE \"Match\"; --"];
    const played = playOut(fistful, { seed: "hostile", seats: 2 });
    const playerId = await store.recordPlayer("token-hostile-abcdefgh", hostile[0]!);
    const match = {
      id: "m-hostile",
      game: "fistful",
      rulesVersion: "1",
      options: { "k\u0000ey": ["v\u0000", { deep: "\ud800" }] },
      seed: "hostile",
      createdAt: new Date("2026-09-01T10:00:00Z"),
      seats: [
        { seat: 0, kind: "human" as const, name: hostile[0]!, playerId },
        { seat: 1, kind: "human" as const, name: hostile[1]!, playerId: null },
      ],
    };
    await store.createMatch({ ...match, status: "waiting" });
    await store.updateSeat("m-hostile", { seat: 1, kind: "human", name: hostile[2]!, playerId: null });
    await store.appendAction("m-hostile", { index: 0, seat: 0, action: { type: "x\u0000", note: hostile[3]! }, at: new Date() });
    await store.finishMatch({
      ...match,
      seats: [match.seats[0]!, { ...match.seats[1]!, name: hostile[4]! }],
      startedAt: null,
      finishedAt: new Date("2026-09-01T10:30:00Z"),
      actions: played.log.map((e, index) => ({ index, seat: e.seat, action: e.action, at: new Date() })),
      scores: fistful.scores(played.state)!,
    });
    const detail = (await store.getEnded("m-hostile"))!;
    expect(detail.status).toBe("finished");
    expect(detail.seats.map((s) => s.name)).toEqual(["Null", hostile[4]]);
    expect(detail.options).toEqual({ key: ["v", { deep: "\ufffd" }] });
    expect((await store.listEnded({ player: "Null" })).matches.map((m) => m.id)).toEqual(["m-hostile"]);
    expect((await store.listEnded({ player: "drop table" })).matches.map((m) => m.id)).toEqual(["m-hostile"]);
  });

  it("searches names literally: % and _ are not wildcards", async () => {
    const everyone = (await store.listEnded({ limit: 100 })).matches.length;
    expect(everyone).toBeGreaterThan(2);
    expect((await store.listEnded({ player: "%" })).matches).toEqual([]);
    expect((await store.listEnded({ player: "_" })).matches).toEqual([]);
    expect((await store.listEnded({ player: "\\" })).matches).toEqual([]);
    await storePlayedMatch(store, "m-percent", "percent", ["100%_sure", "Bob"], new Date("2026-08-01T10:00:00Z"));
    expect((await store.listEnded({ player: "0%_s" })).matches.map((m) => m.id)).toEqual(["m-percent"]);
    expect((await store.listEnded({ player: "0%s" })).matches).toEqual([]);
  });

  it("gives up loudly when the writes keep failing", async () => {
    const errors: string[] = [];
    const retrying = failingStore(Infinity, "disk full", { warn: () => {}, error: (_d, msg) => errors.push(msg) }, { attempts: 2, firstDelayMs: 1 });
    await expect(storePlayedMatch(retrying, "m-broken", "broken", ["Kim", "Lu"], new Date())).rejects.toThrow("disk full");
    expect(errors).toHaveLength(1);
  });

  it("stores table chat with the match, keeps a line written twice once, and serves it with the replay", async () => {
    await storePlayedMatch(store, "m-chat", "stored-chat", ["Ann", "Bob"], new Date("2026-11-01T11:00:00Z"));
    const at = Date.parse("2026-11-01T10:59:00Z");
    await store.appendChat("m-chat", [{ index: 0, seat: 0, name: "Ann", move: 0, text: "<b>hi</b> & bye", at }]);
    // NUL and a lone surrogate would make PostgreSQL refuse the write: stored as text it can take.
    await store.appendChat("m-chat", [
      { index: 0, seat: 0, name: "Ann", move: 0, text: "a second write of line 0", at },
      { index: 1, seat: null, name: "Cy\u0000", move: 7, text: "odd \ud800 text\u0000", at: at + 1000 },
    ]);
    const detail = (await store.getEnded("m-chat"))!;
    expect(detail.chat).toEqual([
      { index: 0, seat: 0, name: "Ann", move: 0, text: "<b>hi</b> & bye", at },
      { index: 1, seat: null, name: "Cy", move: 7, text: "odd \ufffd text", at: at + 1000 },
    ]);
  });
});
