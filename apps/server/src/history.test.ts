import type { ColyseusTestServer } from "@colyseus/testing";
import { MatchStore } from "@saloon/db";
import { testDatabases } from "@saloon/db/testing";
import { replay } from "@saloon/engine";
import { type MatchDetail, type MatchPage, TABLE_ROOM, decodeResult } from "@saloon/protocol";
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

    // While the game runs, neither the seed nor the log is served.
    await ann.until(() => ann.snapshots.at(-1)?.status === "playing", "the start");
    expect((await getJson(colyseus, `/api/matches/${matchId}`)).status).toBe(404);
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
  });

  it("answers bad history queries with a typed 400", async () => {
    const bad = await getJson<{ error: string }>(colyseus, "/api/matches?limit=1000");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/limit/);
    expect((await getJson(colyseus, "/api/matches?sort=evil")).status).toBe(400);
  });

  it("records a table abandoned before its end as such, never as finished", async () => {
    const cy = await record("Cy", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, bots: [1], name: "Cy", token: token("Cy") }));
    const matchId = cy.room.roomId;
    await cy.until(() => cy.snapshots.at(-1)?.status === "playing", "the start");
    await cy.room.leave();
    let status: string | undefined;
    for (let i = 0; i < 100 && status !== "abandoned"; i++) {
      status = (await db.prisma.match.findUnique({ where: { id: matchId } }))?.status;
      if (status !== "abandoned") await new Promise((done) => setTimeout(done, 50));
    }
    expect(status).toBe("abandoned");
    expect((await getJson(colyseus, `/api/matches/${matchId}`)).status).toBe(404);
  });
});
