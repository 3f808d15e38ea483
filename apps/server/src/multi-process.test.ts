/**
 * Two real server processes sharing PostgreSQL and Redis: one lobby, matchmaking that lands on
 * whichever process holds a table (players and spectators alike), and when one process dies
 * the other rebuilds its tables within 10 s and the games go on to the end they would have had.
 * Needs TEST_DATABASE_URL and Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379/7):
 * skipped with a message where they are absent, required in CI.
 */
import { Client } from "@colyseus/sdk";
import { scratchPostgres } from "@saloon/db/testing";
import { LOBBY_MESSAGES, type LobbyEntry, type MatchDetail, type TableSnapshot } from "@saloon/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { type ServerProcess, SteadyPlayer, deterministicRun, freePort, reachable, startServer } from "./process-harness.ts";
import { testGames, token } from "./test-support.ts";

const fistful = testGames.fistful!;
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379/7";
const redis = new URL(redisUrl);
const redisUp = await reachable(redis.hostname, Number(redis.port || 6379));
const missing = [!databaseUrl && "TEST_DATABASE_URL (PostgreSQL)", !redisUp && `Redis at ${redis.host}`].filter(Boolean);
if (missing.length > 0) {
  if (process.env.CI) throw new Error(`CI needs ${missing.join(" and ")} for the two-process tests`);
  console.warn(`two-process tests skipped: no ${missing.join(" and no ")}`);
}

describe.skipIf(missing.length > 0)("two server processes sharing PostgreSQL and Redis", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it("share the lobby and matchmaking, and the survivor takes over a dead process's tables within 10 s", async () => {
    const scratch = await scratchPostgres(databaseUrl!);
    cleanups.push(() => scratch.drop());
    const [portA, portB] = [await freePort(), await freePort()];
    const env = (port: number) => ({
      DATABASE_URL: scratch.url,
      REDIS_URL: redisUrl,
      PUBLIC_ADDRESS: `127.0.0.1:${port}`,
      BOT_DELAY_MS: "40",
      RATE_LIMIT_PER_SECOND: "1000",
      RATE_LIMIT_BURST: "1000",
    });
    const a: ServerProcess = await startServer(portA, env(portA));
    cleanups.push(() => a.kill("SIGKILL"));
    const b: ServerProcess = await startServer(portB, env(portB));
    cleanups.push(() => b.kill("SIGKILL"));

    // The lobby on B hears of a table created on A.
    const lobby = await new Client(b.url).joinOrCreate("lobby", { filter: { name: "table" } });
    const listed = new Map<string, LobbyEntry>();
    lobby.onMessage(LOBBY_MESSAGES.rooms, (rooms: LobbyEntry[]) => rooms.forEach((r) => listed.set(r.roomId, r)));
    lobby.onMessage(LOBBY_MESSAGES.added, ([id, entry]: [string, LobbyEntry]) => listed.set(id, entry));
    lobby.reconnection.enabled = false;
    // Its process may be the one killed below: nothing to wait for then.
    cleanups.push(async () => void lobby.leave(false).catch(() => undefined));

    const ann = new SteadyPlayer("Ann", token("Ann"), fistful, a.url, 20);
    cleanups.push(async () => ann.stop());
    const tableId = await ann.create({ game: "fistful", seats: 3, bots: [2] });
    // The matchmaker puts a new table on the process with the fewest rooms: either one.
    await Promise.race([a, b].map((p) => p.waitForLog((line) => line.table === tableId && line.msg === "table created", "the table", 5000).catch(() => undefined)));
    const [owner, other] = a.logs.some((line) => line.table === tableId && line.msg === "table created") ? [a, b] : [b, a];
    // Bob and a spectator ask the other process; the matchmaker sends them to the owner.
    const bob = new SteadyPlayer("Bob", token("Bob"), fistful, other.url, 20);
    cleanups.push(async () => bob.stop());
    await bob.join(tableId);
    await owner.waitForLog((line) => line.table === tableId && line.name === "Bob" && line.msg === "seat taken", "Bob seated on the owner", 5000);
    const spectator = await new Client(other.url).joinById(tableId, { spectate: true });
    spectator.reconnection.enabled = false;
    const watched: TableSnapshot[] = [];
    spectator.onStateChange((state) => watched.push((state as unknown as { toJSON(): TableSnapshot }).toJSON()));
    spectator.onMessage("*", () => undefined);
    await ann.until(() => listed.get(tableId)?.metadata.status === "playing" && ann.maxSeen >= 12, "the lobby on B listing the running table, and 12 moves");
    expect(watched.length).toBeGreaterThan(0);

    // The owner dies; the other notices its lease run out and rebuilds the table.
    const rejoins = ann.rejoinedAt.length;
    const killedAt = Date.now();
    const seen = Math.max(ann.maxSeen, bob.maxSeen);
    await owner.kill("SIGKILL");
    ann.moveTo(other.url);
    bob.moveTo(other.url);
    await other.waitForLog((line) => line.msg === "tables taken over" && (line.rebuilt as number) >= 1, "the takeover", 15_000);
    const takeoverMs = Date.now() - killedAt;
    expect(takeoverMs).toBeLessThanOrEqual(10_000);
    await ann.until(() => ann.rejoinedAt.length > rejoins, "Ann back at the table on the survivor");
    expect(ann.rejoinedAt.at(-1)!).toBeGreaterThanOrEqual(seen);

    await Promise.all([ann, bob].map((p) => p.until(() => p.latest?.status === "finished", "the end", 60_000)));
    const detail = (await (await fetch(`http://127.0.0.1:${other.port}/api/matches/${tableId}`)).json()) as MatchDetail;
    const expected = deterministicRun(fistful, detail.seed, 3, detail.options, [2]);
    expect(detail.actions.map((x) => ({ seat: x.seat, action: x.action }))).toEqual(expected.actions);
    expect(detail.scores).toEqual(expected.scores);
    console.info(`two-process takeover: table back on the surviving process ${takeoverMs} ms after SIGKILL`);
  }, 120_000);
});
