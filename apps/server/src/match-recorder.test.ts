/**
 * The writes that open a match: a table whose start comes in the same turn as its first
 * person (the other seats are bots) writes its row once, through the start, and logs nothing;
 * a table that waits for more people has its waiting row and seats stored until it starts.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import { ActionWriter, MatchStore, type NewMatch, type StartingSeat, hashToken, openDatabase } from "@saloon/db";
import { TABLE_ROOM } from "@saloon/protocol";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SaloonServer } from "./app.ts";
import { MatchRecorder } from "./match-recorder.ts";
import { bootTestServer, record, token } from "./test-support.ts";

/** A store that counts the writes the recorder asks of it. */
class CountingStore extends MatchStore {
  creates = 0;
  seatWrites = 0;
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
