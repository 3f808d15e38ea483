/**
 * The writes that open a match: a table whose start comes in the same turn as its first
 * person (the other seats are bots) writes its row once, through the start, and logs nothing;
 * a table that waits for more people has its waiting row and seats stored until it starts; and
 * a new table's first person is answered only once that write has landed (a crash after they
 * were seated finds the table again), or after SETUP_STORED_WAIT_MS when the database is stuck.
 */
import { matchMaker } from "@colyseus/core";
import type { ColyseusTestServer } from "@colyseus/testing";
import { ActionWriter, type FinishedMatch, MatchStore, type NewMatch, type StartingSeat, hashToken, openDatabase } from "@saloon/db";
import type { ActionBase } from "@saloon/engine";
import { TABLE_ROOM } from "@saloon/protocol";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SaloonServer } from "./app.ts";
import { MatchRecorder } from "./match-recorder.ts";
import { SETUP_STORED_WAIT_MS } from "./table-room-seating.ts";
import { bootTestServer, record, token } from "./test-support.ts";

/** A store that counts the writes the recorder asks of it. */
class CountingStore extends MatchStore {
  creates = 0;
  seatWrites = 0;
  /** How many action rows each finish was given. */
  finishedRows: number[] = [];
  override async finishMatch(match: FinishedMatch): Promise<void> {
    this.finishedRows.push(match.actions.length);
    await super.finishMatch(match);
  }
  override async createMatch(match: NewMatch): Promise<void> {
    this.creates += 1;
    await super.createMatch(match);
  }
  override async replaceSeat(matchId: string, seat: StartingSeat): Promise<void> {
    this.seatWrites += 1;
    await super.replaceSeat(matchId, seat);
  }
}

/** Warnings and errors logged, as pino writes them. */
function capturingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: "warn" }, { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) });
  return { logger, lines };
}

let database: Awaited<ReturnType<typeof openDatabase>>;
let store: CountingStore;
const logged = capturingLogger();

beforeAll(async () => {
  database = await openDatabase({ kind: "pglite", dataDir: "memory://" });
  store = new CountingStore(database.prisma);
});
afterAll(async () => {
  await database?.close();
});
beforeEach(() => {
  store.creates = 0;
  store.finishedRows = [];
  store.seatWrites = 0;
  logged.lines.length = 0;
});

const facts = (id: string) => ({
  id,
  game: "fistful",
  rulesVersion: "1",
  options: {},
  seed: `seed-${id}`,
  createdAt: new Date(),
  table: { private: false, graceSeconds: 30, seats: 2, bots: [{ seat: 1, name: "Bot 2" }] },
  ownerId: "process-1",
});

const stored = (id: string) =>
  database.prisma.match.findUnique({ where: { id }, include: { seats: { orderBy: { seat: "asc" }, include: { player: true } } } });

describe("the match recorder", () => {
  it("writes the row only through the start when the table starts in the same turn", async () => {
    const recorder = new MatchRecorder(store, new ActionWriter(database.prisma), logged.logger, facts("r-same-turn"));
    const seats = [
      { seat: 0, kind: "human" as const, name: "Ann", tokenHash: hashToken("ann-token-abcdefgh") },
      { seat: 1, kind: "bot" as const, name: "Bot 2", tokenHash: null },
    ];
    // As TableRoom.onJoin does for the last open seat: the row, the seat taken, the start.
    recorder.created();
    recorder.seatChanged(seats[0]!);
    await recorder.started(new Date(), seats);
    await recorder.flush();
    expect(store.creates).toBe(0);
    expect(store.seatWrites).toBe(0);
    expect(logged.lines).toEqual([]);
    const row = await stored("r-same-turn");
    expect(row?.status).toBe("playing");
    expect(row?.seats.map((s) => [s.seat, s.kind, s.player?.displayName ?? null])).toEqual([
      [0, "human", "Ann"],
      [1, "bot", null],
    ]);
  });

  it("ends a match without sending its log again: every action is stored by then, and stays", async () => {
    const recorder = new MatchRecorder(store, new ActionWriter(database.prisma), logged.logger, facts("r-finish"));
    const seats = [
      { seat: 0, kind: "human" as const, name: "Ann", tokenHash: hashToken("ann3-token-abcdefgh") },
      { seat: 1, kind: "bot" as const, name: "Bot 2", tokenHash: null },
    ];
    recorder.created();
    await recorder.started(new Date(), seats);
    // As the table does: each action published (and the next one accepted) once its write committed.
    const moves: ActionBase[] = [{ type: "draw" }, { type: "place", space: 3 }, { type: "pass" }];
    for (const [index, action] of moves.entries()) await recorder.action(index, index % 2, action, new Date(1_000 + index), index % 2 === 0);
    const scores = {
      categories: ["gold"],
      lines: [
        { seat: 0, total: 7, breakdown: { gold: 7 }, tiebreak: [1], placement: 1 },
        { seat: 1, total: 5, breakdown: { gold: 5 }, tiebreak: [0], placement: 2 },
      ],
      winners: [0],
    };
    await recorder.finished(new Date(), scores);
    expect(store.finishedRows).toEqual([0]);
    const row = await database.prisma.match.findUnique({
      where: { id: "r-finish" },
      include: { actions: { orderBy: { index: "asc" } }, results: { orderBy: { seat: "asc" } } },
    });
    expect(row?.status).toBe("finished");
    expect(row?.actions.map((a) => [a.index, a.seat, a.action, a.at.getTime(), a.byPerson])).toEqual([
      [0, 0, { type: "draw" }, 1_000, true],
      [1, 1, { type: "place", space: 3 }, 1_001, false],
      [2, 0, { type: "pass" }, 1_002, true],
    ]);
    expect(row?.results.map((r) => [r.seat, r.total, r.placement, r.winner])).toEqual([
      [0, 7, 1, true],
      [1, 5, 2, false],
    ]);
    expect(logged.lines).toEqual([]);
  });

  it("stores a waiting table and its seats until the start, and the seat changes after the start", async () => {
    const recorder = new MatchRecorder(store, new ActionWriter(database.prisma), logged.logger, facts("r-waiting"));
    const ann = { seat: 0, kind: "human" as const, name: "Ann", tokenHash: hashToken("ann2-token-abcdefgh") };
    recorder.created();
    recorder.seatChanged(ann);
    await recorder.flush();
    expect(await stored("r-waiting")).toMatchObject({ status: "waiting", seats: [{ seat: 0, kind: "human", name: "Ann" }] });
    // Later, another person takes the last seat and the game starts.
    const bob = { seat: 1, kind: "human" as const, name: "Bob", tokenHash: hashToken("bob2-token-abcdefgh") };
    recorder.seatChanged(bob);
    await recorder.started(new Date(), [ann, bob]);
    // A bot takes over a seat during the game: that is written.
    recorder.seatChanged({ ...bob, kind: "bot", name: "Bot for Bob" });
    await recorder.flush();
    expect(store.creates).toBe(1);
    expect(store.seatWrites).toBe(2);
    expect(logged.lines).toEqual([]);
    const row = await stored("r-waiting");
    expect(row?.status).toBe("playing");
    expect(row?.seats.map((s) => [s.seat, s.kind, s.name, s.player?.displayName ?? null])).toEqual([
      [0, "human", "Ann", "Ann"],
      [1, "bot", "Bot for Bob", "Bob"],
    ]);
  });

  it("logs nothing when a waiting row already on its way lands after the start", async () => {
    await store.startMatch({ ...facts("r-crossed"), status: "playing", seats: [] }, new Date(), []);
    const recorder = new MatchRecorder(store, new ActionWriter(database.prisma), logged.logger, facts("r-crossed"));
    recorder.created();
    await recorder.flush();
    expect(store.creates).toBe(1);
    expect(logged.lines).toEqual([]);
    expect((await stored("r-crossed"))?.status).toBe("playing");
  });
});

describe("tables opened on a server", () => {
  let colyseus: ColyseusTestServer & { store: MatchStore; saloon: SaloonServer };
  const serverLog = capturingLogger();
  let serverStore: CountingStore;
  let serverDb: Awaited<ReturnType<typeof openDatabase>>;

  beforeAll(async () => {
    serverDb = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    serverStore = new CountingStore(serverDb.prisma, serverLog.logger);
    colyseus = await bootTestServer({ store: serverStore, logger: serverLog.logger });
  });
  afterAll(async () => {
    await colyseus?.shutdown();
    await serverDb?.close();
  });

  it("a person sitting down with bots starts the table with one write and no warning", async () => {
    const ann = await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 3, bots: [1, 2], name: "Ann", token: token("ann") }));
    await ann.until(() => ann.latest.status === "playing", "the start");
    const room = colyseus.getRoomById<import("./table-room.ts").TableRoom>(ann.room.roomId)!;
    await room.recorder.flush();
    expect(serverStore.creates).toBe(0);
    expect(serverLog.lines.filter((line) => line.level >= 40)).toEqual([]);
    const row = await serverDb.prisma.match.findUnique({ where: { id: ann.room.roomId }, include: { seats: { orderBy: { seat: "asc" } } } });
    expect(row?.status).toBe("playing");
    expect(row?.seats.map((s) => [s.seat, s.kind, s.name, s.playerId !== null])).toEqual([
      [0, "human", "Ann", true],
      [1, "bot", "Bot 2", false],
      [2, "bot", "Bot 3", false],
    ]);
    await ann.room.leave();
  });
});

/** A store whose opening writes (the waiting row, the start) wait for `open()`: a slow or stuck database. */
class GatedStore extends MatchStore {
  private release: () => void = () => {};
  private gate = new Promise<void>((done) => (this.release = done));
  open(): void {
    this.release();
  }
  override async createMatch(match: NewMatch): Promise<void> {
    await this.gate;
    await super.createMatch(match);
  }
  override async startMatch(...args: Parameters<MatchStore["startMatch"]>): Promise<void> {
    await this.gate;
    await super.startMatch(...args);
  }
}

describe("a new table's first person", () => {
  let colyseus: ColyseusTestServer & { store: MatchStore; saloon: SaloonServer };
  let gatedDb: Awaited<ReturnType<typeof openDatabase>>;
  let gated: GatedStore;

  beforeEach(async () => {
    gatedDb = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    gated = new GatedStore(gatedDb.prisma, capturingLogger().logger);
    colyseus = await bootTestServer({ store: gated, logger: capturingLogger().logger });
  });
  afterEach(async () => {
    gated.open();
    await colyseus?.shutdown();
    await gatedDb?.close();
  });

  const rowOf = (id: string) => gatedDb.prisma.match.findUnique({ where: { id }, include: { seats: { orderBy: { seat: "asc" } } } });
  const settled = <T>(promise: Promise<T>) => {
    const state = { done: false };
    void promise.then(
      () => (state.done = true),
      () => (state.done = true),
    );
    return state;
  };

  it("is seated only once the start with the bots is stored: a crash after that finds the table", async () => {
    const joining = colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 3, bots: [1, 2], name: "Ann", token: token("ann") });
    const joined = settled(joining);
    // The start is on its way and held by the database: no answer yet, and nothing stored.
    await new Promise((done) => setTimeout(done, 400));
    expect(joined.done).toBe(false);
    const tables = await matchMaker.query({ name: TABLE_ROOM });
    expect(tables).toHaveLength(1);
    const tableId = tables[0]!.roomId;
    expect(await rowOf(tableId!)).toBeNull();
    gated.open();
    const ann = await record("ann", joining);
    // By the time Ann is answered the whole start is stored, and she sees the game running.
    const row = await rowOf(ann.room.roomId);
    expect(row?.status).toBe("playing");
    expect(row?.seats.map((s) => [s.seat, s.kind, s.name])).toEqual([
      [0, "human", "Ann"],
      [1, "bot", "Bot 2"],
      [2, "bot", "Bot 3"],
    ]);
    await ann.until(() => ann.latest.status === "playing", "the game running");
    await ann.room.leave();
  });

  it("at a table that waits for more people, is seated once its row and seat are stored", async () => {
    const joining = colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, name: "Bea", token: token("bea") });
    const joined = settled(joining);
    await new Promise((done) => setTimeout(done, 400));
    expect(joined.done).toBe(false);
    gated.open();
    const bea = await record("bea", joining);
    expect(await rowOf(bea.room.roomId)).toMatchObject({ status: "waiting", seats: [{ seat: 0, kind: "human", name: "Bea" }] });
    // The next person at the same table waits for nothing.
    const started = performance.now();
    const cy = await record("cy", colyseus.sdk.joinById(bea.room.roomId, { name: "Cy", token: token("cy") }));
    expect(performance.now() - started).toBeLessThan(SETUP_STORED_WAIT_MS);
    await cy.room.leave();
    await bea.room.leave();
  });

  it("is answered anyway when the database does not answer, after SETUP_STORED_WAIT_MS", async () => {
    const started = performance.now();
    const dan = await record("dan", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, bots: [1], name: "Dan", token: token("dan") }));
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(SETUP_STORED_WAIT_MS - 50);
    expect(waited).toBeLessThan(SETUP_STORED_WAIT_MS + 10_000);
    // The table is there and keeps its start queued; once the database answers, it is stored.
    gated.open();
    await dan.until(() => dan.latest.status === "playing", "the start, once stored", 15_000);
    expect((await rowOf(dan.room.roomId))?.status).toBe("playing");
    await dan.room.leave();
  }, 30_000);
});
