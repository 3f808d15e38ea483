/**
 * A crash costs nobody their game: real server processes are killed with SIGKILL in the middle
 * of games with people and bots, started again, and every accepted move is still there; the
 * games go on and end exactly as they would have without the crash. On the embedded PGlite (the
 * default) always, and on PostgreSQL when TEST_DATABASE_URL names a server (required in CI).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scratchPostgres } from "@saloon/db/testing";
import type { MatchDetail } from "@saloon/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { type ServerProcess, SteadyPlayer, deterministicRun, freePort, startServer } from "./process-harness.ts";
import { testGames, token } from "./test-support.ts";

const fistful = testGames.fistful!;

interface Backend {
  name: string;
  /** Versions at which the server is killed (a PGlite start takes seconds: one kill there keeps CI short). */
  kills: number[];
  env(): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: "PGlite (the default)",
    kills: [15],
    async env() {
      const dir = mkdtempSync(join(tmpdir(), "saloon-recovery-"));
      return { env: { PGLITE_DIR: join(dir, "pglite") }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  backends.push({
    name: "PostgreSQL",
    kills: [10, 30],
    async env() {
      const scratch = await scratchPostgres(serverUrl);
      return { env: { DATABASE_URL: scratch.url }, cleanup: () => scratch.drop() };
    },
  });
} else if (process.env.CI) {
  throw new Error("CI needs TEST_DATABASE_URL (a PostgreSQL server) for the recovery tests");
} else {
  console.warn("recovery tests: TEST_DATABASE_URL is not set, so they run on PGlite only");
}

async function fetchMatch(server: ServerProcess, id: string): Promise<MatchDetail> {
  for (let i = 0; i < 100; i++) {
    const answer = await fetch(`http://127.0.0.1:${server.port}/api/matches/${id}`);
    if (answer.status === 200) return (await answer.json()) as MatchDetail;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`match ${id} was never served as ended`);
}

describe.each(backends)("a server killed mid-game on $name", (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it("loses no accepted move, rebuilds every table under its id, and the games end as they would have", async () => {
    const { env, cleanup } = await backend.env();
    cleanups.push(cleanup);
    const port = await freePort();
    // Games slow enough that both tables are still running at the second kill.
    const serverEnv = { ...env, BOT_DELAY_MS: "40", RATE_LIMIT_PER_SECOND: "1000", RATE_LIMIT_BURST: "1000" };
    // A start (and the rebuild after a kill) on CI beside the browser tests once took over 60 s on PGlite.
    const startWaitMs = 150_000;
    let server = await startServer(port, serverEnv, startWaitMs);
    cleanups.push(() => server.kill("SIGKILL"));

    // Table 1: two people and a bot; table 2: one person and a bot.
    const ann = new SteadyPlayer("Ann", token("Ann"), fistful, server.url, 20);
    const bob = new SteadyPlayer("Bob", token("Bob"), fistful, server.url, 20);
    const cy = new SteadyPlayer("Cy", token("Cy"), fistful, server.url, 20);
    const people = [ann, bob, cy];
    cleanups.push(async () => people.forEach((p) => p.stop()));
    // Ann and Cy come back as the web client does, by the SDK's reconnection (seat-return.ts); Bob by joining again.
    ann.returnBySdk = true;
    cy.returnBySdk = true;
    const first = await ann.create({ game: "fistful", seats: 3, bots: [2] });
    await bob.join(first);
    const second = await cy.create({ game: "fistful", seats: 2, bots: [1] });
    for (const person of [ann, cy]) {
      // Tries for as long as a loaded CI machine may take to restart; the first kill may come within the SDK's least uptime.
      person.room!.reconnection.maxRetries = 60;
      person.room!.reconnection.minUptime = 0;
    }
    // Table 3 still waits for its second person at the first kill: it comes back with Wes in his
    // seat, and its game starts when Eve sits down.
    const wes = new SteadyPlayer("Wes", token("Wes"), fistful, server.url, 20);
    cleanups.push(async () => wes.stop());
    const waiting = await wes.create({ game: "fistful", seats: 2 });
    let eve: SteadyPlayer | null = null;

    // Two kills at different moments of the games, each while moves are flowing.
    for (const killAt of backend.kills) {
      await Promise.all(people.map((p) => p.until(() => p.maxSeen >= killAt, `version ${killAt}`)));
      const rejoins = new Map(people.map((p) => [p, p.rejoinedAt.length]));
      await server.kill("SIGKILL");
      const seen = new Map([
        [first, Math.max(ann.maxSeen, bob.maxSeen)],
        [second, cy.maxSeen],
      ]);
      server = await startServer(port, serverEnv, startWaitMs);
      const rebuilt = server.logs.find((line) => line.msg === "running games rebuilt");
      expect(rebuilt?.rebuilt).toBe(3);
      // Back at their tables, each person finds at least every move anyone had seen accepted.
      for (const [person, table] of [
        [ann, first],
        [bob, first],
        [cy, second],
      ] as const) {
        await person.until(() => person.rejoinedAt.length > rejoins.get(person)!, `${person.name} back at the table`);
        expect(person.rejoinedAt.at(-1)!, `${person.name}: an accepted move was lost`).toBeGreaterThanOrEqual(seen.get(table)!);
        expect(person.room?.roomId).toBe(table);
      }
      if (!eve) {
        await wes.until(() => wes.rejoinedAt.length > 1, "Wes back at the waiting table");
        expect(wes.room?.roomId).toBe(waiting);
        expect(wes.seat).toBe(0);
        expect(wes.latest?.status).toBe("waiting");
        eve = new SteadyPlayer("Eve", token("Eve"), fistful, server.url, 20);
        await eve.join(waiting);
        const joined = eve;
        await joined.until(() => joined.seat === 1 && joined.latest?.status === "playing", "Eve in seat 1 and the game started");
        people.push(wes, eve);
      }
    }

    // Each crash brought Ann and Cy back in one WebSocket, to the same SDK room; Bob joined again by id.
    expect([ann.sdkReturns, cy.sdkReturns, bob.sdkReturns]).toEqual([backend.kills.length, backend.kills.length, 0]);
    expect(ann.rejoinAttempts + cy.rejoinAttempts).toBe(0);
    await Promise.all(people.map((p) => p.until(() => p.latest?.status === "finished", "the end", 60_000)));
    for (const [table, seats, bots] of [
      [first, 3, [2]],
      [second, 2, [1]],
      [waiting, 2, []],
    ] as const) {
      const stored = await fetchMatch(server, table);
      const expected = deterministicRun(fistful, stored.seed, seats, stored.options, [...bots]);
      expect(stored.actions.map((a) => ({ seat: a.seat, action: a.action }))).toEqual(expected.actions);
      expect(stored.scores).toEqual(expected.scores);
    }
    people.forEach((p) => p.stop());

    // A clean stop (SIGTERM) drains every queued write too; a game started after it is not lost.
    const dan = new SteadyPlayer("Dan", token("Dan"), fistful, server.url, 20);
    people.push(dan);
    const third = await dan.create({ game: "fistful", seats: 2, bots: [1] });
    await dan.until(() => dan.maxSeen >= 10, "version 10");
    await server.kill("SIGTERM");
    const seenBeforeStop = dan.maxSeen;
    server = await startServer(port, serverEnv, startWaitMs);
    await dan.until(() => dan.rejoinedAt.length > 1, "Dan back at the table");
    expect(dan.rejoinedAt.at(-1)!).toBeGreaterThanOrEqual(seenBeforeStop);
    expect(dan.room?.roomId).toBe(third);
    dan.stop();
    await server.kill("SIGTERM");
    // On CI, beside the browser tests, the PGlite case took 106 and 155 s (20 s on a quiet machine).
  }, 300_000);
});
