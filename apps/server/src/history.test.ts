import type { ColyseusTestServer } from "@colyseus/testing";
import { MatchStore } from "@saloon/db";
import { testDatabases } from "@saloon/db/testing";
import { replay } from "@saloon/engine";
import { type MatchDetail, type MatchPage, type MyTable, TABLE_ROOM, decodeResult } from "@saloon/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autoPlay, bootTestServer, httpBase, record, testGames, testLogger, token } from "./test-support.ts";

const fistful = testGames.fistful!;

async function getJson<T>(colyseus: ColyseusTestServer, path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${httpBase(colyseus)}${path}`);
  return { status: response.status, body: (await response.json()) as T };
}

describe.each(testDatabases())("match history on $name", (database) => {
  let colyseus: ColyseusTestServer & { store: MatchStore };
  let db: Awaited<ReturnType<typeof database.open>>;

  beforeAll(async () => {
    db = await database.open();
    colyseus = await bootTestServer({ store: new MatchStore(db.prisma, testLogger) });
  });
  afterAll(async () => {
    await colyseus?.shutdown();
    await db?.drop();
  });

  it("stores a game played at a table, serves it once finished, and its replay ends with the stored scores", async () => {
    const ann = await record("Ann", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, bots: [1], name: "Ann", token: token("Ann") }));
    const matchId = ann.room.roomId;

    // While the game runs, neither the seed nor the log is served: only "not ended yet" (409),
    // which a client tells from a bad link (404) so that it asks again only for a real table.
    await ann.until(() => ann.snapshots.at(-1)?.status === "playing", "the start");
    const running = await getJson<Record<string, unknown>>(colyseus, `/api/matches/${matchId}`);
    expect(running).toEqual({ status: 409, body: { error: "this match has not ended yet" } });
    expect(await getJson(colyseus, `/api/matches/${matchId}x`)).toEqual({ status: 404, body: { error: "no match with that id" } });
    expect((await getJson(colyseus, "/api/matches/no-such-match")).status).toBe(404);
    expect((await getJson<MatchPage>(colyseus, "/api/matches")).body.matches.map((m) => m.id)).not.toContain(matchId);

    autoPlay(ann, fistful);
    const end = await ann.until(() => ann.snapshots.find((s) => s.status === "finished"), "the end", 30_000);
    const tableResult = decodeResult(end)!;
    await ann.room.leave();

    // The result is written in the background; wait for it to land.
    let detail: MatchDetail | undefined;
    for (let i = 0; i < 100 && !detail; i++) {
      const answer = await getJson<MatchDetail>(colyseus, `/api/matches/${matchId}`);
      if (answer.status === 200) detail = answer.body;
      else await new Promise((done) => setTimeout(done, 50));
    }
    expect(detail).toBeDefined();
    expect(detail!.game).toBe("fistful");
    expect(detail!.seats.map((s) => [s.name, s.kind])).toEqual([
      ["Ann", "human"],
      ["Bot 2", "bot"],
    ]);
    expect(detail!.actions.map((a) => a.index)).toEqual(detail!.actions.map((_, i) => i));
    expect(detail!.actions.length).toBe(end.version);
    expect(detail!.scores).toEqual(tableResult);
    // Rebuilt by the same engine from seed + log: exactly the stored scores.
    const rebuilt = replay(fistful, detail!.seed, detail!.seats.length, detail!.options, detail!.actions);
    expect(fistful.scores(rebuilt)).toEqual(detail!.scores);

    const page = await getJson<MatchPage>(colyseus, "/api/matches?game=fistful&player=ann");
    expect(page.body.matches.map((m) => m.id)).toEqual([matchId]);
    expect(page.body.matches[0]!.seats[0]).toMatchObject({ name: "Ann", total: tableResult.lines[0]!.total });
    // The listing carries no seed and no log.
    expect(JSON.stringify(page.body)).not.toContain(detail!.seed);
    expect((await getJson<MatchPage>(colyseus, "/api/matches?player=nobody")).body.matches).toEqual([]);
    // A whole game with every action committed: 7-14 s on CI, once over the suite's 20 s (its own
    // wait for the end allows 30 s).
  }, 60_000);

  it("answers bad history queries with a typed 400", async () => {
    const bad = await getJson<{ error: string }>(colyseus, "/api/matches?limit=1000");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/limit/);
    expect((await getJson(colyseus, "/api/matches?sort=evil")).status).toBe(400);
  });

  it("records a table abandoned before its end as such, never as finished, and serves its log once it can never go on", async () => {
    // No grace period: once Cy is gone there is nobody left to play on.
    const cy = await record("Cy", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, bots: [1], graceSeconds: 0, name: "Cy", token: token("Cy") }));
    const matchId = cy.room.roomId;
    await cy.until(() => cy.snapshots.at(-1)?.status === "playing", "the start");
    await cy.room.leave();
    let status: string | undefined;
    for (let i = 0; i < 100 && status !== "abandoned"; i++) {
      status = (await db.prisma.match.findUnique({ where: { id: matchId } }))?.status;
      if (status !== "abandoned") await new Promise((done) => setTimeout(done, 50));
    }
    expect(status).toBe("abandoned");
    const detail = await getJson<MatchDetail>(colyseus, `/api/matches/${matchId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ status: "abandoned", endReason: "all-left", scores: null });
  });

  it("finds the running games a guest sits at by their token, and nobody else's", async () => {
    const danToken = token("Dan");
    const dan = await record("Dan", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, bots: [1], name: "Dan", token: danToken }));
    await dan.until(() => dan.snapshots.at(-1)?.status === "playing", "the start");
    const mine = async (guest: string | null) => {
      const response = await fetch(`${httpBase(colyseus)}/api/my-tables`, { headers: guest === null ? {} : { "x-guest-token": guest } });
      return { status: response.status, body: (await response.json()) as MyTable[] };
    };
    const found = await mine(danToken);
    expect(found.status).toBe(200);
    expect(found.body).toEqual([expect.objectContaining({ id: dan.room.roomId, game: "fistful", status: "playing", seat: 0 })]);
    expect(found.body[0]!.seats.map((s) => s.name)).toEqual(["Dan", "Bot 2"]);
    expect(JSON.stringify(found.body)).not.toContain(danToken);
    expect((await mine(token("Eve"))).body).toEqual([]);
    expect((await mine(null)).status).toBe(400);
    expect((await mine("short")).status).toBe(400);
  });
});
