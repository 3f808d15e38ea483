/**
 * Whole games through the real server with real SDK clients, and proof from everything the
 * clients received (decoded states, messages, raw frames) that nothing secret left the server.
 */
import { type Seat, replay } from "@saloon/engine";
import { type TableSnapshot, TABLE_ROOM, decodeResult, decodeView } from "@saloon/protocol";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { TableRoom } from "./table-room.ts";
import { type HiddenHandsState, type HiddenHandsView, hiddenHands } from "./test-games/hidden-hands.ts";
import { type Recorder, type TestServer, autoPlay, bootTestServer, keysOf, record, rngStatesSeen, storedActions, testGames, token } from "./test-support.ts";

let colyseus: TestServer;
beforeAll(async () => {
  // These tests are about whole games, not flood control: the clients play at machine speed.
  colyseus = await bootTestServer({ rateLimit: { perSecond: 1000, burst: 1000 } });
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

/** The seed, the RNG and other seats' private parts never reached this client, in any form. */
function expectNoServerSecrets(player: Recorder, seed: string): void {
  const wire = player.wireText();
  const decoded = player.decodedText();
  // Positive control: every synced text the client ended with is in the raw capture, so searching it means something.
  for (const text of Object.values(player.latest.view)) expect(wire.includes(text), `${player.label}: capture incomplete`).toBe(true);
  expect(wire.includes(seed), `${player.label} received the seed on the wire`).toBe(false);
  expect(decoded.includes(seed), `${player.label} decoded the seed`).toBe(false);

  // RNG states are four 32-bit numbers; look for any of them among the digit runs received.
  const digitRuns = new Set([...`${wire}\n${decoded}`.matchAll(/\d{6,}/g)].map((m) => m[0]));
  const leaked = rngStatesSeen.flat().filter((n) => Math.abs(n) >= 100_000 && digitRuns.has(String(Math.abs(n))));
  expect(leaked, `${player.label} received RNG state numbers`).toEqual([]);

  for (const snapshot of player.snapshots) {
    const view = decodeView<Record<string, unknown>>(snapshot, player.seat ?? null);
    const keys = keysOf(view);
    expect(keys.has("rng") || keys.has("seed"), `${player.label} decoded an rng/seed field`).toBe(false);
    for (const seat of snapshot.seats) {
      // Only the client's own seat may ever carry a secret; a spectator gets none at all.
      if (seat.seat !== player.seat) expect(seat.secret, `${player.label} saw seat ${seat.seat}'s secret`).toBeUndefined();
    }
  }
}

/** Log batches arrive in order and without gaps: each starts where the previous one ended. */
function expectContiguousLog(player: Recorder, total: number): void {
  const batches = player.logMessages();
  expect(batches[0]?.from).toBe(0);
  for (let i = 1; i < batches.length; i++) {
    const batch = batches[i]!;
    if (batch.from !== 0) expect(batch.from).toBe(batches[i - 1]!.to);
  }
  expect(batches.at(-1)?.to).toBe(total);
}

describe("a complete game", () => {
  it("two people, a bot and a spectator play A Fistful of Meeples to the end", async () => {
    const ann = await record(
      "ann",
      colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 3, bots: [2], name: "Ann", token: token("ann") }),
    );
    const tableId = ann.room.roomId;
    const watcher = await record("watcher", colyseus.sdk.joinById(tableId, { spectate: true }));
    expect(watcher.latest.status).toBe("waiting");
    const bob = await record("bob", colyseus.sdk.joinById(tableId, { name: "Bob", token: token("bob") }));
    expect([ann.seat, bob.seat, watcher.seat]).toEqual([0, 1, null]);

    autoPlay(ann, fistful);
    autoPlay(bob, fistful);
    const finished = (player: Recorder) =>
      player.until(() => player.snapshots.find((s) => s.status === "finished"), "the end of the game", 50_000);
    const [end] = await Promise.all([finished(watcher), finished(ann), finished(bob)]);

    const room = serverRoom(ann);
    const result = decodeResult(end);
    expect(result).not.toBeNull();
    expect(result!.lines.map((line) => line.seat)).toEqual([0, 1, 2]);
    expect(result).toEqual(fistful.scores(room["gameState"]));
    for (const player of [ann, bob]) expect(decodeResult(player.latest)).toEqual(result);

    // The store holds the whole action log: replaying it from the seed gives the same game.
    const actions = await storedActions(colyseus, room.roomId);
    expect(end.version).toBe(actions.length);
    expect(room.actedBy).toEqual(actions.map((a) => a.seat));
    expect(new Set(actions.map((a) => a.seat))).toEqual(new Set([0, 1, 2]));
    expect(replay(fistful, room["seed"], 3, {}, actions)).toEqual(room["gameState"]);

    // Everybody, the spectator included, saw the final public view and the whole log.
    expect(decodeView(end, null)).toEqual(JSON.parse(JSON.stringify(fistful.view(room["gameState"], null))));
    for (const player of [ann, bob, watcher]) expectContiguousLog(player, room["events"].length);
    expect(watcher.logMessages().flatMap((m) => m.events)).toEqual(room["events"].toArray());

    for (const player of [ann, bob, watcher]) expectNoServerSecrets(player, room["seed"]);
    for (const player of [ann, bob]) {
      // Each person's own secret (its private keys and prompts) did reach it.
      expect(player.snapshots.some((s) => s.seats[player.seat!]?.secret?.prompt)).toBe(true);
    }
    expect(watcher.snapshots.every((s) => s.seats.every((seat) => seat.secret === undefined))).toBe(true);
    expect(ann.errors()).toEqual([]);
    expect(bob.errors()).toEqual([]);
    // The game waits up to 50 s for its end (above); the test's own limit covers that and the checks
    // after it: beside a loaded CI (two test processes, browsers) the whole game took over 20 s.
  }, 60_000);
});

describe("tables sharing their encoding buffers (table-encoding.ts)", () => {
  it("three tables played at once: each person ends with exactly their own table's state and secrets", async () => {
    const people = await Promise.all(
      ["Ann", "Bob", "Cy"].map((name, i) =>
        record(name, colyseus.sdk.create(TABLE_ROOM, { game: i === 2 ? hiddenHands.id : "fistful", seats: 2, bots: [1], name, token: token(name) })),
      ),
    );
    // A spectator at Ann's table joins while the three play: its full state is encoded between their patches.
    const watcher = await record("watcher", colyseus.sdk.joinById(people[0]!.room.roomId, { spectate: true }));
    people.forEach((person, i) => autoPlay(person, i === 2 ? hiddenHands : fistful));
    await Promise.all(people.map((p) => p.until(() => p.latest.status === "finished", "the end", 20_000)));
    await watcher.until(() => watcher.latest.status === "finished", "the end", 20_000);
    for (const person of [...people, watcher]) {
      const state = serverRoom(person).state;
      expect(person.latest.view, person.label).toEqual(state.view.toJSON());
      expect(person.latest.version, person.label).toBe(state.version);
      for (const [index, seat] of person.latest.seats.entries()) {
        // Its own seat's secret as the server holds it; nobody else's.
        const secret = state.seats[index]!.secret!;
        expect(seat.secret?.view ?? null, `${person.label}, seat ${index}`).toEqual(index === person.seat ? secret.view.toJSON() : null);
      }
    }
  });
});

describe("the log of who sits down", () => {
  it("logs a seat changing hands at info, and its own person coming back to it at debug", async () => {
    const annToken = token("ann");
    const ann = await record("ann", colyseus.sdk.create(TABLE_ROOM, { game: "fistful", seats: 2, name: "Ann", token: annToken }));
    const log = serverRoom(ann).log;
    const info = vi.spyOn(log, "info");
    const debug = vi.spyOn(log, "debug");
    const seatTaken = (spy: typeof info) => spy.mock.calls.filter((call) => call[1] === "seat taken").map((call) => call[0]);
    const bob = await record("bob", colyseus.sdk.joinById(ann.room.roomId, { name: "Bob", token: token("bob") }));
    expect(bob.seat).toBe(1);
    expect(seatTaken(info)).toEqual([expect.objectContaining({ seat: 1, name: "Bob", reclaimed: false, tookBack: false })]);
    // Ann again, from another tab: her own seat, her older connection replaced.
    const annAgain = await record("ann again", colyseus.sdk.joinById(ann.room.roomId, { name: "Ann", token: annToken }));
    expect(annAgain.seat).toBe(0);
    expect(seatTaken(info)).toHaveLength(1);
    expect(seatTaken(debug)).toEqual([expect.objectContaining({ seat: 0, name: "Ann", reclaimed: true })]);
  });
});

describe("hidden information", () => {
  it("each seat sees only its own hand, the spectator only counts, and undealt cards nobody", async () => {
    const ann = await record(
      "ann",
      colyseus.sdk.create(TABLE_ROOM, { game: hiddenHands.id, seats: 3, bots: [1], name: "Ann", token: token("ann") }),
    );
    const tableId = ann.room.roomId;
    const watcher = await record("watcher", colyseus.sdk.joinById(tableId, { spectate: true }));
    const cy = await record("cy", colyseus.sdk.joinById(tableId, { name: "Cy", token: token("cy") }));
    expect([ann.seat, cy.seat]).toEqual([0, 2]);

    // The ante is simultaneous: both people and the bot owe a decision at the same time.
    autoPlay(ann, hiddenHands);
    autoPlay(cy, hiddenHands);
    await Promise.all(
      [ann, cy, watcher].map((p) => p.until(() => p.snapshots.find((s) => s.status === "finished"), "the end", 10_000)),
    );
    // Nobody answered a question twice, even while several seats were asked at once.
    expect(ann.errors()).toEqual([]);
    expect(cy.errors()).toEqual([]);

    const state = serverRoom(ann)["gameState"] as HiddenHandsState;
    const held = (seat: Seat) =>
      new Set([
        ...state.hands[seat]!.map((c) => c.id),
        state.pot[seat]!.id,
        ...state.played.filter((p) => p.seat === seat).map((p) => p.card.id),
      ]);
    const neverShown = [...state.hands.flat(), ...state.pot.map((c) => c!), ...state.deck].map((c) => c.id);
    expect(neverShown.length).toBeGreaterThan(15);

    for (const player of [ann, cy, watcher]) {
      const seat = player.seat ?? null;
      const mine = seat === null ? new Set<string>() : held(seat);
      const wire = player.wireText();
      const decoded = player.decodedText();
      // Positive control: the capture does hold what this client may see, so the absences below mean something.
      for (const id of mine) expect(wire.includes(id), `${player.label} never received its own ${id}`).toBe(true);
      for (const { card } of state.played) expect(wire.includes(card.id)).toBe(true);
      for (const id of neverShown) {
        if (mine.has(id)) continue;
        expect(wire.includes(id), `${player.label} received ${id} on the wire`).toBe(false);
        expect(decoded.includes(id), `${player.label} decoded ${id}`).toBe(false);
      }
      // At every moment, the cards a client could decode were its own or already face up.
      for (const snapshot of player.snapshots) {
        const view = decodeView<HiddenHandsView>(snapshot, seat);
        const faceUp = new Set(view.played.map((p) => p.card.id));
        const visible = JSON.stringify(view).match(/card\d\d/g) ?? [];
        for (const id of visible) expect(mine.has(id) || faceUp.has(id), `${player.label} saw ${id} too early`).toBe(true);
        if (seat === null) {
          expect(view.hand).toBeUndefined();
          expect(view.myAnte).toBeUndefined();
          expect(view.handCounts).toHaveLength(3);
        }
      }
      // Private log events (the card drawn) reached only the seat that drew.
      const draws = player.logMessages().flatMap((m) => m.events.filter((e) => e.type === "drew"));
      expect(draws.every((e) => e.seat === seat)).toBe(true);
      expectNoServerSecrets(player, serverRoom(ann)["seed"]);
    }

    // Each person did receive its own hand.
    expect(decodeView<HiddenHandsView>(ann.latest, 0).hand).toEqual(state.hands[0]);
    expect(decodeView<HiddenHandsView>(cy.latest, 2).hand).toEqual(state.hands[2]);
    expect(watcher.latest.view.hand).toBeUndefined();
    expect(cy.logMessages().flatMap((m) => m.events).filter((e) => e.type === "drew")).toHaveLength(1);

    // Nothing more can be done once the game is over.
    const before: TableSnapshot = ann.latest;
    const error = ann.nextError();
    ann.room.send("action", { type: "play", card: state.hands[0]![0]!.id });
    expect((await error).code).toBe("GAME_OVER");
    expect(serverRoom(ann).state.version).toBe(before.version);
  });
});
