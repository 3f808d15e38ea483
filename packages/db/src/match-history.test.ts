/**
 * The history reads (listEnded, getEnded, tablesOf, exists) over a varied set of matches, on every
 * test database and both finishing ways. Every answer is compared with the file snapshot
 * __snapshots__/history-reads.txt, recorded from the Prisma ORM reads these replaced (one shared
 * file: every setup must give the same answers, key order included), and the main points are
 * also spelled out here. A match that has not ended (running, waiting, abandoned before its
 * start) must never show its seed or log.
 */
import type { ScoreLine } from "@saloon/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FinishedMatch, MatchStore } from "./match-store.ts";
import { hashToken } from "./match-store.ts";
import { testDatabases } from "./test-databases.ts";

const setups = testDatabases().flatMap((database) => (["Prisma", "the pool"] as const).map((way) => ({ ...database, way })));

/** 1 Nov 2026, 12:mm:ss.ms UTC. */
const at = (minute: number, ms = 0) => new Date(Date.UTC(2026, 10, 1, 12, minute, 0, ms));
const ANN = "ann-token-abcdefgh";
const BOB = "bob-token-abcdefgh";
const line = (seat: number, total: number, placement: number, breakdown: Record<string, number> = { points: total }): ScoreLine => ({ seat, total, breakdown, tiebreak: [total, seat], placement });

/** Stores the matches; returns the ids of every match, ended or not. */
async function storeMatches(store: MatchStore): Promise<string[]> {
  const annId = await store.recordPlayer(ANN, "Ann");
  const base = { rulesVersion: "7", options: {}, seats: [] };
  const finish = (match: Omit<FinishedMatch, "rulesVersion" | "options" | "seed" | "createdAt"> & Partial<FinishedMatch>) =>
    store.finishMatch({ rulesVersion: "7", options: {}, seed: `seed-${match.id}`, createdAt: new Date(match.finishedAt.getTime() - 3_600_000), ...match });

  // Finished, with scores whose lines come out of seat order and miss seat 1, breakdown keys in
  // another order than JSONB keeps them, actions and chat written out of order.
  await finish({
    id: "h-f1",
    game: "fistful",
    options: { variant: "x", z: [1, { b: 2, a: 1 }] },
    createdAt: at(0, 7),
    startedAt: at(1, 999),
    finishedAt: at(50, 123),
    seats: [
      { seat: 0, kind: "human", name: "Ann", playerId: annId },
      { seat: 1, kind: "bot", name: "Bot 2", playerId: null },
      { seat: 2, kind: "human", name: "100%_sure", playerId: null },
    ],
    actions: [2, 0, 3, 1].map((index) => ({ index, seat: index % 3, action: { type: "move", b: index, aa: [index] }, at: at(10 + index, index * 111), byPerson: index === 0 })),
    scores: {
      categories: ["gold", "wanted", "a"],
      lines: [line(2, 8, 1, { gold: 5, wanted: 2, a: 1 }), line(0, 8, 1, { gold: 6, wanted: 1, a: 1 })],
      winners: [2, 0],
    },
  });
  await store.appendChat("h-f1", [{ index: 1, seat: null, name: "Watcher", move: 3, text: "gg", at: at(49, 5).getTime() }]);
  await store.appendChat("h-f1", [{ index: 0, seat: 0, name: "Ann", move: 0, text: "hi <b>all</b> \u00e9", at: at(2).getTime() }]);

  // Finished at the same time as h-f3 is abandoned (ordered by id then), names to search literally.
  await finish({
    id: "h-f2",
    game: "el-paso",
    startedAt: at(5),
    finishedAt: at(40),
    seats: ["back\\slash", "Zoë", "ÉMILE", "Ann"].map((name, seat) => ({ seat, kind: "human" as const, name, playerId: seat === 3 ? annId : null })),
    actions: [{ index: 0, seat: 0, action: { type: "pass" }, at: at(6) }],
    scores: { categories: ["points"], lines: [line(0, 3, 2), line(1, 9, 1), line(2, 1, 4), line(3, 2, 3)], winners: [1] },
  });

  // Abandoned after its start, with its log and chat: served, without scores.
  const started = [
    { seat: 0, kind: "human" as const, name: "Bob", tokenHash: hashToken(BOB) },
    { seat: 1, kind: "bot" as const, name: "Bot 2", tokenHash: null },
  ];
  await store.startMatch({ ...base, id: "h-f3", game: "fistful", seed: "seed-h-f3", status: "waiting", createdAt: at(3) }, at(4), started);
  await store.appendAction("h-f3", { index: 0, seat: 1, action: { type: "sign", at: "T1" }, at: at(7, 1) });
  await store.appendAction("h-f3", { index: 1, seat: 0, action: { type: "draw" }, at: at(8, 2), byPerson: true });
  await store.appendChat("h-f3", [{ index: 0, seat: 0, name: "Bob", move: 1, text: "bye", at: at(9).getTime() }]);
  await store.markAbandoned("h-f3", "ended-by-players", at(40));

  // Abandoned after a start marked on its own, no log at all.
  await store.createMatch({ ...base, id: "h-g1", game: "el-gaucho", seed: "seed-h-g1", status: "waiting", createdAt: at(20), seats: [{ seat: 0, kind: "human", name: "Cleo", playerId: null }] });
  await store.markStarted("h-g1", at(21));
  await store.markAbandoned("h-g1", "all-left", at(30));

  // Not ended: abandoned before its start, waiting, running (one with no start time).
  await store.createMatch({ ...base, id: "h-never", game: "fistful", seed: "secret-never", status: "waiting", createdAt: at(1), seats: [{ seat: 0, kind: "human", name: "Ann", playerId: annId }] });
  await store.markAbandoned("h-never", "all-left", at(2));
  await store.createMatch({ ...base, id: "h-waiting", game: "fistful", seed: "secret-waiting", status: "waiting", createdAt: at(1), seats: [{ seat: 0, kind: "human", name: "Ann", playerId: annId }] });
  await store.createMatch({ ...base, id: "h-run0", game: "el-paso", seed: "secret-run0", status: "playing", createdAt: at(1), seats: [{ seat: 0, kind: "human", name: "Ann", playerId: annId }] });
  // Ann in two seats: her seat is the first.
  await store.startMatch({ ...base, id: "h-run1", game: "fistful", seed: "secret-run1", status: "waiting", createdAt: at(1) }, at(20), [
    { seat: 0, kind: "bot", name: "Bot 1", tokenHash: null },
    { seat: 1, kind: "human", name: "Ann", tokenHash: hashToken(ANN) },
    { seat: 2, kind: "human", name: "Bob", tokenHash: hashToken(BOB) },
    { seat: 3, kind: "human", name: "Ann", tokenHash: hashToken(ANN) },
  ]);
  await store.appendAction("h-run1", { index: 0, seat: 1, action: { type: "secret" }, at: at(21) });
  await store.startMatch({ ...base, id: "h-run2", game: "fistful", seed: "secret-run2", status: "waiting", createdAt: at(1) }, at(25), [
    { seat: 1, kind: "human", name: "Bob", tokenHash: hashToken(BOB) },
    { seat: 0, kind: "human", name: "Ann", tokenHash: hashToken(ANN) },
  ]);

  // Enough older matches for more than one default page (20), in pairs finished at the same time.
  const fillers = Array.from({ length: 18 }, (_, i) => `h-z${String(i).padStart(2, "0")}`);
  for (const [i, id] of fillers.entries()) {
    await finish({
      id,
      game: "fistful",
      startedAt: null,
      finishedAt: new Date(Date.UTC(2026, 9, 1, 0, Math.floor(i / 2))),
      seats: [
        { seat: 0, kind: "human", name: `Filler ${i}`, playerId: null },
        { seat: 1, kind: "bot", name: "Bot 2", playerId: null },
      ],
      actions: [],
      scores: { categories: ["points"], lines: [line(0, i, 1), line(1, 0, 2)], winners: [0] },
    });
  }
  return ["h-f1", "h-f2", "h-f3", "h-g1", "h-never", "h-waiting", "h-run0", "h-run1", "h-run2", ...fillers];
}

/** Every page of a listing, following the cursors. */
async function pages(store: MatchStore, query: Parameters<MatchStore["listEnded"]>[0]) {
  const all = [await store.listEnded(query)];
  while (all.at(-1)!.nextCursor && all.length < 40) all.push(await store.listEnded({ ...query, cursor: all.at(-1)!.nextCursor! }));
  return all;
}

const cursorOf = (text: string) => Buffer.from(text).toString("base64url");
const FILLERS_NEWEST_FIRST = ["h-z17", "h-z16", "h-z15", "h-z14", "h-z13", "h-z12", "h-z11", "h-z10", "h-z09", "h-z08", "h-z07", "h-z06", "h-z05", "h-z04", "h-z03", "h-z02", "h-z01", "h-z00"];
const ENDED_NEWEST_FIRST = ["h-f1", "h-f3", "h-f2", "h-g1", ...FILLERS_NEWEST_FIRST];

describe.each(setups)("history reads on $name, finishing through $way", (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let store: MatchStore;
  let ids: string[];

  beforeAll(async () => {
    db = await database.open();
    store = new MatchStore(db.prisma, undefined, database.way === "the pool" ? { pool: db.pool! } : {});
    ids = await storeMatches(store);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("lists only ended matches, newest first then by id, with every filter, bound and cursor", async () => {
    const listed = (page: { matches: { id: string }[] }) => page.matches.map((m) => m.id);
    expect(listed(await store.listEnded({ limit: 1000 }))).toEqual(ENDED_NEWEST_FIRST);
    const first = await store.listEnded({});
    expect(listed(first)).toEqual(ENDED_NEWEST_FIRST.slice(0, 20));
    expect(listed(await store.listEnded({ cursor: first.nextCursor! }))).toEqual(ENDED_NEWEST_FIRST.slice(20));
    // One match a page: every boundary, ties on finishedAt included.
    const single = await pages(store, { limit: 1 });
    expect(single.flatMap(listed)).toEqual(ENDED_NEWEST_FIRST);
    expect(single.at(-1)!.nextCursor).toBeNull();
    expect(listed(await store.listEnded({ limit: 0 }))).toEqual(["h-f1"]);
    expect(listed(await store.listEnded({ game: "fistful", limit: 3 }))).toEqual(["h-f1", "h-f3", "h-z17"]);
    expect(listed(await store.listEnded({ game: "el-gaucho" }))).toEqual(["h-g1"]);
    expect(listed(await store.listEnded({ player: "ANN" }))).toEqual(["h-f1", "h-f2"]);
    expect(listed(await store.listEnded({ player: "0%_s" }))).toEqual(["h-f1"]);
    expect(listed(await store.listEnded({ player: "k\\s" }))).toEqual(["h-f2"]);
    expect(listed(await store.listEnded({ player: "zoë" }))).toEqual(["h-f2"]);
    // As wildcards each of these would match more (or anything at all).
    for (const [literal, found] of [["%", ["h-f1"]], ["_", ["h-f1"]], ["\\", ["h-f2"]], ["0%s", []], ["A_n", []], ["%s", []]] as const) {
      expect(listed(await store.listEnded({ player: literal }))).toEqual(found);
    }
    expect(listed(await store.listEnded({ cursor: cursorOf("2026-11-01T12:40:00.000Z|h-f3") }))).toEqual(["h-f2", "h-g1", ...FILLERS_NEWEST_FIRST]);
    expect(listed(await store.listEnded({ cursor: cursorOf("2026-10-01|h-z01"), limit: 2 }))).toEqual(["h-z00"]);
    expect(listed(await store.listEnded({ cursor: "nonsense", limit: 2 }))).toEqual(["h-f1", "h-f3"]);
    // A year past 9999 (toISOString writes "+010000-…"): a year to PostgreSQL too, as it was through the ORM.
    expect(listed(await store.listEnded({ cursor: cursorOf("+010000-01-01T00:00:00.000Z|x"), limit: 2 }))).toEqual(["h-f1", "h-f3"]);
    // Nothing that has not ended, whoever is searched for.
    const everything = (await pages(store, { limit: 7 })).flatMap(listed);
    expect(everything).toEqual(ENDED_NEWEST_FIRST);
  });

  it("gives a summary with seats in order and their results", async () => {
    const [f1, f3] = (await store.listEnded({ limit: 2 })).matches;
    expect(JSON.stringify(f1)).toBe(
      JSON.stringify({
        id: "h-f1",
        game: "fistful",
        rulesVersion: "7",
        status: "finished",
        createdAt: "2026-11-01T12:00:00.007Z",
        startedAt: "2026-11-01T12:01:00.999Z",
        finishedAt: "2026-11-01T12:50:00.123Z",
        endReason: null,
        seats: [
          { seat: 0, kind: "human", name: "Ann", total: 8, placement: 1, winner: true },
          { seat: 1, kind: "bot", name: "Bot 2", total: null, placement: null, winner: false },
          { seat: 2, kind: "human", name: "100%_sure", total: 8, placement: 1, winner: true },
        ],
      }),
    );
    expect(f3).toEqual({
      id: "h-f3",
      game: "fistful",
      rulesVersion: "7",
      status: "abandoned",
      createdAt: "2026-11-01T12:03:00.000Z",
      startedAt: "2026-11-01T12:04:00.000Z",
      finishedAt: "2026-11-01T12:40:00.000Z",
      endReason: "ended-by-players",
      seats: [
        { seat: 0, kind: "human", name: "Bob", total: null, placement: null, winner: false },
        { seat: 1, kind: "bot", name: "Bot 2", total: null, placement: null, winner: false },
      ],
    });
  });

  it("serves the replay of an ended match only: never the seed or log of one that has not ended", async () => {
    for (const id of ["h-never", "h-waiting", "h-run0", "h-run1", "h-run2", "no-such-match"]) expect(await store.getEnded(id)).toBeNull();
    for (const id of ENDED_NEWEST_FIRST) expect((await store.getEnded(id))?.id).toBe(id);
    const detail = await store.getEnded("h-f1");
    // Key order as served: the breakdown's and each action's keys as JSONB keeps them (shortest first).
    expect(JSON.stringify(detail)).toBe(
      JSON.stringify({
        ...(await store.listEnded({ limit: 1 })).matches[0],
        options: { z: [1, { a: 1, b: 2 }], variant: "x" },
        seed: "seed-h-f1",
        actions: [0, 1, 2, 3].map((index) => ({ index, seat: index % 3, action: { b: index, aa: [index], type: "move" }, at: at(10 + index, index * 111).toISOString() })),
        chat: [
          { index: 0, seat: 0, name: "Ann", move: 0, text: "hi <b>all</b> \u00e9", at: at(2).getTime() },
          { index: 1, seat: null, name: "Watcher", move: 3, text: "gg", at: at(49, 5).getTime() },
        ],
        scores: {
          categories: ["gold", "wanted", "a"],
          lines: [
            { seat: 0, total: 8, breakdown: { a: 1, gold: 6, wanted: 1 }, tiebreak: [8, 0], placement: 1 },
            { seat: 2, total: 8, breakdown: { a: 1, gold: 5, wanted: 2 }, tiebreak: [8, 2], placement: 1 },
          ],
          winners: [0, 2],
        },
      }),
    );
    expect(await store.getEnded("h-f3")).toMatchObject({
      status: "abandoned",
      seed: "seed-h-f3",
      scores: null,
      actions: [
        { index: 0, seat: 1, action: { type: "sign", at: "T1" }, at: "2026-11-01T12:07:00.001Z" },
        { index: 1, seat: 0, action: { type: "draw" }, at: "2026-11-01T12:08:00.002Z" },
      ],
      chat: [{ index: 0, seat: 0, name: "Bob", move: 1, text: "bye", at: at(9).getTime() }],
    });
    expect(await store.getEnded("h-g1")).toMatchObject({ status: "abandoned", endReason: "all-left", actions: [], chat: [], scores: null });
  });

  it("finds a guest's running tables, newest start first (none first), in their first seat", async () => {
    expect(await store.tablesOf(ANN)).toEqual([
      { id: "h-run0", game: "el-paso", status: "playing", seat: 0, seats: [{ seat: 0, kind: "human", name: "Ann" }], startedAt: null },
      {
        id: "h-run2",
        game: "fistful",
        status: "playing",
        seat: 0,
        seats: [
          { seat: 0, kind: "human", name: "Ann" },
          { seat: 1, kind: "human", name: "Bob" },
        ],
        startedAt: "2026-11-01T12:25:00.000Z",
      },
      {
        id: "h-run1",
        game: "fistful",
        status: "playing",
        seat: 1,
        seats: [
          { seat: 0, kind: "bot", name: "Bot 1" },
          { seat: 1, kind: "human", name: "Ann" },
          { seat: 2, kind: "human", name: "Bob" },
          { seat: 3, kind: "human", name: "Ann" },
        ],
        startedAt: "2026-11-01T12:20:00.000Z",
      },
    ]);
    expect((await store.tablesOf(BOB)).map((t) => [t.id, t.seat])).toEqual([["h-run2", 1], ["h-run1", 2]]);
    expect(await store.tablesOf("nobody-token-abcdefgh")).toEqual([]);
  });

  it("tells which matches exist", async () => {
    for (const id of ids) expect(await store.exists(id)).toBe(true);
    expect(await store.exists("no-such-match")).toBe(false);
    expect(await store.exists("h-F1")).toBe(false);
  });

  it("answers every query exactly as the recorded answers", async () => {
    const answers: [string, unknown][] = [];
    const listings: Parameters<MatchStore["listEnded"]>[0][] = [
      {}, { limit: 1 }, { limit: 3 }, { limit: 0 }, { limit: -3 }, { limit: 1000 }, { limit: 100 },
      ...["fistful", "el-paso", "el-gaucho", "nope", ""].map((game) => ({ game, limit: 4 })),
      ...["ann", "ANN", "bob", "bot", "%", "_", "\\", "0%_s", "0%s", "k\\s", "zoë", "ÉMILE", "filler 1", ""].map((player) => ({ player, limit: 5 })),
      { game: "fistful", player: "a", limit: 2 },
      ...["nonsense", "", cursorOf("not a date|h-f2"), cursorOf("2026-11-01T12:40:00.000Z|h-f3"), cursorOf("2026-11-01T12:40:00.000Z|"), cursorOf("2026-10-01|x")].map((cursor) => ({ cursor, limit: 3 })),
    ];
    // Not "émile": ILIKE folds case beyond ASCII by the database's locale, which differs between them.
    for (const query of listings) answers.push([`listEnded ${JSON.stringify(query)}`, await pages(store, query)]);
    for (const id of [...ids, "no-such-match"]) answers.push([`getEnded ${id}`, await store.getEnded(id)], [`exists ${id}`, await store.exists(id)]);
    for (const token of [ANN, BOB, "nobody-token-abcdefgh"]) answers.push([`tablesOf ${token}`, await store.tablesOf(token)]);
    const text = answers.map(([label, answer]) => `${label}\n${JSON.stringify(answer)}\n`).join("\n");
    await expect(text).toMatchFileSnapshot("./__snapshots__/history-reads.txt");
  });
});
