import { playOut, replay } from "@saloon/engine";
import { fistful } from "@saloon/fistful";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MatchStore } from "./match-store.ts";
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

describe.each(testDatabases())("match store on $name", (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let store: MatchStore;

  beforeAll(async () => {
    db = await database.open();
    store = new MatchStore(db.prisma);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("applied the migrations on open, and re-applying is a no-op", async () => {
    expect(db.applied).toEqual([expect.stringMatching(/_init$/)]);
    const tables = await db.prisma.$queryRawUnsafe<{ tablename: string }[]>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    expect(tables.map((t) => t.tablename)).toEqual(["Match", "MatchAction", "MatchResult", "MatchSeat", "Player", "_prisma_migrations"]);
  });

  it("stores a finished game whose replay ends with exactly the stored scores", async () => {
    const played = await storePlayedMatch(store, "m-replay", "stored-1", ["Ann", "Bob", "Cy"], new Date("2026-11-01T10:00:00Z"));
    const detail = (await store.getFinished("m-replay"))!;
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
    const all = await store.listFinished({});
    expect(all.matches.map((m) => m.id)).toEqual(["m-c", "m-b", "m-a", "m-replay"]);
    expect((await store.listFinished({ player: "dora" })).matches.map((m) => m.id)).toEqual(["m-c", "m-a"]);
    expect((await store.listFinished({ game: "el-paso" })).matches).toEqual([]);

    const first = await store.listFinished({ limit: 3 });
    expect(first.matches.map((m) => m.id)).toEqual(["m-c", "m-b", "m-a"]);
    const second = await store.listFinished({ limit: 3, cursor: first.nextCursor! });
    expect(second.matches.map((m) => m.id)).toEqual(["m-replay"]);
    expect(second.nextCursor).toBeNull();
    const seat = all.matches[0]!.seats[0]!;
    expect(seat).toMatchObject({ name: "Gus", kind: "human" });
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
    expect(await store.getFinished("m-running")).toBeNull();
    expect((await store.listFinished({ player: "Hal" })).matches).toEqual([]);
    expect(await store.getFinished("no-such-match")).toBeNull();
  });

  it("retries a failed final write, logging each failure, and then stores it", async () => {
    const warnings: string[] = [];
    let failuresLeft = 2;
    // A client whose first two transactions fail, as with a dropped connection.
    const flaky = new Proxy(db.prisma, {
      get(target, key, receiver) {
        if (key === "$transaction") {
          return (...args: unknown[]) => {
            if (failuresLeft-- > 0) return Promise.reject(new Error("connection lost"));
            return (target.$transaction as (...a: unknown[]) => unknown)(...args);
          };
        }
        return Reflect.get(target, key, receiver);
      },
    });
    const retrying = new MatchStore(flaky, { warn: (_d, msg) => warnings.push(msg), error: () => {} }, { attempts: 4, firstDelayMs: 5 });
    await storePlayedMatch(retrying, "m-flaky", "flaky", ["Ivy", "Jo"], new Date("2026-11-05T10:00:00Z"));
    expect(warnings).toHaveLength(2);
    expect((await store.getFinished("m-flaky"))?.status).toBe("finished");
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
    const detail = (await store.getFinished("m-late"))!;
    expect(fistful.scores(replay(fistful, detail.seed, 2, undefined, detail.actions))).toEqual(detail.scores);
  });

  it("gives up loudly when the writes keep failing", async () => {
    const errors: string[] = [];
    const broken = new Proxy(db.prisma, {
      get(target, key, receiver) {
        if (key === "$transaction") return () => Promise.reject(new Error("disk full"));
        return Reflect.get(target, key, receiver);
      },
    });
    const retrying = new MatchStore(broken, { warn: () => {}, error: (_d, msg) => errors.push(msg) }, { attempts: 2, firstDelayMs: 1 });
    await expect(storePlayedMatch(retrying, "m-broken", "broken", ["Kim", "Lu"], new Date())).rejects.toThrow("disk full");
    expect(errors).toHaveLength(1);
  });
});
