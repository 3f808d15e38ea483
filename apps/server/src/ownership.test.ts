/**
 * A table never runs twice. A process that loses a table (another process claimed its match,
 * or its own lease ran out because the database did not answer the renewal) stops its copy at
 * once: the people there are sent off with "moved", nothing more is stored for it, and the game
 * is neither ended nor abandoned. When the lease comes back the table is rebuilt and goes on.
 * Runs the server in this process with Redis (several processes share a database only with
 * Redis; TEST_REDIS_URL, default redis://127.0.0.1:6379/8): skipped with a message where Redis
 * is absent, required in CI.
 */
import { matchMaker } from "@colyseus/core";
import type { ColyseusTestServer } from "@colyseus/testing";
import { type MatchStore, TableOwnership } from "@saloon/db";
import { CLOSE_CODES, TABLE_ROOM } from "@saloon/protocol";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { SaloonServer } from "./app.ts";
import { reachable } from "./process-harness.ts";
import { redisParts } from "./redis-parts.ts";
import { autoPlay, bootTestServer, record, sleep, testGames, token } from "./test-support.ts";

const fistful = testGames.fistful!;
const redisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379/8";
const redis = new URL(redisUrl);
const redisUp = await reachable(redis.hostname, Number(redis.port || 6379));
if (!redisUp) {
  if (process.env.CI) throw new Error(`CI needs Redis at ${redis.host} for the ownership tests`);
  console.warn(`ownership tests skipped: no Redis at ${redis.host}`);
}

// Long enough that a renewal on a busy machine (PGlite in memory, shared cores) lands in time.
const LEASE_MS = 2000;
/**
 * How long a wait for the table (its start, its moves, its copy closing, its rebuild) may take.
 * The server's tests run beside every other project on two cores (scripts/test.mjs): there a
 * table's start, which waits for its row in the in-memory PGlite, took over 15 s.
 */
const LOADED_WAIT_MS = 40_000;
/** For a test that waits for a table to run and then for it to be rebuilt. */
const LOADED_TEST_MS = 60_000;

describe.skipIf(!redisUp)("a process that loses a table", () => {
  let colyseus: ColyseusTestServer & { store: MatchStore; saloon: SaloonServer };
  beforeAll(async () => {
    colyseus = await bootTestServer({
      redis: await redisParts(redisUrl),
      botDelayMs: 30,
      rateLimit: { perSecond: 1000, burst: 1000 },
      ownership: { leaseMs: LEASE_MS, renewMs: 200, scanMs: 200 },
    });
  });
  afterAll(async () => {
    await colyseus?.shutdown();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Ann and a bot at a running Fistful table, Ann playing as the bot would. */
  async function runningTable(name: string) {
    const annToken = token(name);
    const ann = await record(name, colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, bots: [1], name, token: annToken }));
    const stop = autoPlay(ann, fistful);
    await ann.until(() => ann.latest.version >= 6, `6 moves (at ${ann.latest.status} ${ann.latest.version}${ann.left ? `, sent off: ${ann.left.code}` : ""})`, LOADED_WAIT_MS);
    return { ann, annToken, stop, tableId: ann.room.roomId };
  }

  const storedActions = (tableId: string) => colyseus.store.prisma.matchAction.count({ where: { matchId: tableId } });
  const stored = (tableId: string) => colyseus.store.prisma.match.findUnique({ where: { id: tableId } });

  it("stops its copy when another process has claimed the match, and stores nothing more for it", async () => {
    const { ann, stop, tableId } = await runningTable("Ann");
    // Another process, alive, takes the match over (as its keeper would after a missed renewal).
    const other = new TableOwnership(colyseus.store.prisma, "another-process");
    await other.renew(60_000);
    // As a claim does: the row locked FOR UPDATE first (that is what waits for a batch in flight).
    await colyseus.store.prisma.$transaction([
      colyseus.store.prisma.$queryRaw`SELECT "id" FROM "Match" WHERE "id" = ${tableId} FOR UPDATE`,
      colyseus.store.prisma.match.update({ where: { id: tableId }, data: { ownerId: "another-process" } }),
    ]);

    await ann.until(() => ann.left, "the copy to close", LOADED_WAIT_MS);
    stop();
    expect(ann.left?.code).toBe(CLOSE_CODES.moved);
    expect(colyseus.getRoomById(tableId)).toBeUndefined();
    const count = await storedActions(tableId);
    await sleep(300);
    expect(await storedActions(tableId)).toBe(count);
    // The game goes on where it is owned now: this copy neither ended nor abandoned it.
    expect(await stored(tableId)).toMatchObject({ status: "playing", ownerId: "another-process" });
    await other.release();
  }, LOADED_TEST_MS);

  it("stops every table when its lease cannot be renewed, then rebuilds them once it can", async () => {
    const { ann, annToken, stop, tableId } = await runningTable("Bea");
    // The database stops answering the renewals (everything else still works).
    const renew = vi.spyOn(TableOwnership.prototype, "renew").mockRejectedValue(new Error("connect ECONNREFUSED 127.0.0.1:5432"));
    const failedAt = Date.now();
    await ann.until(() => ann.left, "the table to stop", LEASE_MS + 2000);
    stop();
    expect(ann.left?.code).toBe(CLOSE_CODES.moved);
    expect(Date.now() - failedAt).toBeLessThanOrEqual(LEASE_MS + 1000);
    const count = await storedActions(tableId);
    // Without a lease the process takes no table, not even its own back.
    await sleep(400);
    expect(colyseus.getRoomById(tableId)).toBeUndefined();
    expect(await storedActions(tableId)).toBe(count);
    expect((await stored(tableId))?.status).toBe("playing");

    // The database answers again: the table is handed back, rebuilt, and Bea plays on.
    renew.mockRestore();
    let back: Awaited<ReturnType<typeof record>> | null = null;
    const deadline = Date.now() + LOADED_WAIT_MS;
    while (!back && Date.now() < deadline) {
      back = await record("Bea again", colyseus.sdk.joinById(tableId, { name: "Bea", token: annToken })).catch(() => sleep(100).then(() => null));
    }
    if (!back) throw new Error("the table never came back");
    expect(back.seat).toBe(0);
    // Rebuilt from the store with every move stored before the stop (the bot may have moved once since).
    expect(back.snapshots[0]!.version).toBeGreaterThanOrEqual(count);
    expect(back.snapshots[0]!.version).toBeLessThanOrEqual(count + 1);
    const again = autoPlay(back, fistful);
    await back.untilVersion(count + 2, LOADED_WAIT_MS);
    again();
    expect((await stored(tableId))?.ownerId).toBe(matchMaker.processId);
  }, LOADED_TEST_MS);
});
