/**
 * The table under attack and under bad networks: forged and malformed messages get a typed
 * error (to the sender only) and change nothing; seats survive drops, reloads and takeovers.
 */
import { matchMaker } from "@colyseus/core";
import type { AnyGame, Seat } from "@saloon/engine";
import { CLOSE_CODES, type ErrorMessage, TABLE_ROOM, decodePrompt, joinErrorCode } from "@saloon/protocol";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TableRoom } from "./table-room.ts";
import { type HiddenHandsState, hiddenHands } from "./test-games/hidden-hands.ts";
import { type Recorder, type TestServer, autoPlay, bootTestServer, record, sleep, storedActions, testGames, token } from "./test-support.ts";

/**
 * A game with bugs: its bot always throws, and its view throws once a card has been played.
 * The table must survive both.
 */
const fragile: AnyGame = {
  ...hiddenHands,
  id: "fragile",
  title: "Fragile (test game)",
  bot() {
    throw new Error("the bot's dice rolled under the table");
  },
  view(state: HiddenHandsState, viewer: Seat | null) {
    if (state.played.length > 0) throw new Error("the view cannot draw a played card");
    return hiddenHands.view(state, viewer);
  },
};

let colyseus: TestServer;
beforeAll(async () => {
  // Default flood limits (10 messages/s, bursts of 20): the rate-limit test relies on them.
  colyseus = await bootTestServer({ games: { ...testGames, fragile } });
});
afterAll(async () => {
  await colyseus.shutdown();
});
beforeEach(async () => {
  await colyseus.cleanup();
});

const fistful = testGames.fistful!;

function serverRoom(player: Recorder): TableRoom {
  return colyseus.getRoomById<TableRoom>(player.room.roomId);
}

/** Everything a refused message must leave untouched: the version, the public view, every seat's secret. */
function syncedState(room: TableRoom): string {
  return JSON.stringify(room.state.toJSON());
}

/** A two-seat Fistful table with Ann (seat 0), Bob (seat 1) and a spectator, already playing. */
async function twoSeatTable() {
  const ann = await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, name: "Ann", token: token("ann") }));
  const bob = await record("bob", colyseus.sdk.joinById(ann.room.roomId, { name: "Bob", token: token("bob") }));
  const watcher = await record("watcher", colyseus.sdk.joinById(ann.room.roomId, { spectate: true }));
  await ann.until(() => ann.latest.status === "playing", "the start");
  return { ann, bob, watcher, room: serverRoom(ann) };
}

async function expectJoinRefused(joining: Promise<unknown>, code: string): Promise<void> {
  const error = await joining.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected the join to be refused with ${code}`).not.toBeNull();
  expect(joinErrorCode(error)).toBe(code);
}

describe("forged and malformed actions", () => {
  it("answers each with a typed error to the sender only, changes nothing, and keeps working", async () => {
    const { ann, bob, watcher, room } = await twoSeatTable();
    const bobsPrompt = decodePrompt(bob.latest, 1)!;
    expect(bobsPrompt).not.toBeNull();
    expect(decodePrompt(ann.latest, 0)).toBeNull();
    const legal = bobsPrompt.options[0]!;

    const refusals: { sender: Recorder; send: (r: Recorder) => void; code: ErrorMessage["code"]; expected?: string }[] = [
      // Out of turn, and "for another seat": the seat is the connection's, whatever the payload says.
      { sender: ann, send: (r) => r.room.send("action", legal), code: "NOT_YOUR_TURN" },
      { sender: ann, send: (r) => r.room.send("action", { ...legal, seat: 1 }), code: "NOT_YOUR_TURN" },
      { sender: bob, send: (r) => r.room.send("action", { ...legal, seat: 0 }), code: "ILLEGAL_ACTION", expected: bobsPrompt.kind },
      { sender: bob, send: (r) => r.room.send("action", { type: "placeSign", building: "T99" }), code: "ILLEGAL_ACTION" },
      // Not an action at all.
      { sender: bob, send: (r) => r.room.send("action", "placeSign"), code: "BAD_MESSAGE" },
      { sender: bob, send: (r) => r.room.send("action", { building: "T1" }), code: "BAD_MESSAGE" },
      { sender: bob, send: (r) => r.room.send("action", [legal]), code: "BAD_MESSAGE" },
      { sender: bob, send: (r) => r.room.send("action"), code: "BAD_MESSAGE" },
      { sender: bob, send: (r) => r.room.send("action", { ...legal, padding: "x".repeat(4000) }), code: "BAD_MESSAGE" },
      { sender: bob, send: (r) => r.room.send("action", { ...legal, blob: new Uint8Array(8) }), code: "MALFORMED_ACTION" },
      { sender: bob, send: (r) => r.room.send("action", { type: "placeSign", deep: nested(20) }), code: "MALFORMED_ACTION" },
      { sender: bob, send: (r) => r.room.send("action", { type: "shoot", target: 0 }), code: "UNKNOWN_ACTION" },
      // Not a message the table knows.
      { sender: bob, send: (r) => r.room.send("cheat", { seat: 1, gold: 99 }), code: "UNKNOWN_MESSAGE" },
      { sender: bob, send: (r) => r.room.send(7, legal), code: "UNKNOWN_MESSAGE" },
      // Names every object has: the table looks message types up in a map of its own, not in an object.
      ...["__proto__", "constructor", "toString", "hasOwnProperty"].map((type) => ({ sender: bob, send: (r: Recorder) => r.room.send(type, legal), code: "UNKNOWN_MESSAGE" as const })),
      // Watchers watch.
      { sender: watcher, send: (r) => r.room.send("action", legal), code: "NOT_SEATED" },
    ];

    for (const { sender, send, code, expected } of refusals) {
      const before = syncedState(room);
      const reply = sender.nextError(code);
      send(sender);
      const error = await reply;
      expect(error.code, JSON.stringify(error)).toBe(code);
      expect(typeof error.message).toBe("string");
      if (expected !== undefined) expect(error.expected).toBe(expected);
      // It names the request it refuses (a message type the table does not know: none).
      expect(error.request, JSON.stringify(error)).toBe(code === "UNKNOWN_MESSAGE" ? undefined : "action");
      expect(syncedState(room), `${code} changed the state`).toBe(before);
    }
    expect(room.state.version).toBe(0);

    // Still alive: the legal action goes through and everybody sees it.
    bob.room.send("action", legal);
    await Promise.all([ann, bob, watcher].map((player) => player.untilVersion(1)));
    expect(room.actedBy).toEqual([1]);
    expect(await storedActions(colyseus, room.roomId)).toEqual([{ seat: 1, action: legal }]);

    // Each refusal went to its sender and nobody else.
    const codesFor = (player: Recorder) => refusals.filter((r) => r.sender === player).map((r) => r.code);
    for (const player of [ann, bob, watcher]) expect(player.errors().map((e) => e.code)).toEqual(codesFor(player));
  });

  it("refuses actions before the table is full", async () => {
    const ann = await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 3, bots: [2], name: "Ann", token: token("ann") }));
    expect(ann.latest.status).toBe("waiting");
    const reply = ann.nextError();
    ann.room.send("action", { type: "placeSign", building: "T1" });
    expect((await reply).code).toBe("NOT_STARTED");
    expect(serverRoom(ann).state.version).toBe(0);
  });

  it("rate-limits a flooding client without touching anyone else", async () => {
    const { ann, bob, room } = await twoSeatTable();
    const legal = decodePrompt(bob.latest, 1)!.options[0]!;
    const before = syncedState(room);

    const flood = 30;
    const replies = bob.until(() => (bob.errors().length >= flood ? bob.errors() : null), "an answer to every flooded message");
    for (let i = 0; i < flood; i++) bob.room.send("action", { type: "placeSign", building: `T${90 + i}` });
    const answers = await replies;
    const codes = answers.map((e) => e.code);
    // Refused unread or not, each names the request it answers.
    expect(new Set(answers.map((e) => e.request))).toEqual(new Set(["action"]));
    // The burst is served, the rest is refused unprocessed.
    expect(codes.slice(0, 20)).toEqual(Array(20).fill("ILLEGAL_ACTION"));
    expect(codes.filter((c) => c === "RATE_LIMITED").length).toBeGreaterThanOrEqual(8);
    expect(codes.every((c) => c === "ILLEGAL_ACTION" || c === "RATE_LIMITED")).toBe(true);
    expect(syncedState(room)).toBe(before);
    expect(ann.errors()).toEqual([]);

    // Other clients have their own budget, and the flooder's refills.
    const annReply = ann.nextError();
    ann.room.send("action", legal);
    expect((await annReply).code).toBe("NOT_YOUR_TURN");
    await sleep(250);
    bob.room.send("action", legal);
    await bob.untilVersion(1);
    expect(room.state.version).toBe(1);
  });
});

describe("refusals name the request they answer", () => {
  it("an undo, a step check, a chat line, a pace, a hurry and an absent-seat choice each get their own", async () => {
    const { ann, watcher } = await twoSeatTable();
    // A spectator may ask none of these (this table keeps its chat to the seats).
    const requests: [string, unknown][] = [
      ["undo", undefined],
      ["check-step", { type: "placeSign", building: "T1" }],
      ["chat", { text: "hello" }],
      ["bot-pace", { pace: "quick" }],
      ["skip-bots", undefined],
      ["absent-seat", { seat: 0, choice: "bot" }],
    ];
    for (const [type, payload] of requests) {
      const reply = watcher.nextError(type);
      watcher.room.send(type, payload);
      const error = await reply;
      expect(error.request, JSON.stringify(error)).toBe(type);
    }
    // A seated person's refused undo and step check, too.
    const undo = ann.nextError("undo");
    ann.room.send("undo");
    expect(await undo).toMatchObject({ request: "undo" });
    const check = ann.nextError("check-step");
    ann.room.send("check-step", { type: "placeSign", building: "T99" });
    expect(await check).toMatchObject({ request: "check-step" });
  });
});

function nested(depth: number): unknown {
  return depth === 0 ? "bottom" : { inner: nested(depth - 1) };
}

describe("faults in a game", () => {
  it("a throwing bot falls back to its first option; a throwing view refuses the action and changes nothing", async () => {
    const ann = await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: "fragile", seats: 2, bots: [1], name: "Ann", token: token("ann") }));
    const room = serverRoom(ann);
    // The bot's ante still happens (its hook threw; the server took the first option).
    await ann.until(() => ann.latest.seats[1] && room.actedBy.includes(1), "the bot's ante");
    const ante = decodePrompt(ann.latest, 0)!;
    ann.room.send("action", ante.options[0]);
    await ann.until(() => decodePrompt(ann.latest, 0)?.kind === "play", "Ann's turn to play");

    const before = syncedState(room);
    const version = room.state.version;
    const reply = ann.nextError();
    ann.room.send("action", decodePrompt(ann.latest, 0)!.options[0]);
    expect(await reply).toMatchObject({ code: "INTERNAL_ERROR", request: "action" });
    expect(syncedState(room)).toBe(before);
    expect(room.actedBy).toHaveLength(version);

    // The room is still there and answering.
    const next = ann.nextError();
    ann.room.send("hello");
    expect((await next).code).toBe("UNKNOWN_MESSAGE");
  });
});

describe("seats and identity", () => {
  it("gives the seat back to the same guest token after a dropped connection (page reload)", async () => {
    const annToken = token("ann");
    const ann = await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, name: "Ann", token: annToken }));
    const bob = await record("bob", colyseus.sdk.joinById(ann.room.roomId, { name: "Bob", token: token("bob") }));
    const room = serverRoom(ann);
    const stopBob = autoPlay(bob, fistful);
    const stopAnn = autoPlay(ann, fistful);
    await bob.untilVersion(4);
    stopAnn();
    stopBob();
    await sleep(50); // let an action already in flight land

    // The network dies under Ann (no close handshake), and she does not come back by herself.
    ann.room.reconnection.enabled = false;
    terminate(ann);
    await bob.until(() => bob.latest.seats[0]!.connected === false, "Ann shown as disconnected");
    expect(bob.latest.seats[0]).toMatchObject({ kind: "human", name: "Ann" });

    // A new page with the same token gets seat 0 back, with its private part, and plays on.
    const again = await record("ann again", colyseus.sdk.joinById(ann.room.roomId, { name: "Ann", token: annToken }));
    expect(again.seat).toBe(0);
    expect(again.latest.seats[0]!.secret).toBeDefined();
    expect(again.logMessages()[0]).toMatchObject({ from: 0, to: room["events"].length });
    await bob.until(() => bob.latest.seats[0]!.connected, "Ann shown as connected again");
    expect(room.clients.length).toBe(2);

    const version = room.state.version;
    autoPlay(bob, fistful);
    autoPlay(again, fistful);
    await again.until(() => room.actedBy.slice(version).includes(0), "Ann acting again");
    expect(again.errors()).toEqual([]);
  });

  it("a second connection with the same token takes the seat over from the first", async () => {
    const annToken = token("ann");
    const first = await record("first", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, name: "Ann", token: annToken }));
    const second = await record("second", colyseus.sdk.joinById(first.room.roomId, { name: "Ann (tab 2)", token: annToken }));
    expect(second.seat).toBe(0);
    await first.until(() => first.left, "the first connection to be closed");
    expect(first.left!.code).toBe(CLOSE_CODES.replaced);
    const room = serverRoom(second);
    await waitFor(() => room.clients.length === 1, "the server to drop the first connection");
    expect(room.state.seats[0]).toMatchObject({ kind: "human", name: "Ann (tab 2)", connected: true });
    expect(room.state.seats[1]!.kind).toBe("open");
  });

  it("a dropped connection that comes back by itself keeps its seat (Colyseus reconnection)", async () => {
    const { ann, bob, room } = await twoSeatTable();
    ann.room.reconnection.minUptime = 0;
    const reconnected = new Promise<void>((resolve) => ann.room.onReconnect(() => resolve()));
    terminate(ann);
    await bob.until(() => bob.latest.seats[0]!.connected === false, "Ann shown as disconnected");
    await reconnected;
    await bob.until(() => bob.latest.seats[0]!.connected, "Ann shown as connected again");
    // After the reconnection the whole history is sent again.
    await ann.until(() => ann.logMessages().filter((m) => m.from === 0).length >= 2, "the history again");
    expect(room.clients.length).toBe(3);
    expect(ann.latest.seats[0]!.secret).toBeDefined();
    autoPlay(ann, fistful);
    autoPlay(bob, fistful);
    await ann.until(() => room.actedBy.includes(0), "Ann acting after the reconnection");
  });

  it("frees a seat left before the start and keeps one left during the game", async () => {
    const ann = await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 3, name: "Ann", token: token("ann") }));
    const bobToken = token("bob");
    const bob = await record("bob", colyseus.sdk.joinById(ann.room.roomId, { name: "Bob", token: bobToken }));
    await bob.room.leave(true);
    await ann.until(() => ann.latest.seats[1]!.kind === "open", "seat 1 free again");
    const cy = await record("cy", colyseus.sdk.joinById(ann.room.roomId, { name: "Cy", token: token("cy") }));
    expect(cy.seat).toBe(1);
    const dee = await record("dee", colyseus.sdk.joinById(ann.room.roomId, { name: "Dee", token: token("dee") }));
    await ann.until(() => ann.latest.status === "playing", "the start");
    await dee.room.leave(true);
    await ann.until(() => ann.latest.seats[2]!.connected === false, "Dee gone");
    expect(ann.latest.seats[2]).toMatchObject({ kind: "human", name: "Dee" });
    await expectJoinRefused(colyseus.sdk.joinById(ann.room.roomId, { name: "Eve", token: token("eve") }), "TABLE_FULL");
  });
});

describe("creating and joining", () => {
  const me = () => ({ name: "Ann", token: token("ann") });

  it("refuses bad create options with a typed reason", async () => {
    const create = (options: Record<string, unknown>) => colyseus.sdk.create(TABLE_ROOM, options);
    await expectJoinRefused(create({ game: "poker", seats: 3, ...me() }), "UNKNOWN_GAME");
    await expectJoinRefused(create({ game: "fistful", seats: 5, ...me() }), "BAD_SETUP");
    await expectJoinRefused(create({ game: "fistful", seats: 9, ...me() }), "BAD_OPTIONS");
    await expectJoinRefused(create({ game: "fistful", seats: 3, bots: [3], ...me() }), "BAD_OPTIONS");
    await expectJoinRefused(create({ game: "fistful", seats: 3, bots: [1, 1], ...me() }), "BAD_OPTIONS");
    await expectJoinRefused(create({ game: "fistful", seats: 3, options: { turbo: true }, ...me() }), "BAD_SETUP");
    await expectJoinRefused(create({ game: "fistful", seats: 2, bots: [0, 1], ...me() }), "TABLE_FULL");
    await expectJoinRefused(create({ game: "fistful", seats: 2, bots: [1], ...me(), seat: 1 }), "SEAT_TAKEN");
    await expectJoinRefused(create({ game: "fistful", seats: 2, name: "Ann", token: "short" }), "BAD_OPTIONS");
    await expectJoinRefused(create({ game: "fistful", seats: 2, name: "Ann" }), "BAD_OPTIONS");
    await expectJoinRefused(create({ game: "fistful", seats: 2, ...me(), colour: "red" }), "BAD_OPTIONS");
    // No refused create left a table behind.
    expect(await matchMaker.query({ name: TABLE_ROOM })).toEqual([]);
  });

  it("refuses joins without a free seat, and seats people where they ask", async () => {
    const ann = await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 3, bots: [1], ...me(), seat: 2 }));
    expect(ann.seat).toBe(2);
    const id = ann.room.roomId;
    await expectJoinRefused(colyseus.sdk.joinById(id, { ...me(), seat: 1 }), "SEAT_TAKEN");
    await expectJoinRefused(colyseus.sdk.joinById(id, { ...me(), seat: 2 }), "SEAT_TAKEN");
    await expectJoinRefused(colyseus.sdk.joinById(id, { ...me(), seat: 7 }), "BAD_OPTIONS");
    await expectJoinRefused(colyseus.sdk.joinById(id, {}), "BAD_OPTIONS");
    const bob = await record("bob", colyseus.sdk.joinById(id, me()));
    expect(bob.seat).toBe(0);
    await expectJoinRefused(colyseus.sdk.joinById(id, me()), "TABLE_FULL");
    const late = await record("late watcher", colyseus.sdk.joinById(id, { spectate: true, ...me() }));
    expect(late.seat).toBeNull();
    expect(late.latest.seats.map((s) => s.kind)).toEqual(["human", "bot", "human"]);
  });
});

async function waitFor(check: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** Kills the client's socket without a close handshake, as a lost network would. */
function terminate(player: Recorder): void {
  (player.room.connection.transport as unknown as { ws: { terminate(): void } }).ws.terminate();
}
