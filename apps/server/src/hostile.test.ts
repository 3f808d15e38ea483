/**
 * Issue #9, reproduced from outside the way an attacker did it, one test per finding: nothing a
 * client sends may stop the process or a table, and a seat belongs to its player whatever
 * spectators, reservations and floods do.
 */
import { request as httpRequest } from "node:http";
import { CloseCode, matchMaker } from "@colyseus/core";
import type { ColyseusTestServer } from "@colyseus/testing";
import type { AnyGame, LogEvent, Seat } from "@saloon/engine";
import { CLOSE_CODES, type ErrorMessage, type HealthStatus, LOBBY_ROOM, TABLE_ROOM, decodePrompt, joinErrorCode } from "@saloon/protocol";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TableRoom } from "./table-room.ts";
import { hiddenHands } from "./test-games/hidden-hands.ts";
import { type Recorder, autoPlay, bootTestServer, httpBase, record, sleep, testGames, token } from "./test-support.ts";

/** A game whose log cannot be shown to anyone who joins after the first card was played (a bug). */
const brokenHistory: AnyGame = {
  ...hiddenHands,
  id: "broken-history",
  title: "Broken history (test game)",
  viewEvent(event: LogEvent, viewer: Seat | null) {
    if (event.type === "played") throw new Error("cannot describe a played card");
    return hiddenHands.viewEvent(event, viewer);
  },
};

const SPECTATOR_LIMIT = 3;
let colyseus: ColyseusTestServer & { store: import("@saloon/db").MatchStore };
let base: string;
beforeAll(async () => {
  colyseus = await bootTestServer({ games: { ...testGames, [brokenHistory.id]: brokenHistory }, spectatorLimit: SPECTATOR_LIMIT });
  base = httpBase(colyseus);
});
afterAll(async () => {
  await colyseus.shutdown();
});
beforeEach(async () => {
  await colyseus.cleanup();
});

const serverRoom = (player: Recorder) => colyseus.getRoomById<TableRoom>(player.room.roomId);

async function health(): Promise<HealthStatus> {
  const response = await fetch(`${base}/health`);
  return (await response.json()) as HealthStatus;
}

async function refusalOf(joining: Promise<unknown>): Promise<string | null> {
  return joining.then(
    () => "accepted",
    (error: unknown) => joinErrorCode(error) ?? `untyped: ${(error as Error).message}`,
  );
}

/** A raw matchmaking request, as a script (not the SDK) would send it. */
async function matchmake(method: string, target: string, body: unknown): Promise<{ status: number; body: { code?: number; error?: string; sessionId?: string } }> {
  const response = await fetch(`${base}/matchmake/${method}/${target}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { error?: string } };
}

/** Two seats, both people, playing. */
async function playingTable() {
  const annToken = token("ann");
  const ann = await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, name: "Ann", token: annToken }));
  const bobToken = token("bob");
  const bob = await record("bob", colyseus.sdk.joinById(ann.room.roomId, { name: "Bob", token: bobToken }));
  await ann.until(() => ann.latest.status === "playing", "the start");
  return { ann, annToken, bob, bobToken, room: serverRoom(ann) };
}

/** Kills the client's socket without a close handshake, as a lost network would. */
function terminate(player: Recorder): void {
  player.room.reconnection.enabled = false;
  (player.room.connection.transport as unknown as { ws: { terminate(): void } }).ws.terminate();
}

describe("finding 2: one WebSocket message must not kill the process", () => {
  it("the lobby answers an unknown message type of any length with a typed error and lives on", async () => {
    const lobby = await colyseus.sdk.joinOrCreate(LOBBY_ROOM);
    const errors: ErrorMessage[] = [];
    lobby.onMessage("error", (error: ErrorMessage) => errors.push(error));
    lobby.onMessage("rooms", () => {});
    // 87 bytes was the old crash: Colyseus's close reason grew past WebSocket's 123-byte limit.
    for (const length of [10, 87, 120, 200]) lobby.send("x".repeat(length), { any: "payload" });
    lobby.send(12345);
    const deadline = Date.now() + 3000;
    while (errors.length < 5 && Date.now() < deadline) await sleep(10);
    expect(errors.map((e) => e.code)).toEqual(Array(5).fill("UNKNOWN_MESSAGE"));
    expect(errors.every((e) => e.message.length < 120)).toBe(true);
    expect(lobby.connection.isOpen).toBe(true);
    // A 4000-byte type, then a frame that is not MessagePack at all (sent raw: the SDK cannot
    // encode either): a typed error or a clean close with Colyseus's WITH_ERROR, never a crash.
    let leftWith: number | null = null;
    lobby.onLeave((code) => (leftWith = code));
    const type = Buffer.from("x".repeat(4000));
    lobby.connection.send(new Uint8Array([13, 0xda, type.length >> 8, type.length & 0xff, ...type, 0x80]));
    lobby.connection.send(new Uint8Array([13, 0xa1, 0x78, 0xc1, 0xc1, 0xff]));
    while (leftWith === null && Date.now() < deadline + 3000) await sleep(10);
    expect(errors.slice(5).map((e) => e.code)).toEqual(["UNKNOWN_MESSAGE"]);
    expect(leftWith).toBe(CloseCode.WITH_ERROR);
    expect((await health()).status).toBe("ok");
  });

  it("a table answers the same, and a huge unknown type in a frame is refused without harm", async () => {
    const { ann, room } = await playingTable();
    const reply = ann.nextError();
    ann.room.send("y".repeat(200), { seat: 1 });
    expect((await reply).code).toBe("UNKNOWN_MESSAGE");
    // Over the frame limit: the connection is closed cleanly (1009), the table and the process stay.
    ann.room.send("action", { type: "z".repeat(20_000) });
    await ann.until(() => ann.left, "the close of the oversized frame's connection");
    expect((await health()).status).toBe("ok");
    expect(colyseus.getRoomById(room.roomId)).toBeDefined();
  });

  it("a close reason longer than WebSocket allows is cut, never thrown", async () => {
    const { bob, room } = await playingTable();
    const client = room.clients.find((c) => c.sessionId === bob.room.sessionId)!;
    expect(() => client.leave(4000, "é".repeat(500))).not.toThrow();
    await bob.until(() => bob.left, "Bob's connection to close");
    expect(Buffer.byteLength(bob.left!.reason ?? "")).toBeLessThanOrEqual(123);
  });
});

describe("finding 3: one HTTP request must not freeze every table", () => {
  /** Sends only the head of a request with a huge declared body, and reports the answer. */
  function hugeRequest(path: string, headers: Record<string, string | number>): Promise<{ status: number; body: string; ms: number }> {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers } }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
      });
      req.on("error", reject);
      req.write(`"${"a".repeat(64 * 1024)}`); // the start of a 10 MB JSON string, never finished
    });
  }

  it("refuses a 10 MB body from its declared length, before reading it", async () => {
    const answer = await hugeRequest("/matchmake/create/table", { "content-length": 10 * 1024 * 1024 });
    expect(answer.status).toBe(413);
    expect(joinErrorCode(JSON.parse(answer.body).error)).toBe("BAD_REQUEST");
    expect((await health()).status).toBe("ok");
  });

  it("refuses a chunked body, whose size is unknown until it has all been read", async () => {
    const answer = await hugeRequest("/matchmake/joinById/abc", { "transfer-encoding": "chunked" });
    expect(answer.status).toBe(411);
  });

  it("refuses a URL of 8 KB", async () => {
    const response = await fetch(`${base}/api/matches?player=${"a".repeat(8192)}`);
    expect(response.status).toBe(414);
  });
});

describe("finding 4: a display name can never make a match unrecordable", () => {
  it("a name with NUL, ESC and a right-to-left override is cleaned, and the finished match is stored", async () => {
    const ann = await record(
      "ann",
      colyseus.sdk.create(TABLE_ROOM, { game: hiddenHands.id, seats: 2, bots: [1], name: "\u001b[31mA\u0000nn\u202e", token: token("ann") }),
    );
    expect(ann.latest.seats[0]!.name).toBe("[31mAnn");
    autoPlay(ann, testGames[hiddenHands.id]!);
    await ann.until(() => ann.latest.status === "finished", "the end");
    const deadline = Date.now() + 5000;
    let stored = await colyseus.store.getEnded(ann.room.roomId);
    while (!stored && Date.now() < deadline) {
      await sleep(50);
      stored = await colyseus.store.getEnded(ann.room.roomId);
    }
    expect(stored?.seats.map((s) => s.name)).toEqual(["[31mAnn", "Bot 2"]);
  });

  it("refuses a name that is nothing but invisible characters, or markup", async () => {
    const create = (name: string) => refusalOf(colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, name, token: token("x") }));
    expect(await create("\u0000\u200b\u202e")).toBe("BAD_OPTIONS");
    expect(await create("<script>x</script>")).toBe("BAD_OPTIONS");
  });

  it("a __proto__ key in the options is an unknown key, not a prototype", async () => {
    const options = JSON.parse(`{"game":"fistful","seats":2,"__proto__":{"name":"Ann","token":"${token("ann")}"}}`) as object;
    expect(await refusalOf(colyseus.sdk.create(TABLE_ROOM, options))).toBe("BAD_OPTIONS");
  });
});

describe("finding 5: seats belong to their players", () => {
  it("a dropped player gets back in although spectators have filled the room", async () => {
    const { ann, annToken, room } = await playingTable();
    const watchers = await Promise.all(Array.from({ length: SPECTATOR_LIMIT }, (_, i) => record(`watcher ${i}`, colyseus.sdk.joinById(room.roomId, { spectate: true }))));
    expect(watchers).toHaveLength(SPECTATOR_LIMIT);
    expect(await refusalOf(colyseus.sdk.joinById(room.roomId, { spectate: true }))).toBe("ROOM_FULL");

    // What Ann's seat held before the drop: her own view (the hand) and her question, if any.
    const held = ann.latest.seats[0]!.secret;
    expect(held?.view).toBeDefined();
    terminate(ann);
    const again = await record("ann again", colyseus.sdk.joinById(room.roomId, { name: "Ann", token: annToken }));
    expect(again.seat).toBe(0);
    // Nobody moved meanwhile (both seats are people): she is back to exactly what she had.
    expect(again.latest.version).toBe(ann.latest.version);
    expect(again.latest.seats[0]!.secret).toEqual(held);
    expect(decodePrompt(again.latest, 0)).toEqual(decodePrompt(ann.latest, 0));
    expect(again.latest.seats[0]!.connected).toBe(true);
  });

  it("a burst of HTTP-only reservations fills nothing a seat's player needs", async () => {
    const { ann, annToken, room } = await playingTable();
    // 60 reservations in a burst, never followed by a connection: spectators and strangers.
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => matchmake("joinById", room.roomId, i % 2 ? { spectate: true } : { name: `Mallory ${i}`, token: token("mallory") })),
    );
    const codes = answers.map((answer) => (answer.body.sessionId ? "reserved" : joinErrorCode(answer.body.error)));
    expect(codes.filter((code) => code === "reserved").length).toBeLessThanOrEqual(SPECTATOR_LIMIT);
    expect(codes.filter((code) => code !== "reserved").every((code) => code === "ROOM_FULL" || code === "TABLE_FULL")).toBe(true);

    terminate(ann);
    const again = await record("ann again", colyseus.sdk.joinById(room.roomId, { name: "Ann", token: annToken }));
    expect(again.seat).toBe(0);
  });

  it("a seat's player who keeps asking is never refused: each new reservation replaces their own pending one", async () => {
    const { ann, annToken, room } = await playingTable();
    terminate(ann);
    // Reservations whose connections never come (a failed connection, a reload storm): more
    // than the few a seat's player may have pending at once (Admission.maxPendingHolders).
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await matchmake("joinById", room.roomId, { name: "Ann", token: annToken }));
    expect(answers.map((answer) => (answer.body.sessionId ? "reserved" : joinErrorCode(answer.body.error)))).toEqual(Array(6).fill("reserved"));
    // Only the newest is pending; the others are gone (not waiting out their time). (Her
    // dropped connection's own place, held for its reconnection, is not a reservation she made.)
    const pending = (room as unknown as { _reservedSeats: Record<string, unknown> })._reservedSeats;
    const sessions = answers.map((answer) => answer.body.sessionId!);
    expect(Object.keys(pending)).toContain(sessions[5]);
    for (const earlier of sessions.slice(0, 5)) expect(Object.keys(pending)).not.toContain(earlier);
    // Someone else's reservation is not hers to replace: a spectator's stays while Ann asks again.
    const watcher = await matchmake("joinById", room.roomId, { spectate: true });
    const newest = await matchmake("joinById", room.roomId, { name: "Ann", token: annToken });
    expect(Object.keys(pending)).toContain(watcher.body.sessionId);
    expect(Object.keys(pending)).toContain(newest.body.sessionId);
    expect(Object.keys(pending)).not.toContain(sessions[5]);
    const again = await record("ann again", colyseus.sdk.joinById(room.roomId, { name: "Ann", token: annToken }));
    expect(again.seat).toBe(0);
  });

  it("a flooding client is closed at once, and nothing is held for it", async () => {
    const { bob, room } = await playingTable();
    const started = performance.now();
    for (let i = 0; i < 80; i++) bob.room.send("action", { type: "placeSign", building: `T${i}` });
    await bob.until(() => bob.left, "the flooder's connection to close", 3000);
    expect(bob.left!.code).toBe(CLOSE_CODES.flooding);
    expect(performance.now() - started).toBeLessThan(2000);
    await bob.until(() => room.clients.length === 1 || undefined, "the server to let go of it", 2000).catch(() => {});
    expect(room.clients.map((c) => c.sessionId)).not.toContain(bob.room.sessionId);
    expect(room.state.seats[1]!.connected).toBe(false);
  });

  it("the message budget follows the person: reconnecting does not refill it", async () => {
    const { bob, bobToken, room } = await playingTable();
    // Spend the whole burst, then one more to be told so.
    const replies = bob.until(() => (bob.errors().some((e) => e.code === "RATE_LIMITED") ? true : null), "RATE_LIMITED");
    for (let i = 0; i < 21; i++) bob.room.send("action", { type: "placeSign", building: `T${90 + i}` });
    await replies;
    const emptied = performance.now();
    await bob.room.leave(true);
    const again = await record("bob again", colyseus.sdk.joinById(room.roomId, { name: "Bob", token: bobToken }));
    // The budget refills 10 messages a second while the reconnect takes its time (on a loaded
    // machine, well over 100 ms): send what could have come back since, and one more. A refilled
    // budget (a burst of 20) would take them all without a RATE_LIMITED.
    const refilled = Math.ceil(((performance.now() - emptied) / 1000) * 10);
    expect(refilled + 1, "the reconnect took so long that the budget was full again anyway").toBeLessThan(20);
    const answers = again.until(() => (again.errors().length >= refilled + 1 ? again.errors() : null), "an answer to every message");
    for (let i = 0; i <= refilled; i++) again.room.send("action", { type: "placeSign", building: `T${60 + i}` });
    expect((await answers).map((e) => e.code)).toContain("RATE_LIMITED");
  });

  it("Colyseus's own flood guard closes at once too, without holding a seat for 30 s", async () => {
    const { bob, room } = await playingTable();
    const client = room.clients.find((c) => c.sessionId === bob.room.sessionId)!;
    const started = performance.now();
    // What Colyseus does when maxMessagesPerSecond trips: onDrop with WITH_ERROR, then the close.
    (room as unknown as { onDrop(c: unknown, code: number): Promise<void> }).onDrop(client, CloseCode.WITH_ERROR);
    await (room as unknown as { onDrop(c: unknown, code: number): Promise<void> }).onDrop(client, CloseCode.WITH_ERROR);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("a table nobody joined leaves no row", async () => {
    const created = await matchmake("create", TABLE_ROOM, { game: "fistful", seats: 2, name: "Ghost", token: token("ghost") });
    expect(created.status).toBe(200);
    const roomId = (created.body as { roomId?: string }).roomId!;
    // The table exists (a room by that id runs) but has no match row yet.
    expect(colyseus.getRoomById<TableRoom>(roomId)?.roomId).toBe(roomId);
    await sleep(100);
    expect(await colyseus.store.prisma.match.findUnique({ where: { id: roomId } })).toBeNull();
    await colyseus.getRoomById<TableRoom>(roomId).disconnect();
    await sleep(100);
    expect(await colyseus.store.prisma.match.findUnique({ where: { id: roomId } })).toBeNull();
  });
});

describe("finding 6: bad queries are the client's mistake, not the server's", () => {
  it("answers NUL, control characters and malformed percent-escapes with 400 or 404, never 500", async () => {
    for (const path of ["/api/matches?player=%00", "/api/matches?player=%1b", "/api/matches?game=%01", "/api/matches?player=a&player=b"]) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toHaveProperty("error");
    }
    // Undecodable escapes in the query are kept as text (a literal search), and match nobody.
    for (const path of ["/api/matches?player=%E0%A4%A", "/api/matches?player=%", "/api/matches?player=_"]) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(200);
      expect(((await response.json()) as { matches: unknown[] }).matches).toEqual([]);
    }
    for (const path of ["/api/matches/%00", "/api/matches/%E0%A4%A", "/api/matches/..%2f..%2fetc", `/api/matches/${"x".repeat(300)}`]) {
      const response = await fetch(`${base}${path}`);
      expect([400, 404], path).toContain(response.status);
    }
  });
});

describe("a table that fails is closed alone", () => {
  it("a fault outside the guarded paths disposes that table and marks its match; others play on", async () => {
    const other = await playingTable();
    const ann = await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: brokenHistory.id, seats: 2, bots: [1], name: "Ann", token: token("ann") }));
    const broken = serverRoom(ann);
    autoPlay(ann, testGames[hiddenHands.id]!);
    await ann.until(() => broken["events"].toArray().some((e: LogEvent) => e.type === "played"), "a played card");
    // Joining now needs the history, which the game cannot describe: the room must go.
    expect(await refusalOf(colyseus.sdk.joinById(broken.roomId, { spectate: true }))).not.toBe("accepted");
    await ann.until(() => ann.left, "the failed table to close");
    expect(ann.left!.code).toBe(CLOSE_CODES.tableFailed);
    const deadline = Date.now() + 3000;
    let row = await colyseus.store.prisma.match.findUnique({ where: { id: broken.roomId } });
    while (row?.status !== "abandoned" && Date.now() < deadline) {
      await sleep(50);
      row = await colyseus.store.prisma.match.findUnique({ where: { id: broken.roomId } });
    }
    expect(row?.status).toBe("abandoned");
    expect(await matchMaker.query({ roomId: broken.roomId })).toEqual([]);

    // The other table and the process are untouched.
    autoPlay(other.ann, testGames.fistful!);
    autoPlay(other.bob, testGames.fistful!);
    await other.ann.untilVersion(3);
    expect((await health()).status).toBe("ok");
  });
});
